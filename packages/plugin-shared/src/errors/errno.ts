/**
 * The fields Node puts on a failed system call (`fs`, `net`, ...): an errno `code` such as
 * `ENOENT`, the negative `errno` number and the `syscall`; `path` and `dest` when a path was named.
 */
export interface ErrnoFailure extends Error {
  readonly code: string;
  readonly errno: number;
  readonly syscall: string;
  readonly path?: string;
  readonly dest?: string;
}

/**
 * What a local refusal means for the file system: the state it found (`missing`, `exists`,
 * `not-a-directory`, `is-a-directory`, `not-empty`, `symlink-loop`, `name-too-long`,
 * `cross-device`), an access refusal (`access-denied`, `not-permitted`, `read-only`, `busy`), or a
 * resource the instance ran out of (`no-space`, `quota-exceeded`, `too-many-open-files`).
 */
export type FsRefusal =
  | "missing"
  | "exists"
  | "access-denied"
  | "not-permitted"
  | "not-a-directory"
  | "is-a-directory"
  | "not-empty"
  | "symlink-loop"
  | "name-too-long"
  | "cross-device"
  | "no-space"
  | "quota-exceeded"
  | "read-only"
  | "busy"
  | "too-many-open-files";

/**
 * The errno codes kept local, each with its refusal and the words a person reads. Any code not
 * listed (EINVAL, EBADF, EIO, ERR_*, ...) is reportable: a programming error or something unknown.
 */
export const LOCAL_ERRNO_REFUSALS = {
  ENOENT: ["missing", "the file or directory does not exist"],
  EEXIST: ["exists", "something already exists at that path"],
  EACCES: ["access-denied", "permission denied by the file's mode or owner"],
  EPERM: ["not-permitted", "the operation is not permitted on that path"],
  ENOTDIR: ["not-a-directory", "a component of the path is not a directory"],
  EISDIR: ["is-a-directory", "the path is a directory where a file was expected"],
  ENOTEMPTY: ["not-empty", "the directory is not empty"],
  ELOOP: ["symlink-loop", "too many symbolic links (a link loop) while resolving the path"],
  ENAMETOOLONG: ["name-too-long", "the path or a name in it is too long"],
  EXDEV: ["cross-device", "source and destination are on different file systems"],
  ENOSPC: ["no-space", "no space left on the device"],
  EDQUOT: ["quota-exceeded", "the disk quota is exhausted"],
  EROFS: ["read-only", "the file system is mounted read-only"],
  EBUSY: ["busy", "the file or directory is in use"],
  ETXTBSY: ["busy", "the file is busy (a running executable)"],
  EMFILE: ["too-many-open-files", "this process has too many open files"],
  ENFILE: ["too-many-open-files", "the system has too many open files"],
} as const satisfies Record<string, readonly [FsRefusal, string]>;

/** An errno code that {@link classifyErrno} keeps local. */
export type LocalErrnoCode = keyof typeof LOCAL_ERRNO_REFUSALS;

/**
 * The verdict of {@link classifyErrno}. `local`: a file-system state or access refusal, answered
 * to the caller (a 404, a 409, a tool result) and not reported; `message` names the call and path.
 * `reportable`: a programming error or anything unknown, to be thrown on to the problem reporter.
 */
export type ErrnoClassification =
  | {
      readonly disposition: "local";
      readonly code: LocalErrnoCode;
      readonly refusal: FsRefusal;
      readonly message: string;
    }
  | { readonly disposition: "reportable"; readonly code: string | undefined };

/**
 * True when `value` is an error (of any realm) carrying Node's errno fields: a string `code`, a
 * numeric `errno` and a string `syscall`. Node's `ERR_*` errors (bad arguments) do not. Never throws.
 */
export function isErrnoFailure(value: unknown): value is ErrnoFailure {
  // The tag, unlike instanceof, also holds for errors made in another realm (vm, worker).
  if (Object.prototype.toString.call(value) !== "[object Error]") return false;
  const fields = value as Partial<Record<"code" | "errno" | "syscall", unknown>>;
  return (
    typeof fields.code === "string" &&
    typeof fields.errno === "number" &&
    typeof fields.syscall === "string"
  );
}

/**
 * Sorts a caught failure, from its Node errno fields alone, into a local refusal or a reportable
 * error. Only the value itself is read, never its `cause`: a wrapper such as a failed rollback
 * stays reportable whatever it wraps. A value without errno fields (a TypeError, a string, an
 * ElowenError) is reportable. Synchronous; never throws.
 */
export function classifyErrno(error: unknown): ErrnoClassification {
  if (!isErrnoFailure(error)) {
    const code = typeof error === "object" && error !== null ? codeOf(error) : undefined;
    return { disposition: "reportable", code };
  }
  if (!Object.hasOwn(LOCAL_ERRNO_REFUSALS, error.code)) {
    return { disposition: "reportable", code: error.code };
  }
  const code = error.code as LocalErrnoCode;
  const [refusal, words] = LOCAL_ERRNO_REFUSALS[code];
  const target = error.path === undefined ? "" : ` ${error.path}`;
  const dest = error.dest === undefined ? "" : ` -> ${error.dest}`;
  return {
    disposition: "local",
    code,
    refusal,
    message: `${error.syscall}${target}${dest} refused: ${words} (${code})`,
  };
}

function codeOf(error: object): string | undefined {
  const code: unknown = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}
