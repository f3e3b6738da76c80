import { readFileSync } from "node:fs";
import { ElowenError } from "@elowen/plugin-shared/errors";
import { parseDocument } from "yaml";
import { z } from "zod";

/** A tool call the offline model makes. `id` defaults to `offline-<turn>-<step>-<n>`. */
const ScriptToolCallSchema = z.strictObject({
  name: z.string().min(1).max(64),
  args: z.record(z.string(), z.unknown()).default({}),
  id: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, "1 to 64 letters, digits and _.:-")
    .optional(),
});

/**
 * One model response: thinking, then text, then tool calls, in that order. `error` ends the
 * response as a provider error after what it said; `stop: length` as cut at max tokens.
 */
export const ScriptStepSchema = z
  .strictObject({
    thinking: z.string().optional(),
    text: z.string().optional(),
    tools: z.array(ScriptToolCallSchema).max(32).optional(),
    error: z.string().min(1).optional(),
    stop: z.enum(["stop", "length"]).optional(),
  })
  .refine(
    (step) =>
      step.thinking !== undefined ||
      step.text !== undefined ||
      (step.tools?.length ?? 0) > 0 ||
      step.error !== undefined,
    "a step says something: thinking, text, tools or error",
  );
/** One scripted model response. */
export type ScriptStep = z.infer<typeof ScriptStepSchema>;

const ScriptTurnSchema = z.strictObject({ steps: z.array(ScriptStepSchema).min(1).max(1000) });

/**
 * The offline model's script. `turns[i].steps[j]` answers the j-th model request (from 0, a
 * continuation's steps included) of the i-th turn of a session; `agents[k]` the k-th sub-agent
 * run; `review` the skill reviewer's requests: one text answering every review, or a list whose
 * k-th item (a text, or a step that may call tools or fail, to show what the host does then)
 * answers the daemon's k-th review request. Anything unscripted gets the offline notice.
 */
export const OfflineScriptSchema = z.strictObject({
  turns: z.array(ScriptTurnSchema).max(10_000).default([]),
  agents: z.array(ScriptTurnSchema).max(10_000).default([]),
  review: z
    .union([z.string(), z.array(z.union([z.string(), ScriptStepSchema])).max(10_000)])
    .optional(),
});
/** The offline model's script. */
export type OfflineScript = z.infer<typeof OfflineScriptSchema>;

/** A script that cannot be used: every problem by path. */
export class OfflineScriptError extends ElowenError<"model.offline_script_invalid"> {
  override readonly name = "OfflineScriptError";
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super({
      code: "model.offline_script_invalid",
      summary: `the offline model's script ${file} is invalid:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    });
  }
}

/** Parses a script's YAML text; throws {@link OfflineScriptError} naming each bad field. */
export function parseOfflineScript(text: string, file = "(script)"): OfflineScript {
  const document = parseDocument(text, { uniqueKeys: true });
  if (document.errors.length > 0)
    throw new OfflineScriptError(
      file,
      document.errors.map((e) => `(yaml) ${e.message.split("\n")[0] ?? e.message}`),
    );
  const parsed = OfflineScriptSchema.safeParse(document.toJS() ?? {});
  if (!parsed.success)
    throw new OfflineScriptError(
      file,
      parsed.error.issues.map((i) => `${i.path.join(".") || "(script)"}: ${i.message}`),
    );
  return parsed.data;
}

/** Reads and parses a script file. */
export function readOfflineScript(file: string): OfflineScript {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new OfflineScriptError(file, [
      `cannot read it: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    ]);
  }
  return parseOfflineScript(text, file);
}
