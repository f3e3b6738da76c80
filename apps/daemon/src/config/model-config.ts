import { z } from "zod";

/**
 * The model providers the daemon can talk to. `offline` is the built-in offline model; the others
 * are pi-ai APIs: `anthropic` (Anthropic Messages), `openai` (OpenAI Responses), `openai-completions`
 * (Chat Completions), `codex` (Codex Responses), and `openai-compatible` (Chat Completions at any
 * base URL, such as a local model server).
 */
export const MODEL_PROVIDERS = [
  "offline",
  "anthropic",
  "openai",
  "openai-completions",
  "codex",
  "openai-compatible",
] as const;
/** One model provider. */
export type ModelProviderName = (typeof MODEL_PROVIDERS)[number];

/** Thinking levels a configured model may be asked for. */
export const THINKING_LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh"] as const;

/**
 * The `model` section of `elowen.yaml`. Keys are read from `apiKey`, from the environment variable
 * `apiKeyEnv` names, or from the provider's usual variable (`ANTHROPIC_API_KEY`, `OPENAI_API_KEY`);
 * `ELOWEN_MODEL_PROVIDER`, `ELOWEN_MODEL`, `ELOWEN_MODEL_BASE_URL` and `ELOWEN_API_KEY` override.
 * A key is never written to a log, an event or the journal.
 */
export const ModelConfigSchema = z
  .strictObject({
    provider: z.enum(MODEL_PROVIDERS).default("offline"),
    /** The model id the provider knows (required for every provider but `offline`). */
    id: z.string().min(1).max(200).optional(),
    /** The API's base URL (required for `openai-compatible`). */
    baseUrl: z.url().optional(),
    /** The key itself; prefer `apiKeyEnv` so the file holds no secret. */
    apiKey: z.string().min(1).optional(),
    /** The environment variable holding the key. */
    apiKeyEnv: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "an environment variable name")
      .optional(),
    /** Display label in every surface (default: provider and id). */
    label: z.string().min(1).max(200).optional(),
    contextWindow: z.number().int().min(1024).max(10_000_000).optional(),
    maxTokens: z.number().int().min(1).max(1_000_000).optional(),
    reasoning: z.boolean().optional(),
    thinking: z.enum(THINKING_LEVELS).default("off"),
    /** The offline model's script (YAML); without one it says it is offline. */
    script: z.string().min(1).optional(),
    /**
     * Treat an OpenAI stream that ends without usage as cut off (pi-ai reads a truncated stream as
     * success). Turn off for a server that never reports usage.
     */
    detectTruncation: z.boolean().default(true),
  })
  .superRefine((model, ctx) => {
    if (model.provider !== "offline" && model.id === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["id"],
        message: `model.id is required for ${model.provider}`,
      });
    if (model.provider === "openai-compatible" && model.baseUrl === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["baseUrl"],
        message: "model.baseUrl is required for openai-compatible (the server's /v1 URL)",
      });
    if (model.provider !== "offline" && model.script !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["script"],
        message: "model.script is for the offline model only",
      });
  });
/** The `model` section, validated. */
export type ModelConfig = z.infer<typeof ModelConfigSchema>;
