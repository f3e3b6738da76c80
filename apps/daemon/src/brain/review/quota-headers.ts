/** One rate-limit window of a subscription, as the provider last reported it. */
export interface QuotaWindow {
  /** A named sub-window (a model family's own weekly limit); the overall window has none. */
  readonly kind?: string;
  readonly windowMinutes: number;
  /** Percent of the window's allowance used (0 to 100; may be NaN when the report was garbled). */
  readonly usedPercent: number;
  /** When the window resets, epoch milliseconds. */
  readonly resetsAt: number;
}

/** What a provider last said about a connection's quota, and when. */
export interface QuotaEvidence {
  /** When the report was read, epoch milliseconds. */
  readonly observedAt: number;
  readonly windows: readonly QuotaWindow[];
}

const ANTHROPIC = /^anthropic-ratelimit-unified-(\d+)([hd])(?:_([a-z0-9_]+))?-utilization$/;
const CODEX = /^x-codex-(primary|secondary)-used-percent$/;

/** A header's number, NaN when present and not a number (evidence that is not finite). */
function numberOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

function anthropicWindows(headers: Readonly<Record<string, string>>): QuotaWindow[] {
  const windows: QuotaWindow[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const match = ANTHROPIC.exec(name);
    if (!match) continue;
    const [, amount = "0", unit, kind] = match;
    const label = `${amount}${unit}${kind === undefined ? "" : `_${kind}`}`;
    const reset = numberOf(headers[`anthropic-ratelimit-unified-${label}-reset`]);
    windows.push({
      ...(kind === undefined ? {} : { kind }),
      windowMinutes: Number(amount) * (unit === "d" ? 1440 : 60),
      // Anthropic reports utilization as a fraction of the window's allowance.
      usedPercent: (numberOf(value) ?? Number.NaN) * 100,
      resetsAt: reset === undefined ? Number.NaN : reset * 1000,
    });
  }
  return windows;
}

function codexWindows(headers: Readonly<Record<string, string>>, now: number): QuotaWindow[] {
  const windows: QuotaWindow[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const match = CODEX.exec(name);
    if (!match) continue;
    const slot = match[1];
    const minutes = numberOf(headers[`x-codex-${slot}-window-minutes`]);
    const resetAt = numberOf(headers[`x-codex-${slot}-reset-at`]);
    const resetAfter = numberOf(headers[`x-codex-${slot}-reset-after-seconds`]);
    windows.push({
      windowMinutes: minutes ?? Number.NaN,
      usedPercent: numberOf(value) ?? Number.NaN,
      resetsAt:
        resetAt !== undefined
          ? resetAt * 1000
          : resetAfter !== undefined
            ? now + resetAfter * 1000
            : Number.NaN,
    });
  }
  return windows;
}

/**
 * Quota evidence a provider's response carries in its headers, read as each response arrives
 * (never polled): Anthropic's unified subscription windows
 * (`anthropic-ratelimit-unified-<n><h|d>[_<kind>]-utilization` and `-reset`, epoch seconds) and
 * the Codex windows (`x-codex-<primary|secondary>-used-percent`, `-window-minutes`, `-reset-at`
 * or `-reset-after-seconds`). Undefined when the response carries none. Header names are read
 * lowercased, as pi-ai hands them.
 */
export function quotaEvidenceFromHeaders(
  headers: Readonly<Record<string, string>>,
  now: number,
): QuotaEvidence | undefined {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  const windows = [...anthropicWindows(lower), ...codexWindows(lower, now)];
  return windows.length === 0 ? undefined : { observedAt: now, windows };
}
