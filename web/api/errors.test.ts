import { describe, expect, test } from "bun:test";
import { ApiError, messageOf, refusal, retryAfterSeconds, waitMessage, waitText } from "./errors";

describe("waiting after a 429", () => {
  test("Retry-After in seconds or as an HTTP date; anything else is unknown", () => {
    expect(retryAfterSeconds("120")).toBe(120);
    expect(retryAfterSeconds(" 5 ")).toBe(5);
    const now = Date.parse("2026-11-22T10:00:00Z");
    expect(retryAfterSeconds("Sun, 22 Nov 2026 10:03:00 GMT", now)).toBe(180);
    expect(retryAfterSeconds("Sun, 22 Nov 2026 09:00:00 GMT", now)).toBe(0);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds("soon")).toBeNull();
  });

  test("the wait, rounded up to the unit a person reads", () => {
    expect(waitText(1)).toBe("1 second");
    expect(waitText(45)).toBe("45 seconds");
    expect(waitText(60)).toBe("1 minute");
    expect(waitText(61)).toBe("2 minutes");
    expect(waitText(120)).toBe("2 minutes");
    expect(waitText(900)).toBe("15 minutes");
    expect(waitText(3600)).toBe("1 hour");
    expect(waitText(86_400)).toBe("24 hours");
    expect(waitText(0)).toBe("1 second");
  });

  test("the server's reason is kept, its vague 'try again' replaced by when", () => {
    expect(waitMessage("Too many requests. Please try again later.", 120)).toBe("Too many requests. Please try again in 2 minutes.");
    expect(waitMessage(undefined, 30)).toBe("Too many requests. Please try again in 30 seconds.");
    expect(waitMessage("Several spreadsheets are being read right now. Please try again in a few seconds.", 5)).toBe(
      "Several spreadsheets are being read right now. Please try again in 5 seconds.",
    );
    expect(waitMessage("Too many failed sign-in attempts. Please try again later.", null)).toBe(
      "Too many failed sign-in attempts. Please try again later.",
    );
  });

  test("a refused answer's Retry-After reaches every form's message", async () => {
    const error = await refusal(
      new Response(JSON.stringify({ message: "Too many requests. Please try again later." }), {
        status: 429,
        headers: { "content-type": "application/json", "retry-after": "120" },
      }),
    );
    expect(error.retryAfterSeconds).toBe(120);
    expect(messageOf(error, "There was an error sending your request.")).toBe("Too many requests. Please try again in 2 minutes.");
    // Other refusals keep the server's message as it was sent.
    expect(new ApiError(409, "", { message: "Taken." }).serverMessage).toBe("Taken.");
  });
});
