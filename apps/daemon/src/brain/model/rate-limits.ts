import type { SessionUsage } from "@elowen/plugin-api/events";

/** One rate-limit window as `$.session.usage()` answers it. */
export type RateLimitWindow = NonNullable<SessionUsage["rateLimits"]>[number];

/**
 * A window named by the headers of one provider family: where its use and its reset are read.
 * `used` answers a percentage from 0 to 100, or null when the headers do not say.
 */
interface WindowReading {
  readonly name: string;
  readonly used: number | null;
  readonly resetsAt: number | null;
}

const ANTHROPIC_PREFIX = "anthropic-ratelimit-";
const OPENAI_LIMIT = /^x-ratelimit-limit-(.+)$/;
const CODEX_USED = /^x-codex-(primary|secondary)-used-percent$/;
const ANTHROPIC_UNIFIED = /^anthropic-ratelimit-unified-([a-z0-9]+)-utilization$/;
const ANTHROPIC_LIMIT = /^anthropic-ratelimit-(requests|tokens|input-tokens|output-tokens)-limit$/;
/** OpenAI's reset durations: `1s`, `6m0s`, `20ms`, `1h2m3.5s`. */
const DURATION_PART = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
const DURATION_WHOLE = /^(?:\d+(?:\.\d+)?(?:ms|h|m|s))+$/;
const UNIT_MS: Readonly<Record<string, number>> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1 };

function finite(text: string | undefined): number | null {
  if (text === undefined || text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Used share of a limit, as a percentage rounded to a tenth and kept within 0 to 100. */
function percent(fraction: number | null): number | null {
  if (fraction === null) return null;
  return Math.round(Math.min(1, Math.max(0, fraction)) * 1000) / 10;
}

/** A percentage the headers give from 0 to 100, kept within it and rounded to a tenth. */
function percentOf100(value: number | null): number | null {
  return value === null ? null : percent(value / 100);
}

function usedOf(limit: string | undefined, remaining: string | undefined): number | null {
  const total = finite(limit);
  const left = finite(remaining);
  if (total === null || left === null || total <= 0) return null;
  return percent((total - left) / total);
}

/** A reset given as an RFC 3339 instant (Anthropic), as epoch milliseconds. */
function instant(text: string | undefined): number | null {
  if (text === undefined) return null;
  const at = Date.parse(text);
  return Number.isFinite(at) ? at : null;
}

/** A reset given as a duration from now (OpenAI's `6m0s`), as epoch milliseconds. */
function after(text: string | undefined, now: number): number | null {
  if (text === undefined || !DURATION_WHOLE.test(text)) return null;
  let ms = 0;
  for (const [, amount, unit] of text.matchAll(DURATION_PART))
    ms += Number(amount) * (UNIT_MS[unit as string] as number);
  return Math.round(now + ms);
}

/** A reset given in seconds since the epoch, as epoch milliseconds. */
function epochSeconds(text: string | undefined): number | null {
  const seconds = finite(text);
  return seconds === null || seconds <= 0 ? null : seconds * 1000;
}

function anthropic(h: Readonly<Record<string, string>>, names: readonly string[]): WindowReading[] {
  const out: WindowReading[] = [];
  for (const name of names) {
    const unified = ANTHROPIC_UNIFIED.exec(name);
    if (unified) {
      const window = unified[1] as string;
      out.push({
        name: window,
        used: percent(finite(h[name])),
        resetsAt: epochSeconds(h[`${ANTHROPIC_PREFIX}unified-${window}-reset`]),
      });
      continue;
    }
    const limit = ANTHROPIC_LIMIT.exec(name);
    if (limit) {
      const kind = limit[1] as string;
      out.push({
        name: kind,
        used: usedOf(h[name], h[`${ANTHROPIC_PREFIX}${kind}-remaining`]),
        resetsAt: instant(h[`${ANTHROPIC_PREFIX}${kind}-reset`]),
      });
    }
  }
  return out;
}

function openai(
  h: Readonly<Record<string, string>>,
  names: readonly string[],
  now: number,
): WindowReading[] {
  const out: WindowReading[] = [];
  for (const name of names) {
    const codex = CODEX_USED.exec(name);
    if (codex) {
      const which = codex[1] as string;
      const resetAfter = finite(h[`x-codex-${which}-reset-after-seconds`]);
      out.push({
        name: which,
        used: percentOf100(finite(h[name])),
        resetsAt:
          resetAfter !== null && resetAfter >= 0
            ? Math.round(now + resetAfter * 1000)
            : epochSeconds(h[`x-codex-${which}-reset-at`]),
      });
      continue;
    }
    const limit = OPENAI_LIMIT.exec(name);
    if (limit) {
      const kind = limit[1] as string;
      out.push({
        name: kind,
        used: usedOf(h[name], h[`x-ratelimit-remaining-${kind}`]),
        resetsAt: after(h[`x-ratelimit-reset-${kind}`], now),
      });
    }
  }
  return out;
}

/**
 * The rate-limit windows a provider's response headers report, in the order of the headers, or an
 * empty list when they report none. Three families are read: Anthropic's
 * (`anthropic-ratelimit-{requests,tokens,input-tokens,output-tokens}-{limit,remaining,reset}`, and
 * a subscription's `anthropic-ratelimit-unified-<window>-{utilization,reset}`), OpenAI's
 * (`x-ratelimit-{limit,remaining,reset}-<kind>`, resets as `6m0s` durations) and Codex's
 * (`x-codex-{primary,secondary}-used-percent` with `-reset-after-seconds` or `-reset-at`). A window
 * whose numbers are missing or malformed keeps its name with `usedPercent` or `resetsAt` null.
 */
export function parseRateLimits(
  headers: Readonly<Record<string, string>>,
  now: number,
): RateLimitWindow[] {
  const h: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) h[name.toLowerCase()] = value;
  const names = Object.keys(h);
  const readings = [...anthropic(h, names), ...openai(h, names, now)];
  const seen = new Set<string>();
  const out: RateLimitWindow[] = [];
  for (const reading of readings) {
    if (seen.has(reading.name)) continue;
    seen.add(reading.name);
    out.push({
      name: reading.name,
      usedPercent: reading.used,
      resetsAt: reading.resetsAt,
    });
  }
  return out;
}

/**
 * The latest rate-limit windows a provider reported, kept across requests: a response that
 * reports none leaves the last known ones in place. `current()` is null until a response reported
 * at least one window.
 */
export class RateLimitTracker {
  #windows: readonly RateLimitWindow[] | null = null;

  constructor(private readonly clock: () => number = Date.now) {}

  /** Reads one response's headers. */
  observe(headers: Readonly<Record<string, string>>): void {
    const windows = parseRateLimits(headers, this.clock());
    if (windows.length > 0) this.#windows = windows;
  }

  /** The windows last reported, or null when none has been. */
  current(): readonly RateLimitWindow[] | null {
    return this.#windows;
  }
}
