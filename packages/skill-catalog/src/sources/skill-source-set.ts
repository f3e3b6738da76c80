import { ElowenError } from "@elowen/plugin-shared/errors";
import type { SkillReloadReport } from "../skill-catalog.js";
import type { LabelledSkillSource } from "./agent-skill-sources.js";
import { sourceFingerprint } from "./source-fingerprint.js";
import { SourceWatcher } from "./source-watcher.js";

/** `approve` was given a root that no source needing approval has. */
const SKILL_SOURCE_UNKNOWN_ROOT = "skill_catalog.unknown_source_root";
/** `approve` was given a fingerprint the source no longer has: it changed since it was shown. */
const SKILL_SOURCE_CHANGED = "skill_catalog.source_changed";
/** `approve` on a host that gave the set no approvals store. */
const SKILL_SOURCE_NO_APPROVALS = "skill_catalog.no_approvals";

/** The owner's recorded approvals of untrusted sources: a fingerprint per root. */
export interface SkillSourceApprovals {
  /** The fingerprint the owner approved for `root`, if any. */
  approved(root: string): string | undefined;
  /** Records the owner's approval of `root` as it is now (`fingerprint`). */
  approve(root: string, fingerprint: string): void | Promise<void>;
}

/** One source as a person sees it: where, from whom, and whether it is read. */
export interface SkillSourceStatus {
  readonly contributor: string;
  readonly label: string;
  readonly root: string;
  readonly needsApproval: boolean;
  /** `approved` (or needing none) means the source is read; otherwise it loads nothing. */
  readonly trust: "trusted" | "approved" | "unapproved" | "changed";
  /** The source's current fingerprint, for a source that needs approval. */
  readonly fingerprint?: string;
}

/** What a source set needs: the catalog to load into, the approvals, and the watch settings. */
export interface SkillSourceSetOptions {
  readonly catalog: {
    reloadFromDirectories(
      plugin: string,
      sources: readonly LabelledSkillSource[],
    ): Promise<SkillReloadReport>;
  };
  /** Without approvals, a source that needs approval is never read. */
  readonly approvals?: SkillSourceApprovals;
  /** Watch the sources and reload on change (default true). */
  readonly watch?: boolean;
  /** Quiet time that ends a burst of changes (default 150 ms); a burst never waits past 800 ms. */
  readonly burstMs?: number;
  /** Told of every reload a change on disk caused, and of a reload that failed. */
  readonly onReload?: (report: SkillReloadReport) => void;
  readonly onError?: (error: unknown) => void;
}

/**
 * Labelled Agent Skills folders read in place into the live catalog, one contributor's set at a
 * time: `set` and `add` register sources (a host's standard folders, a plugin's `skills/`), each
 * contributor's sources reloading its whole set. A source that needs approval loads nothing until
 * the owner approves its current fingerprint, and again after any change to it. Changes on disk
 * reach the catalog without a restart: one reload per contributor per burst of changes.
 */
export class SkillSourceSet {
  readonly #options: SkillSourceSetOptions;
  readonly #sources = new Map<string, readonly LabelledSkillSource[]>();
  readonly #watcher: SourceWatcher | undefined;

  constructor(options: SkillSourceSetOptions) {
    this.#options = options;
    this.#watcher =
      options.watch === false
        ? undefined
        : new SourceWatcher({
            burstMs: options.burstMs ?? 150,
            changed: (roots) => this.#reloadChanged(roots),
          });
  }

  /** Replaces the contributor's sources and reloads its set from them. */
  set(contributor: string, sources: readonly LabelledSkillSource[]): Promise<SkillReloadReport> {
    this.#sources.set(contributor, [...sources]);
    return this.reload(contributor);
  }

