// What a request's Content-Type says its body is.

/** Whether the body is JSON: application/json or a +json type, parameters aside. */
export function isJsonType(contentType: string | null | undefined): boolean {
  const media = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return media === "application/json" || media.endsWith("+json");
}
