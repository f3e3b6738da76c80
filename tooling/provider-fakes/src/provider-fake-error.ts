/** Why a fake refused its script or options. */
export type ProviderFakeErrorCode = "invalid_script" | "invalid_option";

/**
 * Thrown when a fake is started or scripted with something it cannot play. `field` is the path of
 * the offending value (`turns[1].content[0].chunks`); the message says what was expected and what
 * arrived.
 */
export class ProviderFakeError extends Error {
  readonly code: ProviderFakeErrorCode;
  readonly field: string;

  constructor(code: ProviderFakeErrorCode, field: string, expected: string, received: unknown) {
    super(`${field} must be ${expected}; received ${describe(received)}`);
    this.name = "ProviderFakeError";
    this.code = code;
    this.field = field;
  }
}

function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (value === undefined || typeof value === "number" || typeof value === "boolean") {
    return String(value);
  }
  return value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
}
