import { describeValue } from "../errors/describe-value.js";
import { ElowenError } from "../errors/elowen-error.js";
import { isErrnoFailure } from "../errors/errno.js";
import { errorMessage } from "../errors/error-message.js";
import { ATOMIC_TEXT_INVALID_INPUT, ATOMIC_TEXT_WRITE_FAILED } from "./codes.js";
import { type ReplaceFailure, replaceFile } from "./replace-file.js";

/** Options of {@link writeTextAtomic}. */
export interface WriteTextOptions {
  /**
   * The file's permission bits (`0o600` for a secret), applied exactly, whatever the umask. By
   * default the replaced file's mode is kept, and a new file gets 0o666 less the umask.
   */
  readonly mode?: number;
}

/**
 * Replaces the file at `path` with `text` as UTF-8, atomically: it writes a temporary file in the
 * same directory (named per `ATOMIC_TEMP_PATTERN`), fsyncs it, renames it over `path` and fsyncs
 * the directory. A reader, or a process killed at any moment, sees the old content or the new,
 * never a mix; a killed writer may leave its temporary file behind (a failed step removes it).
 * Writes to one path from this process run one at a time in call order, so the last call's text
 * stands. A symbolic link at `path` is replaced, not followed. The directory must exist.
 *
 * Throws an ElowenError `atomic_text.invalid_input` (before touching the disk) for a `text` that
 * is not a string or a `mode` that is not an integer from 0 to 0o7777; `atomic_text.write_failed`,
 * with the errno error as `cause` and the old file in place, when a step fails (classify the cause
 * with `classifyErrno`). A directory that cannot be fsynced (EINVAL, ENOTSUP) is tolerated.
 */
export function writeTextAtomic(
  path: string,
  text: string,
  options: WriteTextOptions = {},
): Promise<void> {
  const mode = options.mode;
  if (typeof text !== "string" || typeof path !== "string" || path === "") {
    const [field, value] = typeof text !== "string" ? ["text", text] : ["path", path];
    return Promise.reject(
      invalidInput(
        `writeTextAtomic: ${field} is not usable`,
        field === "text" ? "a string" : "a non-empty path string",
        describeValue(value),
        `pass the ${field} as a string; nothing was written`,
      ),
    );
  }
  if (mode !== undefined && !(Number.isInteger(mode) && mode >= 0 && mode <= 0o7777)) {
    return Promise.reject(
      invalidInput(
        "writeTextAtomic: mode is not a file mode",
        "an integer from 0 to 0o7777 (e.g. 0o600)",
        describeValue(mode),
        "pass an octal mode such as 0o600, or leave mode out; nothing was written",
      ),
    );
  }
  return replaceFile(path, text, { mode }, (failure) => writeFailed(path, failure));
}

function invalidInput(
  summary: string,
  expected: string,
  received: string,
  fix: string,
): ElowenError {
  return new ElowenError({ code: ATOMIC_TEXT_INVALID_INPUT, summary, expected, received, fix });
}

function writeFailed(path: string, { step, cause }: ReplaceFailure): ElowenError {
  return new ElowenError({
    code: ATOMIC_TEXT_WRITE_FAILED,
    summary: `could not write ${path}`,
    expected: `to ${step}`,
    received: isErrnoFailure(cause) ? `${cause.code} from ${cause.syscall}` : errorMessage(cause),
    fix: "check that the directory exists, is writable and has space; the old file was kept",
    cause,
  });
}
