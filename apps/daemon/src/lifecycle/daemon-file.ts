import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeTextAtomic } from "@elowen/plugin-shared/atomicText";

/** The file the CLI and scripts read to find a running daemon. */
export const DAEMON_FILE = "daemon.json";

/** What `daemon.json` holds. */
export interface DaemonFile {
  readonly url: string;
  readonly pid: number;
  readonly startedAt: number;
}

/** Writes `<home>/daemon.json` atomically (mode 0600). */
export async function writeDaemonFile(home: string, content: DaemonFile): Promise<string> {
  const file = join(home, DAEMON_FILE);
  await writeTextAtomic(file, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  return file;
}

/** Removes `daemon.json` if it still names this process (a newer daemon may have replaced it). */
export function removeDaemonFile(home: string, pid: number = process.pid): void {
  const file = join(home, DAEMON_FILE);
  try {
    const content = JSON.parse(readFileSync(file, "utf8")) as Partial<DaemonFile>;
    if (content.pid === pid) rmSync(file, { force: true });
  } catch {
    // Already gone or unreadable: nothing of ours to remove.
  }
}
