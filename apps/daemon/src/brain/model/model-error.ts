import { ElowenError } from "@elowen/plugin-shared/errors";

/** Why a model, a provider key or a provider connection was refused. */
export const MODEL_ERRORS = {
  keyEmpty: "model.key_empty",
  keyWhitespace: "model.key_whitespace",
  offlineBuiltIn: "model.offline_built_in",
  connectionExists: "model.connection_exists",
} as const;
/** One model error code. */
export type ModelErrorCode = (typeof MODEL_ERRORS)[keyof typeof MODEL_ERRORS];

/**
 * A refusal about models and providers: a key that cannot be stored as given, a provider the
 * caller should not build itself, a connection id used twice. The message names the provider
 * or connection and what to do. (A provider with no key at all throws `MissingApiKeyError`.)
 */
export class ModelError extends ElowenError<ModelErrorCode> {
  override readonly name = "ModelError";
}
