import type { PluginMutation } from "@elowen/plugin-api";
import { HOOK_PATCH_CAPABILITY, HOOK_PATCH_SCHEMAS, type HookName } from "@elowen/plugin-api/hooks";
import { describeValue, errorMessage } from "@elowen/plugin-shared/errors";
import type { HookAuditOutcome } from "./audit-log.js";
import { isPlainObject } from "./same-value.js";
import { firstIssue, schemaLike } from "./schema-shape.js";

/** What the bus made of a handler's return value. */
export interface ReadResult {
  /** The patch to honour, parsed; absent when there is none or it was dropped. */
  readonly patch?: Readonly<Record<string, unknown>>;
  readonly outcome: Exclude<HookAuditOutcome, "timeout">;
  readonly detail?: string;
  readonly annotations?: Readonly<Record<string, unknown>>;
}

const RESULT_KEYS = new Set(["patch", "annotations", "audit"]);
const NOTHING: ReadResult = { outcome: "ok" };

function joined(...parts: (string | undefined)[]): string | undefined {
  const kept = parts.filter((part): part is string => part !== undefined && part !== "");
  return kept.length === 0 ? undefined : kept.join(" · ");
}

/**
 * Reads `{ patch, annotations, audit }` as a handler returned it. Nothing is fine; anything but
 * an object with those keys is an error (fail open: as if it returned nothing). A patch is
 * honoured only on a gated dispatch of a hook that takes one, in that hook's shape, and with the
 * capability (`mutates`) its mutation needs; otherwise it is dropped and audited.
 */
export function readHookResult(
  name: HookName,
  value: unknown,
  grants: readonly PluginMutation[],
  gated: boolean,
): ReadResult {
  try {
    return read(name, value, grants, gated);
  } catch (error) {
    return { outcome: "error", detail: `returned an unreadable value: ${errorMessage(error)}` };
  }
}

function read(
  name: HookName,
  value: unknown,
  grants: readonly PluginMutation[],
  gated: boolean,
): ReadResult {
  if (value === undefined || value === null) return NOTHING;
  if (!isPlainObject(value))
    return {
      outcome: "error",
      detail: `returned ${describeValue(value)}; a hook returns { patch?, annotations?, audit? } or nothing`,
    };
  const unknownKey = Object.keys(value).find((key) => !RESULT_KEYS.has(key));
  if (unknownKey !== undefined)
    return {
      outcome: "error",
      detail: `returned an unknown key "${unknownKey}"; a hook returns { patch?, annotations?, audit? } or nothing`,
    };
  const audit = typeof value.audit === "string" ? value.audit : undefined;
  const annotations = isPlainObject(value.annotations) ? value.annotations : undefined;
  const noted = joined(
    value.audit !== undefined && audit === undefined ? "audit is not a string; ignored" : undefined,
    value.annotations !== undefined && annotations === undefined
      ? "annotations is not an object; ignored"
      : undefined,
    audit,
  );
  const base = annotations === undefined ? {} : { annotations };
  if (value.patch === undefined)
    return { outcome: "ok", ...base, ...(noted === undefined ? {} : { detail: noted }) };
  const drop = (reason: string): ReadResult => ({
    outcome: "patch-dropped",
    ...base,
    detail: joined(reason, noted) as string,
  });
  if (!gated) return drop("patch dropped: this dispatch is observational and discards patches");
  const schema = (HOOK_PATCH_SCHEMAS as Readonly<Record<string, unknown>>)[name];
  if (schema === undefined) return drop(`patch dropped: ${name} takes no patch`);
  const issue = firstIssue(schemaLike(schema), value.patch, "patch");
  if (issue !== undefined)
    return drop(`patch dropped: it does not match ${name}'s patch (${issue})`);
  const capability = (HOOK_PATCH_CAPABILITY as Readonly<Record<string, PluginMutation>>)[name];
  if (capability !== undefined && !grants.includes(capability))
    return drop(
      `patch dropped: it needs the "${capability}" capability (capabilities.mutates: ["${capability}"]), which this plugin was not granted`,
    );
  return {
    outcome: "ok",
    patch: value.patch as Readonly<Record<string, unknown>>,
    ...base,
    ...(noted === undefined ? {} : { detail: noted }),
  };
}
