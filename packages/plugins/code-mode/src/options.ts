import { z } from "zod";

const KiB = 1024;
const MiB = 1024 * KiB;

const int = (field: string, min: number, max: number, unit: string) =>
  z
    .number({ error: `${field} must be a number of ${unit}` })
    .int({ error: `${field} must be a whole number of ${unit}` })
    .min(min, { error: `${field} must be at least ${min} ${unit}` })
    .max(max, { error: `${field} must be at most ${max} ${unit}` });

/**
 * What a host may tune in code mode. Every field is optional; {@link DEFAULT_CODE_MODE_OPTIONS}
 * fills the rest. Ranges are checked by {@link parseCodeModeOptions}.
 */
export const CodeModeOptionsSchema = z.strictObject({
  /** How long exec (and each wait) waits for a cell before it yields and reports it running. */
  yieldAfterMs: int("yieldAfterMs", 1, 600_000, "milliseconds").optional(),
  /** Wall-clock limit of a whole cell, waiting on tools included; the cell is killed past it. */
  cellTimeoutMs: int("cellTimeoutMs", 10, 3_600_000, "milliseconds").optional(),
  /**
   * Longest a script may compute without awaiting; a runaway loop is interrupted past it. At most
   * `cellTimeoutMs`; when left out it is 5 s or `cellTimeoutMs`, whichever is shorter.
   */
  busyLimitMs: int("busyLimitMs", 10, 600_000, "milliseconds").optional(),
  /** Memory a cell's JavaScript heap may use. */
  memoryLimitBytes: int("memoryLimitBytes", 4 * MiB, 1024 * MiB, "bytes").optional(),
  /** Stack a cell's JavaScript may use; deeper recursion fails with a stack overflow. */
  stackLimitBytes: int("stackLimitBytes", 64 * KiB, 1 * MiB, "bytes").optional(),
  /** Nested tool calls one cell may make; later calls fail in the script. */
  maxCallsPerCell: int("maxCallsPerCell", 1, 10_000, "calls").optional(),
  /** Nested calls of one cell running at once; later ones queue in call order. */
  maxConcurrentCalls: int("maxConcurrentCalls", 1, 256, "calls").optional(),
  /** Cells running at once across the host (one worker thread each). */
  maxWorkers: int("maxWorkers", 1, 64, "workers").optional(),
  /** Idle workers kept started, so that a cell starts without loading the engine. */
  warmWorkers: int("warmWorkers", 0, 64, "workers").optional(),
  /** Console output one report carries; the middle of longer output is omitted and counted. */
  maxConsoleChars: int("maxConsoleChars", 100, 1_000_000, "characters").optional(),
  /** The script's return value (or error) in one report; longer text is cut and counted. */
  maxResultChars: int("maxResultChars", 100, 1_000_000, "characters").optional(),
  /** Images of nested results one report attaches for the model; later ones are counted. */
  maxImagesPerReport: int("maxImagesPerReport", 0, 32, "images").optional(),
  /** Whether the direct tools scripts can call are withdrawn from the model's surface. */
  hideDirectTools: z.boolean({ error: "hideDirectTools must be true or false" }).optional(),
});

/** Code-mode options as a host writes them (every field optional). */
export type CodeModeOptions = z.input<typeof CodeModeOptionsSchema>;

/** Code-mode options with every default applied. */
export type ResolvedCodeModeOptions = Required<{
  readonly [K in keyof CodeModeOptions]-?: Exclude<CodeModeOptions[K], undefined>;
}>;

/** The defaults of every code-mode option. */
export const DEFAULT_CODE_MODE_OPTIONS: ResolvedCodeModeOptions = {
  yieldAfterMs: 10_000,
  cellTimeoutMs: 600_000,
  busyLimitMs: 5_000,
  memoryLimitBytes: 64 * MiB,
  stackLimitBytes: 256 * KiB,
  maxCallsPerCell: 1000,
  maxConcurrentCalls: 16,
  maxWorkers: 8,
  warmWorkers: 1,
  maxConsoleChars: 20_000,
  maxResultChars: 20_000,
  maxImagesPerReport: 8,
  hideDirectTools: true,
};

/**
 * Validates options and applies the defaults. Throws a `TypeError` whose message names each bad
 * field and the rule it breaks (unknown fields included), e.g.
 * `invalid code-mode options: yieldAfterMs must be at least 1 milliseconds (got 0)`.
 */
export function parseCodeModeOptions(options: unknown = {}): ResolvedCodeModeOptions {
  const parsed = CodeModeOptionsSchema.safeParse(options);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const field = issue.path.map(String).join(".");
      const got =
        field && typeof options === "object" && options !== null
          ? ` (got ${JSON.stringify((options as Record<string, unknown>)[field]) ?? "undefined"})`
          : "";
      if (issue.code === "unrecognized_keys")
        return `unknown option ${issue.keys.map((key) => JSON.stringify(key)).join(", ")}`;
      return `${issue.message}${got}`;
    });
    throw new TypeError(`invalid code-mode options: ${problems.join("; ")}`);
  }
  const resolved: { -readonly [K in keyof ResolvedCodeModeOptions]: ResolvedCodeModeOptions[K] } = {
    ...DEFAULT_CODE_MODE_OPTIONS,
  };
  for (const [key, value] of Object.entries(parsed.data)) {
    if (value !== undefined) (resolved as Record<string, unknown>)[key] = value;
  }
  if (parsed.data.busyLimitMs === undefined) {
    resolved.busyLimitMs = Math.min(resolved.busyLimitMs, resolved.cellTimeoutMs);
  } else if (resolved.busyLimitMs > resolved.cellTimeoutMs) {
    throw new TypeError(
      `invalid code-mode options: busyLimitMs (${resolved.busyLimitMs}) must not exceed cellTimeoutMs (${resolved.cellTimeoutMs})`,
    );
  }
  return resolved;
}
