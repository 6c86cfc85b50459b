import { LoginBody } from "@src/modules/admin/model";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { api, read } from "../../api/client";
import { ApiError, messageOf } from "../../api/errors";
import { usePageTitle } from "../../components/chrome/page-title";
import { PasswordField, SubmitButton, TextField } from "../../components/forms/Field";
import { refusal } from "../../components/forms/refusal";
import { askWhenSignedIn } from "../../lib/signed-in-cookie";

export function AdminLogin({ onSignedIn }: { onSignedIn?: (username: string) => void } = {}) {
  usePageTitle("Admin Login");
  const [, navigate] = useLocation();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  // Someone already signed in has nothing to do here.
  useEffect(() => {
    let live = true;
    askWhenSignedIn(() => read(api.api.admin["check-auth"].get())).then(
      (status) => {
        if (!live) return;
        onSignedIn?.(status.username);
        navigate("/admin", { replace: true });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);

  async function submit(event: Event) {
    event.preventDefault();
    const found = refusal(event, LoginBody, { username, password });
    setFieldErrors(found ?? {});
    if (found) return;
    setBusy(true);
    setError(null);
    try {
      const status = await read(api.api.admin.login.post({ username, password }));
      onSignedIn?.(status.username);
      navigate("/admin");
    } catch (e) {
      setError(e instanceof ApiError ? messageOf(e, "Invalid credentials") : "Login failed. Please try again.");
      setBusy(false);
    }
  }

  /** A field's id, name, value and message; typing in it clears the failure and its own message. */
  const bind = (field: "username" | "password", value: string, set: (v: string) => void) => ({
    id: `admin-${field}`,
    name: field,
    value,
    error: fieldErrors[field] || undefined,
    onInput: (typed: string) => {
      set(typed);
      setError(null);
      if (fieldErrors[field]) setFieldErrors({ ...fieldErrors, [field]: "" });
    },
  });

  return (
    <section class="admin-login">
      <article>
        <header>
          <h1>Admin Login</h1>
          <p>Sign in to work the leads, review enrollments, proofs of coverage and claims, and read the outbox.</p>
        </header>
        <form onSubmit={submit} noValidate>
          {error && (
            <p role="alert" class="form-error">
              {error}
            </p>
          )}
          <TextField {...bind("username", username, setUsername)} label="Username" autoComplete="username" required showRequired={false} />
          <PasswordField {...bind("password", password, setPassword)} label="Password" required showRequired={false} />
          <SubmitButton label="Sign In" pendingLabel="Signing In..." pending={busy} />
        </form>
      </article>
    </section>
  );
}
