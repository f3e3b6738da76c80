import type { PluginMutation } from "@elowen/plugin-api";
import { PromptComposeError } from "../prompt-compose-error.js";

/** Who is registering: the host passes this for each plugin it loads. */
export interface PluginIdentity {
  /** The plugin's name; its sections are `<name>:<fragment>`. No `:` and no whitespace. */
  readonly name: string;
  /** The capabilities the operator granted it (`capabilities.mutates`, as granted). */
  readonly grants: readonly PluginMutation[];
  /** The plugin's package root: relative template directories and `prompt/` are read from it. */
  readonly root: string;
}

/** Names of fragments and providers within a plugin: lowercase letters, digits, `-` and `_`, at most 64. */
export const CONTRIBUTION_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** Checks an identity, throwing `invalid-input` naming the field. */
export function checkIdentity(identity: PluginIdentity): void {
  if (typeof identity?.name !== "string" || !/^[^\s:]+$/.test(identity.name)) {
    throw new PromptComposeError(
      "invalid-input",
      `plugin name ${JSON.stringify(identity?.name)} must be non-empty, without ":" or whitespace`,
      {
        field: "name",
      },
    );
  }
  if (!Array.isArray(identity.grants)) {
    throw new PromptComposeError(
      "invalid-input",
      `grants of plugin ${identity.name} must be a list of capabilities`,
      { field: "grants" },
    );
  }
  if (typeof identity.root !== "string" || identity.root === "") {
    throw new PromptComposeError(
      "invalid-input",
      `root of plugin ${identity.name} must be a directory path`,
      { field: "root" },
    );
  }
}

/** Throws `capability-missing` unless the plugin was granted `mutation`. */
export function requireGrant(
  identity: PluginIdentity,
  mutation: PluginMutation,
  what: string,
): void {
  if (!identity.grants.includes(mutation)) {
    throw new PromptComposeError(
      "capability-missing",
      `${what} requires capabilities.mutates: ["${mutation}"], which plugin ${identity.name} was not granted`,
      { field: "capabilities.mutates" },
    );
  }
}

/** Checks a contribution name (default applied by the caller), throwing `invalid-input`. */
export function checkContributionName(name: unknown, field: string): string {
  if (typeof name !== "string" || !CONTRIBUTION_NAME_PATTERN.test(name)) {
    throw new PromptComposeError(
      "invalid-input",
      `${field} ${JSON.stringify(name)} must be 1 to 64 lowercase letters, digits, "-" and "_", starting with a letter or digit`,
      { field },
    );
  }
  return name;
}

/** Throws `invalid-input` unless `value` is a function. */
export function checkFunction(value: unknown, field: string): void {
  if (typeof value !== "function") {
    throw new PromptComposeError(
      "invalid-input",
      `${field} must be a function, got ${typeof value}`,
      { field },
    );
  }
}
