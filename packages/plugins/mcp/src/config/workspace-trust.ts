import { createHash } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeJsonAtomic } from "@elowen/plugin-shared/atomicJson";

/** One approval of a workspace's `.mcp.json`: which file, its content hash, who and when. */
export interface WorkspaceApproval {
  readonly file: string;
  readonly sha256: string;
  readonly approvedAt: number;
  readonly approvedBy: number | null;
}

/**
 * The owner's approvals of workspace `.mcp.json` files, kept in `<dataDir>/workspace-approvals.json`.
 * A file is trusted only while its content hashes to what was approved: an edited file asks again.
 */
export class WorkspaceTrust {
  readonly #file: string;

  constructor(dataDir: string) {
    this.#file = join(dataDir, "workspace-approvals.json");
  }

  /** The sha256 of the file's bytes now; undefined when it cannot be read. */
  static hashOf(file: string): string | undefined {
    try {
      return createHash("sha256").update(readFileSync(file)).digest("hex");
    } catch {
      return undefined;
    }
  }

  /** Every approval recorded. */
  list(): readonly WorkspaceApproval[] {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(this.#file, "utf8"));
    } catch {
      return [];
    }
    const approvals = (json as { approvals?: unknown } | null)?.approvals;
    return Array.isArray(approvals) ? (approvals as WorkspaceApproval[]) : [];
  }

  /** Whether the file as it is now was approved. */
  trusted(file: string): boolean {
    const sha256 = WorkspaceTrust.hashOf(file);
    return sha256 !== undefined && this.list().some((a) => a.file === file && a.sha256 === sha256);
  }

  /** Records the owner's approval of the file as it is now; returns it (undefined: no file). */
  async approve(
    file: string,
    approvedBy: number | null,
    now = Date.now(),
  ): Promise<WorkspaceApproval | undefined> {
    const sha256 = WorkspaceTrust.hashOf(file);
    if (sha256 === undefined) return undefined;
    const approval = { file, sha256, approvedAt: now, approvedBy };
    mkdirSync(dirname(this.#file), { recursive: true, mode: 0o700 });
    await writeJsonAtomic(
      this.#file,
      { approvals: [...this.list().filter((a) => a.file !== file), approval] },
      { pretty: true },
    );
    return approval;
  }
}
