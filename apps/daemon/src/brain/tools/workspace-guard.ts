import { existsSync, mkdirSync } from "node:fs";
import { realpath } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { ElowenError } from "@elowen/plugin-shared/errors";

/** A path a workspace tool was asked to touch lies outside the session's workspace. */
export class OutsideWorkspaceError extends ElowenError<"tools.outside_workspace"> {
  override readonly name = "OutsideWorkspaceError";
  constructor(path: string) {
    super({
      code: "tools.outside_workspace",
      summary: `${path} is outside this session's workspace; use a path inside it`,
    });
  }
}

/**
 * The directory a session works in: the workspace it was created with (checked where it entered,
 * never created here), else its own `<root>/<session>`, created on first use. The host is told
 * which one, so the session's workspace skill folders are in the catalog before the turn reads it.
 */
export async function workspaceOf(
  host: {
    readonly store: {
      sessions: { get(id: string): Promise<{ workspace: string | null } | undefined> };
    };
    readonly workspaceRoot: string;
    readonly sessionWorkspaces?: {
      enter(sessionId: string, workspace: string | null): Promise<void>;
    };
  },
  sessionId: string,
): Promise<string> {
  const chosen = (await host.store.sessions.get(sessionId))?.workspace ?? null;
  await host.sessionWorkspaces?.enter(sessionId, chosen);
  return chosen ?? sessionWorkspace(host.workspaceRoot, sessionId);
}

/** The workspace directory of a session without one of its own, created on first use. */
export function sessionWorkspace(root: string, sessionId: string): string {
  const dir = resolve(root, sessionId);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/**
 * Resolves `path` (relative to `root`, or absolute) and checks that it stays inside `root` once
 * links are followed: the nearest existing ancestor's real path must lie inside the root's real
 * path, so a link pointing out is refused. Returns the absolute path; throws
 * {@link OutsideWorkspaceError}. (A link swapped in between the check and the use is not caught:
 * the bash tool runs shell commands in the workspace and asks before it runs.)
 */
export async function confine(root: string, path: string): Promise<string> {
  const absolute = resolve(root, path);
  if (!inside(root, absolute)) throw new OutsideWorkspaceError(path);
  let probe = absolute;
  while (!existsSync(probe) && dirname(probe) !== probe) probe = dirname(probe);
  const [realProbe, realRoot] = await Promise.all([realpath(probe), realpath(root)]);
  if (!inside(realRoot, realProbe)) throw new OutsideWorkspaceError(path);
  return absolute;
}
