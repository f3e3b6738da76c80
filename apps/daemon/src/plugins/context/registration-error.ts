import { ElowenError } from "@elowen/plugin-shared/errors";

/** Why a plugin's `ctx.register*` call was refused. */
export const PLUGIN_REGISTRATION_ERRORS = {
  closed: "plugins.registration.closed",
  capabilityMissing: "plugins.registration.capability_missing",
  duplicate: "plugins.registration.duplicate",
  reserved: "plugins.registration.reserved",
  undeclared: "plugins.registration.undeclared",
  contractRefused: "plugins.registration.contract_refused",
} as const;
/** One registration error code. */
export type PluginRegistrationErrorCode =
  (typeof PLUGIN_REGISTRATION_ERRORS)[keyof typeof PLUGIN_REGISTRATION_ERRORS];

/**
 * A registration the host refused while a plugin registers: called after `register(ctx)`
 * returned (`closed`), without the manifest capability it needs (`capability_missing`), a name
 * or slot another plugin (or the same one) holds already (`duplicate`), a core command name
 * (`reserved`), a route the manifest does not declare (`undeclared`), or a contract version the
 * host does not accept (`contract_refused`). The message starts with the method's name and says
 * how to fix the manifest or the call; the loader reports it as the plugin's load error.
 */
export class PluginRegistrationError extends ElowenError<PluginRegistrationErrorCode> {
  override readonly name = "PluginRegistrationError";
}
