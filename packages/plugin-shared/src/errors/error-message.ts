import { describeValue } from "./describe-value.js";

/**
 * The message of any thrown value, for a log line, an audit entry or an error result. An error (or
 * any object) with a non-empty string `message` gives that message; an error without one gives
 * its `name` (`TypeError`); a thrown string is its own message (even an empty one); anything else is described by
 * `describeValue` (`null`, `the number 5`, `an object`). Total: it never throws, whatever was
 * thrown (`null`, a Proxy, an object whose `message` getter throws), so a catch block that reports
 * with it cannot itself throw. The message is returned as it is, not cut.
 */
export function errorMessage(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null) return describeValue(value);
  try {
    const message: unknown = (value as { readonly message?: unknown }).message;
    if (typeof message === "string" && message !== "") return message;
    if (value instanceof Error || Object.prototype.toString.call(value) === "[object Error]") {
      const name: unknown = (value as { readonly name?: unknown }).name;
      return typeof name === "string" && name !== "" ? name : "an error without a message";
    }
    return describeValue(value);
  } catch {
    return "a thrown value that throws when read";
  }
}