  /** Adds one source to the contributor's (a plugin's `skills/` folder) and reloads its set. */
  add(contributor: string, source: LabelledSkillSource): Promise<SkillReloadReport> {
    return this.set(contributor, [...(this.#sources.get(contributor) ?? []), source]);
  }

  /** Reloads the contributor's set from its sources, withholding what is not approved. */
  async reload(contributor: string): Promise<SkillReloadReport> {
    const sources = this.#sources.get(contributor) ?? [];
    this.#watcher?.watch(this.#allRoots());
    return this.#options.catalog.reloadFromDirectories(
      contributor,
      sources.map((source) => this.#gated(source)),
    );
  }

  /** Every source with its trust state now. */
  status(): SkillSourceStatus[] {
    return [...this.#sources].flatMap(([contributor, sources]) =>
      sources.map((source) => this.#statusOf(contributor, source)),
    );
  }

  /**
   * Records the owner's approval of the source at `root` in the state `fingerprint` names, and
   * reloads. Refuses (throws) an unknown root, or a fingerprint that is no longer current: the
   * owner approves what is there now, not what was there when they looked.
   */
  async approve(root: string, fingerprint: string): Promise<SkillReloadReport[]> {
    const owners = [...this.#sources].filter(([, sources]) =>
      sources.some((source) => source.root === root && source.needsApproval),
    );
    if (owners.length === 0)
      throw new ElowenError({
        code: SKILL_SOURCE_UNKNOWN_ROOT,
        summary: `no skill source needing approval has root ${JSON.stringify(root)}`,
      });
    const current = sourceFingerprint(root);
    if (current !== fingerprint) {
      throw new ElowenError({
        code: SKILL_SOURCE_CHANGED,
        summary: `${root} changed since it was shown (fingerprint ${current}, not ${fingerprint}); look at it again`,
      });
    }
    if (this.#options.approvals === undefined) {
      throw new ElowenError({
        code: SKILL_SOURCE_NO_APPROVALS,
        summary: "this host records no approvals",
      });
    }
    await this.#options.approvals.approve(root, fingerprint);
    return Promise.all(owners.map(([contributor]) => this.reload(contributor)));
  }

  /** Withdraws the contributor's sources (a removed plugin's folder); its set is emptied. */
  async remove(contributor: string): Promise<SkillReloadReport> {
    this.#sources.delete(contributor);
    const report = await this.#options.catalog.reloadFromDirectories(contributor, []);
    this.#watcher?.watch(this.#allRoots());
    return report;
  }

  /** Stops watching. */
  async close(): Promise<void> {
    await this.#watcher?.close();
  }

  #gated(source: LabelledSkillSource): LabelledSkillSource {
    if (!source.needsApproval) return source;
    const status = this.#statusOf("", source);
    // A folder that is not there holds nothing to approve.
    if (status.trust === "approved" || status.fingerprint === "absent") return source;
    const trust = status.trust;
    const why =
      trust === "changed"
        ? "changed since the instance owner approved it"
        : "is a workspace folder the instance owner has not approved";
    return { ...source, withheld: `${source.root} ${why}; approve it to load its skills` };
  }

  #statusOf(contributor: string, source: LabelledSkillSource): SkillSourceStatus {
    const base = { contributor, label: source.label, root: source.root };
    if (!source.needsApproval) return { ...base, needsApproval: false, trust: "trusted" };
    const fingerprint = sourceFingerprint(source.root);
    const approved = this.#options.approvals?.approved(source.root);
    const trust =
      approved === undefined ? "unapproved" : approved === fingerprint ? "approved" : "changed";
    return { ...base, needsApproval: true, trust, fingerprint };
  }

  #allRoots(): string[] {
    return [...this.#sources.values()].flatMap((sources) => sources.map((source) => source.root));
  }

  async #reloadChanged(roots: ReadonlySet<string>): Promise<void> {
    for (const [contributor, sources] of this.#sources) {
      if (!sources.some((source) => roots.has(source.root))) continue;
      try {
        this.#options.onReload?.(await this.reload(contributor));
      } catch (error) {
        this.#options.onError?.(error);
      }
    }
  }
}
