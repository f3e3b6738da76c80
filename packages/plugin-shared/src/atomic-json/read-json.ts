import { open } from "node:fs/promises";
import { ElowenError } from "../errors/elowen-error.js";
import { isErrnoFailure } from "../errors/errno.js";
import { errorMessage } from "../errors/error-message.js";
import { ATOMIC_JSON_INVALID, ATOMIC_JSON_READ_FAILED, ATOMIC_JSON_TOO_LARGE } from "./codes.js";

/** The default and largest file {@link readJsonStrict} reads: 16 MiB. */
export const JSON_READ_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The outcome of {@link readJsonStrict}: the parsed document (`unknown`, to be checked by the
 * caller, e.g. with `isRecord`) with its size in bytes, or `missing` when no file is at the path.
 */
export type JsonReadResult =
  | { readonly status: "found"; readonly value: unknown; readonly bytes: number }
  | { readonly status: "missing" };

/** Options of {@link readJsonStrict}. */
export interface ReadJsonOptions {
  /** Refuse files larger than this many bytes; 1 to {@link JSON_READ_MAX_BYTES} (the default). */
  readonly maxBytes?: number;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Reads one JSON document strictly. A missing file (ENOENT) is the typed outcome `missing`, not an
 * error. Everything else that is not a valid document throws an ElowenError and leaves the bytes
 * exactly as they are (this function never writes): `atomic_json.invalid` for empty content,
 * invalid UTF-8, a byte-order mark or invalid JSON; `atomic_json.too_large` past `maxBytes`;
 * `atomic_json.read_failed`, with the errno error as `cause`, when the file cannot be read
 * (EACCES, EISDIR, ...; classify the cause with `classifyErrno`).
 */
export async function readJsonStrict(
  path: string,
  options: ReadJsonOptions = {},
): Promise<JsonReadResult> {
  const maxBytes = options.maxBytes ?? JSON_READ_MAX_BYTES;
  if (!Number.isInteger(maxBytes) || maxBytes < 1 || maxBytes > JSON_READ_MAX_BYTES) {
    throw new RangeError(
      `readJsonStrict: maxBytes must be an integer from 1 to ${JSON_READ_MAX_BYTES}, received ${String(maxBytes)}`,
    );
  }
  let bytes: Buffer;
  try {
    bytes = await readLimited(path, maxBytes);
  } catch (error) {
    if (error instanceof ElowenError) throw error;
    if (isErrnoFailure(error) && error.code === "ENOENT") return { status: "missing" };
    throw new ElowenError({
      code: ATOMIC_JSON_READ_FAILED,
      summary: `could not read JSON file ${path}`,
      expected: "a readable regular file",
      received: isErrnoFailure(error) ? error.code : errorMessage(error),
      fix: "check the file's type, owner and mode; the file was not changed",
      cause: error,
    });
  }
  return { status: "found", value: parse(path, bytes), bytes: bytes.length };
}

async function readLimited(path: string, maxBytes: number): Promise<Buffer> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    // One byte past the limit is read so that a file that grew since stat is still refused.
    const buffer = Buffer.alloc(Math.min(size, maxBytes) + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes) {
      throw new ElowenError({
        code: ATOMIC_JSON_TOO_LARGE,
        summary: `JSON file ${path} is too large`,
        expected: `at most ${maxBytes} bytes`,
        received: `${Math.max(size, length)} bytes`,
        fix: "the file was not changed; shrink or remove it, or raise maxBytes",
      });
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

function parse(path: string, bytes: Buffer): unknown {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch (error) {
    throw invalid(path, "bytes that are not valid UTF-8", error);
  }
  if (text.charCodeAt(0) === 0xfeff) throw invalid(path, "a byte-order mark before the document");
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const received = text.trim() === "" ? "an empty file" : errorMessage(error);
    throw invalid(path, received, error);
  }
}

function invalid(path: string, received: string, cause?: unknown): ElowenError {
  return new ElowenError({
    code: ATOMIC_JSON_INVALID,
    summary: `${path} does not hold valid JSON`,
    expected: "one JSON document in UTF-8",
    received,
    fix: "the file was left exactly as it was; repair or remove it by hand",
    ...(cause === undefined ? {} : { cause }),
  });
}
