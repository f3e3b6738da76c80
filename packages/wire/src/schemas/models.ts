import { z } from "zod";

/** One model a session can run on: a configured provider's model, or the offline model. */
export const ModelChoiceSchema = z.strictObject({
  /** The provider as the daemon's configuration names it (`offline`, `anthropic`, `openai`, ...). */
  provider: z.string().min(1).max(64),
  /** The model id the provider knows. */
  id: z.string().min(1).max(200),
  /** What every surface shows. */
  label: z.string(),
});
/** One model a session can run on. */
export type ModelChoice = z.infer<typeof ModelChoiceSchema>;

/**
 * `GET /sessions/:id/model`: the model the session's next turn runs on and every model it may
 * switch to (the configured providers' models and the offline model).
 */
export const SessionModelsSchema = z.strictObject({
  current: ModelChoiceSchema,
  models: z.array(ModelChoiceSchema),
});
/** `GET /sessions/:id/model`. */
export type SessionModels = z.infer<typeof SessionModelsSchema>;

/** `PUT /sessions/:id/model`: the model the session's turns run on from its next turn. */
export const SetSessionModelBodySchema = z.strictObject({
  provider: z.string().min(1).max(64),
  id: z.string().min(1).max(200),
});
/** `PUT /sessions/:id/model`'s body. */
export type SetSessionModelBody = z.infer<typeof SetSessionModelBodySchema>;
