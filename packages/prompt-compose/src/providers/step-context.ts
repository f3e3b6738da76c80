import { STEP_CONTEXT_ENTRY } from "@elowen/plugin-api/journal";
import { HOOK_DEFAULT_BUDGET_MS, STEP_CONTEXT_MAX_BYTES } from "@elowen/plugin-api/limits";
import type { StepContextArgs, StepContextProvider } from "@elowen/plugin-api/prompt-context";
import { describeValue } from "@elowen/plugin-shared/errors";
import type { ComposeProblem } from "../problems.js";
import { PromptComposeError } from "../prompt-compose-error.js";
import { type BoundedOutcome, boundedCallsNow } from "./bounded-call.js";
import { failedCallProblem } from "./call-problem.js";
import { PROVIDER_CODES, type ProviderRunOptions } from "./turn-context.js";

/** A registered step-context provider. */
export interface StepContextRegistration {
  readonly plugin: string;
  readonly name: string;
  readonly provider: StepContextProvider;
}

/**
 * One step-context reminder as the host stores it: the `data` of a hidden meta entry
 * (`STEP_CONTEXT_ENTRY`) persisted before the model receives it.
 */
export interface StepContextRecord {
  readonly type: typeof STEP_CONTEXT_ENTRY;
  readonly v: 1;
  readonly plugin: string;
  readonly name: string;
  /** At most `STEP_CONTEXT_MAX_BYTES` bytes of UTF-8. */
  readonly text: string;
  /** True when the provider answered more and the text was cut. */
  readonly clamped: boolean;
  readonly turnId: string;
  /** Tool results so far in the turn when it was asked. */
  readonly toolResults: number;
  readonly at: number;
}

const encoder = new TextEncoder();
const clampBuffer = new Uint8Array(STEP_CONTEXT_MAX_BYTES);

/**
 * Clamps text to `maxBytes` bytes of UTF-8 (`STEP_CONTEXT_MAX_BYTES`, 1024, by default) without
 * splitting a character: the result is the longest prefix that fits. A lone surrogate counts as
 * the three bytes of U+FFFD it encodes to.
 */
export function clampUtf8(text: string, maxBytes: number = STEP_CONTEXT_MAX_BYTES): string {
  // Three bytes per UTF-16 unit is the most UTF-8 can take, so shorter text always fits.
  if (text.length * 3 <= maxBytes) return text;
  const buffer = maxBytes === STEP_CONTEXT_MAX_BYTES ? clampBuffer : new Uint8Array(maxBytes);
  const { read } = encoder.encodeInto(text, buffer);
  return read >= text.length ? text : text.slice(0, read);
}

/**
 * True when step context is due after the `toolResults`-th tool result of a turn, at an interval
 * of `interval` tool results (every `interval`-th one). Throws `invalid-input` for an interval
 * that is not a positive integer.
 */
export function isStepContextDue(toolResults: number, interval: number): boolean {
  if (!Number.isInteger(interval) || interval < 1) {
    throw new PromptComposeError(
      "invalid-input",
      `interval must be a positive integer, got ${interval}`,
      {
        field: "interval",
      },
    );
  }
  return toolResults > 0 && toolResults % interval === 0;
}

/** What a step-context render answers: the reminders to store, and what went wrong. */
export interface StepContextRender {
  readonly records: readonly StepContextRecord[];
  readonly problems: readonly ComposeProblem[];
}

/**
 * Asks every step-context provider, concurrently and each within its budget, for a reminder. They
 * share one signal and one deadline, as in `renderTurnContext`. An
 * empty (or blank) answer means none. A longer answer is clamped to `STEP_CONTEXT_MAX_BYTES`.
 * A provider that throws, runs past its budget or answers a non-string adds nothing and is
 * reported. Never throws.
 */
export async function renderStepContext(
  registrations: readonly StepContextRegistration[],
  args: Omit<StepContextArgs, "signal">,
  options: ProviderRunOptions,
): Promise<StepContextRender> {
  return renderStepContextNow(registrations, args, options);
}

/**
 * {@link renderStepContext}, answering the render itself rather than a promise of it when every
 * provider answered synchronously (or the signal had already aborted). A host that holds a write
 * for the reminders' one transaction can tell from this that nothing else ran in between.
 */
export function renderStepContextNow(
  registrations: readonly StepContextRegistration[],
  args: Omit<StepContextArgs, "signal">,
  options: ProviderRunOptions,
): StepContextRender | Promise<StepContextRender> {
  const at = options.clock.now();
  const budget = options.budgetMs ?? HOOK_DEFAULT_BUDGET_MS;
  const outcomes = boundedCallsNow(
    // `signal` first: on this V8, keys added after a leading spread take a slow path (~10x).
    registrations.map((r) => (signal: AbortSignal) => r.provider({ signal, ...args })),
    budget,
    options.signal,
  );
  const render = (answers: readonly BoundedOutcome<unknown>[]) =>
    stepContextRender(registrations, args, answers, at, budget);
  return Array.isArray(outcomes) ? render(outcomes) : outcomes.then(render);
}

function stepContextRender(
  registrations: readonly StepContextRegistration[],
  args: Omit<StepContextArgs, "signal">,
  outcomes: readonly BoundedOutcome<unknown>[],
  at: number,
  budget: number,
): StepContextRender {
  const records: StepContextRecord[] = [];
  const problems: ComposeProblem[] = [];
  outcomes.forEach((outcome, index) => {
    const { plugin, name } = registrations[index] as StepContextRegistration;
    const source = `step-context provider ${plugin}:${name}`;
    if (!outcome.ok) {
      const subject = { what: source, plugin, id: name, budgetMs: budget };
      problems.push(failedCallProblem(outcome, subject, PROVIDER_CODES, "it adds nothing"));
    } else if (typeof outcome.value !== "string") {
      problems.push({
        code: "invalid-provider-result",
        plugin,
        id: name,
        message: `${source} answered ${describeValue(outcome.value)}, not a string; it adds nothing`,
      });
    } else if (outcome.value.trim() !== "") {
      const text = clampUtf8(outcome.value);
      const { turnId, toolResults } = args;
      records.push({
        type: STEP_CONTEXT_ENTRY,
        v: 1,
        plugin,
        name,
        text,
        clamped: text !== outcome.value,
        turnId,
        toolResults,
        at,
      });
    }
  });
  return { records, problems };
}
