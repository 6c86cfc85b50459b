// Adding a newly eligible employee: the form refuses what the server would refuse, naming
// each field and moving focus to the first; what it sends is the server's payload, and a
// refusal from the server is shown on its fields.
import { afterEach, describe, expect, test } from "bun:test";
import type { EmployeeListItem } from "@src/modules/employees/model";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { currentToast, dismissToast } from "../../components/toast/toast-store";
import { addEmployee, fillNewEmployee, typeInto } from "../../test/new-employee-form";
import { renderAt } from "../../test/render-at";
import { AddEmployeeForm } from "./AddEmployeeForm";

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  dismissToast();
  sessionStorage.clear();
  globalThis.fetch = realFetch;
});

function fakeServer(answer: (body: unknown) => Response) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  globalThis.fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = input instanceof Request ? input.method : (init.method ?? "GET");
    const text = input instanceof Request ? await input.text() : String(init.body ?? "");
    const body = text ? JSON.parse(text) : undefined;
    calls.push({ url: new URL(url, "http://localhost").pathname, method, body });
    return answer(body);
  }) as typeof fetch;
  return calls;
}

function renderForm() {
  const added: EmployeeListItem[][] = [];
  renderAt(<AddEmployeeForm enrollmentId={7} classNames={["Full-time", "Part-time"]} onAdded={(list) => added.push(list)} />);
  return added;
}

const type = typeInto;
const submit = addEmployee;
const fillValid = fillNewEmployee;

describe("Add a newly eligible employee", () => {
  test("an empty form names each required field, sends nothing, and focuses the first", () => {
    const calls = fakeServer(() => Response.json({}));
    renderForm();
    submit();
    expect(screen.getByText("First name is required")).toBeTruthy();
    expect(screen.getByText("Last name is required")).toBeTruthy();
    expect(screen.getByText("Email is required")).toBeTruthy();
    expect(screen.getByText("Hire date is required")).toBeTruthy();
    expect(screen.getByText("Home ZIP is required")).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(document.activeElement?.id).toBe("new-first-name");
  });

  // One field wrong in an otherwise filled form: its own message, nothing sent, focus on it.
  for (const [label, value, message] of [
    ["Home ZIP", "787", "Home ZIP must be in XXXXX or XXXXX-XXXX format"],
    ["Email", "not-an-email", "Invalid email format"],
  ] as const) {
    test(`with only the ${label} wrong ("${value}"), it says "${message}" and focus lands on it`, () => {
      const calls = fakeServer(() => Response.json({}));
      renderForm();
      fillValid();
      type(label, value);
      submit();
      expect(screen.getByText(message)).toBeTruthy();
      expect(calls).toHaveLength(0);
      expect(document.activeElement).toBe(screen.getByLabelText(label, { exact: false }));
    });
  }

  test("sends the payload (no empty work ZIP), hands back the new list and clears the form", async () => {
    const employees = [
      { id: 1, firstName: "Dana", lastName: "Lopez", email: "dana@example.com", inviteStatus: "sent" },
    ] as unknown as EmployeeListItem[];
    const calls = fakeServer(() => Response.json({ employees }, { status: 201 }));
    const added = renderForm();
    fillValid();
    submit();
    await waitFor(() => expect(added).toEqual([employees]));
    expect(calls).toEqual([
      {
        url: "/api/enrollment/7/employees",
        method: "POST",
        body: {
          firstName: "Dana",
          lastName: "Lopez",
          email: "dana@example.com",
          dateOfBirth: "1990-04-02",
          homeZip: "78704",
          className: "Full-time",
          hireDate: "2027-02-10",
        },
      },
    ]);
    const firstName = screen.getByLabelText("First name", { exact: false }) as HTMLInputElement;
    expect(firstName.value).toBe("");
    expect(currentToast.value?.title).toBe("Employee Added");
    // What went out is said: the invitation to register came with the notice.
    expect(currentToast.value?.description).toBe("Dana Lopez was added and emailed an invitation to register, with their ICHRA notice.");
    // The keyboard is on the emptied form, not dropped to the page with the disabled button.
    await waitFor(() => expect(document.activeElement === firstName).toBe(true));
    // Nothing typed is kept once the employee is added.
    cleanup();
    renderForm();
    expect((screen.getByLabelText("First name", { exact: false }) as HTMLInputElement).value).toBe("");
  });

  test("once registration has closed, only the notice goes out, and the toast says so", async () => {
    const employees = [{ id: 1, firstName: "Dana", lastName: "Lopez", email: "dana@example.com", inviteStatus: "not_sent" }];
    fakeServer(() => Response.json({ employees }, { status: 201 }));
    renderForm();
    fillValid();
    submit();
    await waitFor(() => expect(currentToast.value?.description).toBe("Dana Lopez was added and emailed their ICHRA notice."));
  });

  test("a field the server refuses is shown on that field", async () => {
    fakeServer(() =>
      Response.json(
        { message: "Please correct the highlighted fields.", errors: { email: "This email is already on the census." } },
        { status: 400 },
      ),
    );
    renderForm();
    fillValid();
    submit();
    expect(await screen.findByText("This email is already on the census.")).toBeTruthy();
    expect(currentToast.value?.title).toBe("Employee Not Added");
    expect((screen.getByLabelText("First name", { exact: false }) as HTMLInputElement).value).toBe("Dana");
  });

  test("what is typed survives a reload until the employee is added", () => {
    fakeServer(() => Response.json({}));
    renderForm();
    type("First name", "Dana");
    type("Email", "dana@example.com");
    fireEvent.change(screen.getByLabelText("Class", { exact: false }), { target: { value: "Part-time" } });
    cleanup();
    renderForm();
    expect((screen.getByLabelText("First name", { exact: false }) as HTMLInputElement).value).toBe("Dana");
    expect((screen.getByLabelText("Email", { exact: false }) as HTMLInputElement).value).toBe("dana@example.com");
    expect((screen.getByLabelText("Class", { exact: false }) as HTMLSelectElement).value).toBe("Part-time");
  });
});
