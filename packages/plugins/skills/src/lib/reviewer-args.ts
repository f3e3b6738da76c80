import type { SkillPostTurnReviewArgs } from "@elowen/plugin-api/skills";
import { isRecord } from "@elowen/plugin-shared/record";
import { type ReviewerSettings, settingsError } from "./reviewer-state.js";

/** Settings to save: a number sets one, `null` clears it back to core's value, absent keeps it. */
export type ReviewerSettingsPatch = { readonly [K in keyof ReviewerSettings]?: number | null };

/** Applies a settings patch, refusing a result out of range with a TypeError naming the field. */
export function mergeSettings(
  current: ReviewerSettings,
  patch: ReviewerSettingsPatch,
): ReviewerSettings {
  if (!isRecord(patch))
    throw new TypeError(
      "saveSettings: the settings must be an object of interval, minimum and budget",
    );
  const merged: Record<string, number> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  const problem = settingsError(merged);
  if (problem) throw new TypeError(`saveSettings: ${problem}`);
  return merged;
}

/** Refuses anything but a positive safe-integer account id (a programming error of the caller). */
export function checkUserId(userId: unknown): void {
  if (typeof userId !== "number" || !Number.isSafeInteger(userId) || userId < 1) {
    throw new TypeError(`userId must be a positive integer account id, received ${String(userId)}`);
  }
}

/** Refuses reviewer arguments that break their types (a programming error of core). */
export function checkArgs(args: SkillPostTurnReviewArgs): void {
  checkUserId(args.userId);
  for (const key of ["successfulToolCalls", "budget"] as const) {
    if (!Number.isSafeInteger(args[key]) || args[key] < 0)
      throw new TypeError(`${key} must be a non-negative integer, received ${String(args[key])}`);
  }
  if (!Number.isSafeInteger(args.reviewEveryToolCalls) || args.reviewEveryToolCalls < 1) {
    throw new TypeError(
      `reviewEveryToolCalls must be a positive integer, received ${String(args.reviewEveryToolCalls)}`,
    );
  }
  if (
    !Array.isArray(args.loadedSkillNames) ||
    !args.loadedSkillNames.every((name) => typeof name === "string")
  ) {
    throw new TypeError("loadedSkillNames must be an array of skill names");
  }
  for (const key of ["authorize", "currentBudget", "review"] as const) {
    if (typeof args[key] !== "function") throw new TypeError(`${key} must be a function`);
  }
  if (!(args.signal instanceof AbortSignal)) throw new TypeError("signal must be an AbortSignal");
}
