import { open, realpath } from "node:fs/promises";
import { isAbsolute, resolve } from "node:path";
import type { Access } from "@elowen/plugin-api/access";
import { confine, OutsideWorkspaceError } from "../tools/workspace-guard.js";

/** The bytes of a file to share, or why it cannot be shared (a sentence for the model and the row). */
export type ShareSource =
  | { readonly ok: true; readonly path: string; readonly bytes: Buffer }
  | { readonly ok: false; readonly reason: string };

/** What a share tool asks of the source module. */
export interface ShareSourceRequest {
  readonly access: Access;
  /** The session's workspace, where relative paths resolve; undefined when it has none. */
  readonly workspace: string | undefined;
  readonly path: string;
  /** The pre-read limit: a larger file is refused before a byte is read. */
  readonly maxBytes: number;
  /** What is shared, for the refusal text ("image", "file"). */
  readonly what: string;
}

const refuse = (reason: string): ShareSource => ({ ok: false, reason });

/**
 * The one source of bytes ShareImage and ShareFile use: the administrator check on
 * all-access turns (such a turn may share any host path, and only an administrator's may),
 * guarded path resolution (otherwise the path must stay inside the session's workspace, links
 * followed), the file stat (a regular file), the pre-read byte limit, and the read (which never
 * takes more than the limit, even from a file that grows after the stat).
 */
export async function readShareSource(request: ShareSourceRequest): Promise<ShareSource> {
  const { access, what, maxBytes } = request;
  if (access.allAccess && !access.isAdmin)
    return refuse(`sharing a host ${what} on an all-access turn is for administrators`);
  let path: string;
  if (access.allAccess) {
    if (!isAbsolute(request.path) && request.workspace === undefined)
      return refuse(`give the ${what}'s absolute path`);
    path = resolve(request.workspace ?? "/", request.path);
  } else {
    if (request.workspace === undefined)
      return refuse(`this session has no workspace to share a ${what} from`);
    try {
      path = await confine(request.workspace, request.path);
    } catch (error) {
      if (error instanceof OutsideWorkspaceError) return refuse(error.message);
      throw error;
    }
  }
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(await realpath(path), "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return refuse(
      code === "ENOENT" ? `no ${what} at ${request.path}` : `cannot open ${request.path}: ${code}`,
    );
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return refuse(`${request.path} is not a regular file`);
    if (stat.size > maxBytes)
      return refuse(`the ${what} is ${stat.size} bytes, more than the ${maxBytes}-byte limit`);
    const chunks: Buffer[] = [];
    let read = 0;
    for (;;) {
      const chunk = Buffer.alloc(64 * 1024);
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, read);
      if (bytesRead === 0) break;
      read += bytesRead;
      if (read > maxBytes)
        return refuse(`the ${what} grew past the ${maxBytes}-byte limit while it was read`);
      chunks.push(chunk.subarray(0, bytesRead));
    }
    return { ok: true, path, bytes: Buffer.concat(chunks, read) };
  } finally {
    await handle.close();
  }
}
