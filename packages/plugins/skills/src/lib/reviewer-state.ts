import { mkdir, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { SKILL_REVIEW_DEFAULT_INTERVAL } from "@elowen/plugin-api/limits";
import type { SkillReviewerStatus, SkillReviewLastOutcome } from "@elowen/plugin-api/skills";
import { readJsonStrict, writeJsonAtomic } from "@elowen/plugin-shared/atomicJson";
import { ElowenError } from "@elowen/plugin-shared/errors";
import { isRecord } from "@elowen/plugin-shared/record";
import {
  REVIEW_BUDGET_MAX,
  REVIEW_DETAIL_MAX_CHARS,
  REVIEW_INTERVAL_MAX,
  REVIEW_STATE_MAX_BYTES,
} from "./limits.js";

/** The code of a persisted reviewer state that is not exactly the expected document. */
export const REVIEWER_STATE_INVALID = "skills.reviewer_state_invalid";

/** Settings an account saved explicitly; each survives every state write until changed. */
export interface ReviewerSettings {
  /** Review every this many successful tool calls, instead of core's `reviewEveryToolCalls`. */
  readonly interval?: number;
  /** An exchange with fewer successful tool calls than this does not count toward the cadence. */
  readonly minimum?: number;
  /** At most this many writes per review, below core's `budget`; 0 disables learning. */
  readonly budget?: number;
}

/** One account's persisted reviewer state (version 1). */
export interface ReviewerState {
  readonly version: 1;
  readonly pendingCalls: number;
  /** The cadence in force at the last exchange. */
  readonly interval: number;
  readonly settings: ReviewerSettings;
  readonly totals: SkillReviewerStatus["totals"];
  readonly last: {
    readonly outcome: SkillReviewLastOutcome;
    readonly at: number;
    readonly detail?: string;
  } | null;
}

/** The state of an account the reviewer has not seen. */
export const INITIAL_STATE: ReviewerState = {
  version: 1,
  pendingCalls: 0,
  interval: SKILL_REVIEW_DEFAULT_INTERVAL,
  settings: {},
  totals: { reviews: 0, created: 0, patched: 0, failed: 0 },
  last: null,
};

/** Where an account's state lives under the plugin's data directory. */
export function statePath(dataDir: string, userId: number): string {
  return join(dataDir, "reviewer", `${userId}.json`);
}

/**
 * Reads an account's state strictly: a missing file is the initial state; anything that is not
 * exactly a version-1 document (invalid JSON, a missing or extra key, a wrong type) throws
 * `skills.reviewer_state_invalid` and leaves the bytes as they are.
 */
export async function readState(dataDir: string, userId: number): Promise<ReviewerState> {
  const path = statePath(dataDir, userId);
  const read = await readJsonStrict(path, { maxBytes: REVIEW_STATE_MAX_BYTES });
  if (read.status === "missing") return INITIAL_STATE;
  const problem = stateProblem(read.value);
  if (problem !== undefined) {
    throw new ElowenError({
      code: REVIEWER_STATE_INVALID,
      summary: `the skill reviewer's state for account ${userId} is invalid`,
      expected: "a version-1 reviewer state document",
      received: problem,
      fix: `repair or remove ${path}; it was left as it is`,
    });
  }
  return read.value as ReviewerState;
}

/** Writes an account's state atomically and compactly. */
export async function writeState(
  dataDir: string,
  userId: number,
  state: ReviewerState,
): Promise<void> {
  const last =
    state.last?.detail === undefined
      ? state.last
      : { ...state.last, detail: state.last.detail.slice(0, REVIEW_DETAIL_MAX_CHARS) };
  const path = statePath(dataDir, userId);
  await mkdir(dirname(path), { recursive: true });
  await writeJsonAtomic(path, { ...state, last });
}

/** Deletes an account's state (the account was removed). */
export async function removeState(dataDir: string, userId: number): Promise<void> {
  await rm(statePath(dataDir, userId), { force: true });
}

const count = (value: unknown) =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
const OUTCOMES: readonly unknown[] = ["completed", "skipped", "failed", "aborted"];

function exactKeys(
  value: Record<string, unknown>,
  required: readonly string[],
  optional: readonly string[] = [],
): boolean {
  const keys = Object.keys(value);
  return (
    required.every((key) => key in value) &&
    keys.every((key) => required.includes(key) || optional.includes(key))
  );
}

/** Why a value is not a version-1 state, or `undefined` when it is one. */
export function stateProblem(value: unknown): string | undefined {
  if (
    !isRecord(value) ||
    !exactKeys(value, ["version", "pendingCalls", "interval", "settings", "totals", "last"])
  ) {
    return "an object with exactly version, pendingCalls, interval, settings, totals and last";
  }
  if (value.version !== 1) return `version ${JSON.stringify(value.version)}`;
  if (!count(value.pendingCalls)) return "pendingCalls that is not a non-negative integer";
  if (!count(value.interval) || (value.interval as number) < 1)
    return "an interval that is not a positive integer";
  const settingsProblem = settingsError(value.settings);
  if (settingsProblem) return settingsProblem;
  const totals = value.totals;
  const totalKeys = ["reviews", "created", "patched", "failed"];
  if (
    !isRecord(totals) ||
    !exactKeys(totals, totalKeys) ||
    !totalKeys.every((key) => count(totals[key]))
  ) {
    return "totals that are not exactly reviews, created, patched and failed counts";
  }
  const last = value.last;
  if (last === null) return undefined;
  if (
    !isRecord(last) ||
    !exactKeys(last, ["outcome", "at"], ["detail"]) ||
    !OUTCOMES.includes(last.outcome) ||
    !count(last.at)
  ) {
    return "a last outcome that is not null or { outcome, at, detail? }";
  }
  return last.detail === undefined || typeof last.detail === "string"
    ? undefined
    : "a last.detail that is not text";
}

/** Why saved settings are not valid, or `undefined`; shared by the state check and `saveSettings`. */
export function settingsError(value: unknown): string | undefined {
  if (!isRecord(value) || !exactKeys(value, [], ["interval", "minimum", "budget"])) {
    return "settings that are not an object of interval, minimum and budget";
  }
  const ranges = {
    interval: [1, REVIEW_INTERVAL_MAX],
    minimum: [0, REVIEW_INTERVAL_MAX],
    budget: [0, REVIEW_BUDGET_MAX],
  } as const;
  for (const [key, [min, max]] of Object.entries(ranges)) {
    const setting = value[key];
    if (setting === undefined) continue;
    if (!count(setting) || (setting as number) < min || (setting as number) > max) {
      return `settings.${key} must be an integer from ${min} to ${max}, received ${JSON.stringify(setting)}`;
    }
  }
  return undefined;
}
