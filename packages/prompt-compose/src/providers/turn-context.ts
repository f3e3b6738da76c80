import { TURN_CONTEXT_ENTRY } from "@elowen/plugin-api/journal";
import { HOOK_DEFAULT_BUDGET_MS } from "@elowen/plugin-api/limits";
import {
  TURN_CONTEXT_PLACEMENTS,
  type TurnContextArgs,
  type TurnContextPlacement,
  type TurnContextProvider,
} from "@elowen/plugin-api/prompt-context";
import { describeValue, errorMessage } from "@elowen/plugin-shared/errors";
import type { ComposeProblem } from "../problems.js";
import { boundedCalls } from "./bounded-call.js";
import { failedCallProblem } from "./call-problem.js";
import type { TurnContextRecord } from "./turn-context-record.js";

/** A turn-context provider's text is refused past this many characters (ours). */
export const TURN_CONTEXT_MAX_CHARS = 16_000;

/** The problem codes of a provider that did not answer. */
export const PROVIDER_CODES = { threw: "provider-failed", late: "provider-timeout" } as const;

/** A registered turn-context provider. */
export interface TurnContextRegistration {
  readonly plugin: string;
  readonly name: string;
  /** Where its text goes unless its answer says otherwise. */
  readonly placement: TurnContextPlacement;
  readonly provider: TurnContextProvider;
}

/** The host's clock. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** How to run a composition's providers. */
export interface ProviderRunOptions {
  readonly clock: Clock;
  /** Each provider's time budget; `HOOK_DEFAULT_BUDGET_MS` (2 s) when omitted. */
  readonly budgetMs?: number;
  /** Aborts every provider still running (the turn was cancelled). */
  readonly signal?: AbortSignal;
}

/** What the providers contributed, and which of them failed. */
export interface TurnContextOutcome {
  /** Accepted contributions in registration order, for the host to store as hidden entries. */
  readonly records: readonly TurnContextRecord[];
  readonly problems: readonly ComposeProblem[];
}

/**
 * Runs every turn-context provider once, concurrently, each within its budget, and keeps what they
 * answer as records. The providers share one signal, which aborts when the budget is spent while
 * one still runs or when `options.signal` (the turn) aborts; the budget runs from the last call.
 * A provider may answer a string, `{ text, placement? }`, or nothing
 * (`undefined`, `null`, `""` or blank text): nothing adds no frame. A provider that throws, runs
 * past its budget, answers another shape or an unknown placement, or answers more than
 * {@link TURN_CONTEXT_MAX_CHARS} characters adds nothing and is reported. Never throws.
 */
export async function renderTurnContext(
  registrations: readonly TurnContextRegistration[],
  args: Omit<TurnContextArgs, "signal">,
  options: ProviderRunOptions,
): Promise<TurnContextOutcome> {
  const at = options.clock.now();
  const budget = options.budgetMs ?? HOOK_DEFAULT_BUDGET_MS;
  const problems: ComposeProblem[] = [];
  const outcomes = await boundedCalls(
    // `signal` first: on this V8, keys added after a leading spread take a slow path (~10x).
    registrations.map((r) => (signal: AbortSignal) => r.provider({ signal, ...args })),
    budget,
    options.signal,
  );
  const records: TurnContextRecord[] = [];
  outcomes.forEach((outcome, index) => {
    const r = registrations[index] as TurnContextRegistration;
    const where = { plugin: r.plugin, id: r.name };
    if (!outcome.ok) {
      const subject = {
        what: `turn-context provider ${r.plugin}:${r.name}`,
        ...where,
        budgetMs: budget,
      };
      problems.push(failedCallProblem(outcome, subject, PROVIDER_CODES, "it adds nothing"));
      return;
    }
    const read = readSafely(outcome.value, r.placement);
    if (read === null) return;
    if ("refused" in read) {
      problems.push({
        code: read.refused,
        ...where,
        message: `turn-context provider ${r.plugin}:${r.name} ${read.message}; it adds nothing`,
      });
      return;
    }
    records.push({
      type: TURN_CONTEXT_ENTRY,
      v: 1,
      plugin: r.plugin,
      name: r.name,
      ...read,
      turnId: args.turnId,
      at,
    });
  });
  return { records, problems };
}

/** {@link readAnswer}, with an answer whose getters or proxy traps throw read as invalid. */
function readSafely(
  value: unknown,
  placement: TurnContextPlacement,
): ReturnType<typeof readAnswer> {
  try {
    return readAnswer(value, placement);
  } catch (cause) {
    return {
      refused: "invalid-provider-result",
      message: `answered a value that throws when read (${errorMessage(cause)})`,
    };
  }
}

/** The answer's text and placement, null for no contribution, or what is wrong with it. */
function readAnswer(
  value: unknown,
  placement: TurnContextPlacement,
):
  | { text: string; placement: TurnContextPlacement }
  | { refused: "invalid-provider-result" | "oversized-provider-result"; message: string }
  | null {
  const invalid = (message: string) => ({ refused: "invalid-provider-result" as const, message });
  if (value === undefined || value === null) return null;
  let text: unknown = value;
  if (typeof value === "object" && !Array.isArray(value)) {
    const answer = value as { text?: unknown; placement?: unknown };
    text = answer.text;
    if (answer.placement !== undefined) {
      if (!(TURN_CONTEXT_PLACEMENTS as readonly unknown[]).includes(answer.placement)) {
        return invalid(
          `answered placement ${describeValue(answer.placement)}, not one of ${TURN_CONTEXT_PLACEMENTS.join(", ")}`,
        );
      }
      placement = answer.placement as TurnContextPlacement;
    }
  }
  if (typeof text !== "string") {
    return invalid(
      `answered ${describeValue(value)}: expected a string, { text, placement? } or nothing`,
    );
  }
  if (text.trim() === "") return null;
  if (text.length > TURN_CONTEXT_MAX_CHARS) {
    const message = `answered ${text.length} characters, more than ${TURN_CONTEXT_MAX_CHARS}`;
    return { refused: "oversized-provider-result", message };
  }
  return { text, placement };
}
