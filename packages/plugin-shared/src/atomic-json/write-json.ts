import { type ReplaceFailure, replaceFile } from "../atomic-text/replace-file.js";
import { ElowenError } from "../errors/elowen-error.js";
import { isErrnoFailure } from "../errors/errno.js";
import { errorMessage } from "../errors/error-message.js";
import { ATOMIC_JSON_NOT_SERIALIZABLE, ATOMIC_JSON_WRITE_FAILED } from "./codes.js";

/** Options of {@link writeJsonAtomic}. */
export interface WriteJsonOptions {
  /** Indent with two spaces for files people edit; default `false`: compact, for counters. */
  readonly pretty?: boolean;
}

/**
 * Replaces the file at `path` with `value` as JSON, atomically: it writes a temporary file in the
 * same directory (named per `ATOMIC_TEMP_PATTERN` of `/atomicText`, with the old file's mode), fsyncs it, renames it
 * over `path` and fsyncs the directory. A reader, or a process killed at any moment, sees the old
 * content or the new, never a mix; a killed writer may leave its temporary file behind. The text
 * is `JSON.stringify(value)` plus a newline (two-space indented when `pretty`). Writes to the same
 * path from this process run one at a time in call order, so the last call's value stands.
 * A symbolic link at `path` is replaced, not followed.
 *
 * Throws an ElowenError `atomic_json.not_serializable` (before touching the disk) for a value with
 * no JSON form or with a non-finite number, bigint or cycle; `atomic_json.write_failed`, with the
 * errno error as `cause` and the old file in place, when a step fails (classify the cause with
 * `classifyErrno`). A directory that cannot be fsynced (EINVAL, ENOTSUP) is tolerated.
 */
export function writeJsonAtomic(
  path: string,
  value: unknown,
  options: WriteJsonOptions = {},
): Promise<void> {
  let text: string;
  try {
    text = `${serialize(path, value, options.pretty === true)}\n`;
  } catch (error) {
    return Promise.reject(error);
  }
  return replaceFile(path, text, {}, (failure) => writeFailed(path, failure));
}

function serialize(path: string, value: unknown, pretty: boolean): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value, rejectLossyNumbers, pretty ? 2 : undefined);
  } catch (error) {
    throw notSerializable(path, errorMessage(error), error);
  }
  if (text === undefined) throw notSerializable(path, `a value of type ${typeof value}`);
  return text;
}

function rejectLossyNumbers(key: string, value: unknown): unknown {
  // JSON.stringify would silently write null for these and lose the counter.
  if (typeof value === "number" && !Number.isFinite(value)) {
    throw new TypeError(`${String(value)} at key ${JSON.stringify(key)} has no JSON form`);
  }
  return value;
}

function notSerializable(path: string, received: string, cause?: unknown): ElowenError {
  return new ElowenError({
    code: ATOMIC_JSON_NOT_SERIALIZABLE,
    summary: `cannot write ${path}: the value has no faithful JSON form`,
    expected: "null, booleans, strings, finite numbers, arrays and plain objects, without cycles",
    received,
    fix: "convert the value (bigint to string, drop functions and cycles); nothing was written",
    ...(cause === undefined ? {} : { cause }),
  });
}

function writeFailed(path: string, { step, cause }: ReplaceFailure): ElowenError {
  return new ElowenError({
    code: ATOMIC_JSON_WRITE_FAILED,
    summary: `could not write JSON file ${path}`,
    expected: `to ${step}`,
    received: isErrnoFailure(cause) ? `${cause.code} from ${cause.syscall}` : errorMessage(cause),
    fix: "check that the directory exists, is writable and has space",
    cause,
  });
}
