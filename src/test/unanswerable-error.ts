/** An error the error handler cannot answer: reading its stack throws, as a stack overflow inside the handler would. */
export function unanswerableError(): Error {
  const error = new Error("unlucky");
  Object.defineProperty(error, "stack", {
    get() {
      throw new RangeError("Maximum call stack size exceeded.");
    },
  });
  return error;
}
