import { ProviderFakeError } from "./provider-fake-error.js";
import type { FakeTurn } from "./script.js";

const STOP_REASONS = ["stop", "length", "toolUse"];
const INTERRUPTIONS = ["error", "cut", "truncate", "stall"];

type Checked = Record<string, unknown>;

function fail(field: string, expected: string, received: unknown): never {
  throw new ProviderFakeError("invalid_script", field, expected, received);
}

function record(value: unknown, field: string, expected = "an object"): Checked {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    fail(field, expected, value);
  }
  return value as Checked;
}

function optional(
  obj: Checked,
  key: string,
  field: string,
  check: (value: unknown, at: string) => void,
): void {
  if (obj[key] !== undefined) check(obj[key], `${field}.${key}`);
}

/** Throws unless `value` is an integer in [min, max]; the message names `field` and the range. */
export function checkInteger(
  value: unknown,
  field: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
  code: "invalid_script" | "invalid_option" = "invalid_script",
): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    const range =
      max === Number.MAX_SAFE_INTEGER
        ? `an integer of at least ${min}`
        : `an integer from ${min} to ${max}`;
    throw new ProviderFakeError(code, field, range, value);
  }
}

const positive = (value: unknown, at: string) => checkInteger(value, at, 1);
const count = (value: unknown, at: string) => checkInteger(value, at, 0);

function nonEmptyString(value: unknown, field: string): void {
  if (typeof value !== "string" || value.length === 0) fail(field, "a non-empty string", value);
}

function string(value: unknown, field: string): void {
  if (typeof value !== "string") fail(field, "a string", value);
}

function text(value: unknown, field: string): void {
  if (typeof value === "string") return;
  if (!Array.isArray(value)) fail(field, "a string or an array of strings", value);
  for (const [i, piece] of value.entries()) string(piece, `${field}[${i}]`);
}

function headers(value: unknown, field: string): void {
  const obj = record(value, field, "an object of header strings");
  for (const [name, v] of Object.entries(obj)) string(v, `${field}.${name}`);
}

function block(value: unknown, field: string): void {
  const obj = record(value, field);
  optional(obj, "chunks", field, positive);
  if (obj.type === "text") {
    text(obj.text, `${field}.text`);
    return;
  }
  if (obj.type === "thinking") {
    text(obj.thinking, `${field}.thinking`);
    optional(obj, "signature", field, string);
    return;
  }
  if (obj.type !== "toolCall") fail(`${field}.type`, '"text", "thinking" or "toolCall"', obj.type);
  nonEmptyString(obj.name, `${field}.name`);
  optional(obj, "id", field, nonEmptyString);
  const args = obj.arguments;
  if (typeof args === "object" && args !== null && !Array.isArray(args)) return;
  if (typeof args === "string" || Array.isArray(args)) {
    text(args, `${field}.arguments`);
    return;
  }
  fail(`${field}.arguments`, "an object, a JSON string or an array of JSON pieces", args);
}

function usage(value: unknown, field: string): void {
  const obj = record(value, field);
  count(obj.input, `${field}.input`);
  count(obj.output, `${field}.output`);
  optional(obj, "cacheRead", field, count);
  optional(obj, "cacheWrite", field, count);
}

function interruption(value: unknown, field: string): void {
  const obj = record(value, field);
  if (typeof obj.type !== "string" || !INTERRUPTIONS.includes(obj.type)) {
    fail(`${field}.type`, '"error", "cut", "truncate" or "stall"', obj.type);
  }
  optional(obj, "afterEvents", field, count);
  if (obj.type !== "error") return;
  string(obj.message, `${field}.message`);
  optional(obj, "errorType", field, nonEmptyString);
}

function reply(obj: Checked, field: string): void {
  if (!Array.isArray(obj.content)) fail(`${field}.content`, "an array of blocks", obj.content);
  for (const [i, b] of obj.content.entries()) block(b, `${field}.content[${i}]`);
  optional(obj, "chunks", field, positive);
  optional(obj, "usage", field, usage);
  optional(obj, "model", field, nonEmptyString);
  optional(obj, "wireStopReason", field, nonEmptyString);
  optional(obj, "interrupt", field, interruption);
  optional(obj, "headers", field, headers);
  const stop = obj.stopReason;
  if (stop !== undefined && (typeof stop !== "string" || !STOP_REASONS.includes(stop))) {
    fail(`${field}.stopReason`, '"stop", "length" or "toolUse"', stop);
  }
}

function httpError(obj: Checked, field: string): void {
  checkInteger(obj.status, `${field}.status`, 400, 599);
  string(obj.message, `${field}.message`);
  optional(obj, "errorType", field, nonEmptyString);
  optional(obj, "retryAfterMs", field, count);
  optional(obj, "headers", field, headers);
  optional(obj, "body", field, string);
  if (obj.retry !== undefined && typeof obj.retry !== "boolean") {
    fail(`${field}.retry`, "a boolean", obj.retry);
  }
}

/**
 * Checks one scripted turn at `field` (`turns[3]`) and throws `ProviderFakeError` naming the first
 * offending value, so a test fails where it is written rather than in the middle of a stream.
 */
export function validateTurn(value: unknown, field: string): asserts value is FakeTurn {
  const obj = record(value, field);
  if (obj.type === "reply") reply(obj, field);
  else if (obj.type === "httpError") httpError(obj, field);
  else if (obj.type !== "disconnect") {
    fail(`${field}.type`, '"reply", "httpError" or "disconnect"', obj.type);
  }
}
