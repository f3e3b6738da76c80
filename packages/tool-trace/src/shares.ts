import { MAX_SHARES_PER_TURN } from "@elowen/plugin-api/limits";
import {
  type SharedFile,
  SharedFileSchema,
  type SharedImage,
  SharedImageSchema,
} from "@elowen/plugin-api/trace";

/** A delivery a share tool claims: exactly one shared image or shared file. */
export type ShareDelivery =
  | { readonly sharedImage: SharedImage }
  | { readonly sharedFile: SharedFile };

/** A parse outcome of share details. */
export type ShareParse =
  | { readonly ok: true; readonly delivery: ShareDelivery }
  | { readonly ok: false; readonly message: string };

function issuesText(
  root: string,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
) {
  return issues
    .map((issue) => `${[root, ...issue.path.map(String)].join(".")}: ${issue.message}`)
    .join("; ");
}

/**
 * The strict share parser: `details` must be exactly `{ sharedImage }` or `{ sharedFile }`, each
 * checked by its schema (a lowercase SHA-256, a MIME type, a byte count, a caption of at most
 * `SHARE_CAPTION_CHARS` characters, a file name for files). Anything else is refused with the
 * field and rule named. Never throws.
 */
export function parseShareDetails(details: unknown): ShareParse {
  if (typeof details !== "object" || details === null || Array.isArray(details))
    return { ok: false, message: "share details: expected { sharedImage } or { sharedFile }" };
  const keys = Object.keys(details);
  if (keys.length !== 1 || (keys[0] !== "sharedImage" && keys[0] !== "sharedFile"))
    return {
      ok: false,
      message: `share details: expected exactly one of sharedImage or sharedFile, received ${keys.join(", ") || "none"}`,
    };
  if (keys[0] === "sharedImage") {
    const parsed = SharedImageSchema.safeParse((details as { sharedImage: unknown }).sharedImage);
    return parsed.success
      ? { ok: true, delivery: { sharedImage: parsed.data } }
      : { ok: false, message: issuesText("sharedImage", parsed.error.issues) };
  }
  const parsed = SharedFileSchema.safeParse((details as { sharedFile: unknown }).sharedFile);
  return parsed.success
    ? { ok: true, delivery: { sharedFile: parsed.data } }
    : { ok: false, message: issuesText("sharedFile", parsed.error.issues) };
}

/** The delivery a result's details claim, if they carry `sharedImage` or `sharedFile` at all. */
export function claimedDelivery(details: unknown): unknown {
  if (typeof details !== "object" || details === null) return undefined;
  const { sharedImage, sharedFile } = details as { sharedImage?: unknown; sharedFile?: unknown };
  if (sharedImage !== undefined) return { sharedImage };
  if (sharedFile !== undefined) return { sharedFile };
  return undefined;
}

/** One held place in the turn's share allowance. */
export interface ShareSlot {
  /** The share succeeded: the place stays spent. Idempotent; no effect after `release`. */
  consume(): void;
  /** The share was refused or failed: the place returns. Idempotent; no effect after `consume`. */
  release(): void;
}

/**
 * The turn's allowance of successful shares (the original turn token nested scopes keep): at most
 * `max` (default `MAX_SHARES_PER_TURN`, 4) places are held or spent at once, so five concurrent
 * share calls produce at most four successful shares whatever the interleaving. A place is taken
 * synchronously, before the share tool yields.
 */
export class ShareAllowance {
  readonly max: number;
  #held = 0;
  #spent = 0;

  constructor(max: number = MAX_SHARES_PER_TURN) {
    if (!Number.isInteger(max) || max < 0)
      throw new RangeError(`ShareAllowance: max must be a non-negative integer, received ${max}`);
    this.max = max;
  }

  /** Successful shares so far. */
  get spent(): number {
    return this.#spent;
  }
  /** Places held by shares still in flight. */
  get held(): number {
    return this.#held;
  }

  /** Takes a place, or answers undefined when every place is held or spent. */
  take(): ShareSlot | undefined {
    if (this.#held + this.#spent >= this.max) return undefined;
    this.#held++;
    let open = true;
    return {
      consume: () => {
        if (!open) return;
        open = false;
        this.#held--;
        this.#spent++;
      },
      release: () => {
        if (!open) return;
        open = false;
        this.#held--;
      },
    };
  }
}
