import semver from "semver";
import { z } from "zod";
import { COMMAND_NAME_PATTERN } from "./limits.js";

/** The capabilities a plugin may ask the operator to grant (`capabilities.mutates`). */
export const PLUGIN_MUTATIONS = ["tools", "prompt", "runBoundary", "turnContext"] as const;
/** One capability a plugin may ask for. */
export type PluginMutation = (typeof PLUGIN_MUTATIONS)[number];

/** HTTP methods a plugin route may declare. */
export const PLUGIN_ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** One HTTP method a plugin route may declare. */
export type PluginRouteMethod = (typeof PLUGIN_ROUTE_METHODS)[number];

const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*$/;
const ROUTE_SEGMENT = /^(?::[a-zA-Z][a-zA-Z0-9_]*|[a-zA-Z0-9._~-]+)$/;
const PLATFORM = /^[a-z0-9][a-z0-9-]{0,31}$/;
const STRING_KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const LANGUAGE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** A declared HTTP route: a method and a complete pattern under `/plugins/<short name>`. */
export const PluginRouteSchema = z.strictObject({
  method: z.enum(PLUGIN_ROUTE_METHODS),
  path: z
    .string()
    .startsWith("/plugins/", { message: 'a plugin route starts with "/plugins/"' })
    .max(256)
    .refine(
      (path) =>
        path
          .split("/")
          .slice(1)
          .every((segment) => ROUTE_SEGMENT.test(segment)),
      'every segment is a literal of letters, digits and "._~-" or a ":param"',
    ),
});
/** A declared HTTP route. */
export type PluginRoute = z.infer<typeof PluginRouteSchema>;

const StringTableSchema = z.record(
  z
    .string()
    .regex(STRING_KEY, "a string key is a letter followed by letters, digits, '_', '.' or '-'"),
  z.string().max(4096),
);

/** View strings: the default table and per-language overrides, shared by browser and terminal. */
export const PluginStringsSchema = z.strictObject({
  default: StringTableSchema,
  languages: z
    .record(z.string().regex(LANGUAGE, "a language tag such as en or pt-BR"), StringTableSchema)
    .optional(),
});
/** View strings with language overrides. */
export type PluginStrings = z.infer<typeof PluginStringsSchema>;

/**
 * The `elowen` block of a plugin's package.json. `core` is the semver range of the host it needs,
 * `sharedApi` the shared API version it was written against, `uiApi` the host UI API its browser
 * bundle needs (only with `browser`).
 */
export const PluginManifestBlockSchema = z.strictObject({
  entry: z.string().min(1).optional(),
  core: z.string().refine((s) => semver.validRange(s) !== null, "a semver range such as ^0.30.7"),
  sharedApi: z.number().int().positive(),
  uiApi: z.number().int().positive().optional(),
  browser: z.strictObject({ entry: z.string().min(1) }).optional(),
  displayName: z.string().min(1).max(80).optional(),
  capabilities: z
    .strictObject({
      mutates: z.array(z.enum(PLUGIN_MUTATIONS)).max(PLUGIN_MUTATIONS.length).default([]),
    })
    .default({ mutates: [] }),
  provides: z
    .strictObject({
      platforms: z
        .array(
          z.string().regex(PLATFORM, "a platform name is lowercase letters, digits and dashes"),
        )
        .default([]),
    })
    .default({ platforms: [] }),
  strings: PluginStringsSchema.optional(),
  routes: z.array(PluginRouteSchema).max(64).default([]),
  grantable: z.boolean().default(false),
});

/** A validated plugin manifest: the package's name and version plus its `elowen` block. */
export const PluginManifestSchema = z
  .strictObject({
    name: z.string().regex(PACKAGE_NAME, "an npm package name"),
    version: z.string().refine((s) => semver.valid(s) !== null, "a semver version such as 1.2.3"),
    description: z.string().max(500).optional(),
  })
  .extend(PluginManifestBlockSchema.shape)
  .superRefine((manifest, ctx) => {
    if (manifest.browser && manifest.uiApi === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["uiApi"],
        message: "a plugin with a browser bundle declares uiApi",
      });
    }
    const seen = new Set<string>();
    manifest.routes.forEach((route, index) => {
      const key = `${route.method} ${route.path.replace(/:[^/]+/g, ":")}`;
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          path: ["routes", index],
          message: `duplicate route ${key}`,
        });
      seen.add(key);
    });
    if (new Set(manifest.capabilities.mutates).size !== manifest.capabilities.mutates.length) {
      ctx.addIssue({
        code: "custom",
        path: ["capabilities", "mutates"],
        message: "a capability is listed twice",
      });
    }
  });
/** A validated plugin manifest. */
export type PluginManifest = z.infer<typeof PluginManifestSchema>;
/** A manifest as written, before defaults apply. */
export type PluginManifestInput = z.input<typeof PluginManifestSchema>;

/** One problem found in a manifest, with the path of the field that has it. */
export interface ManifestProblem {
  readonly path: string;
  readonly message: string;
}

/** The outcome of reading a manifest. */
export type ManifestParseResult =
  | { readonly ok: true; readonly manifest: PluginManifest }
  | { readonly ok: false; readonly problems: readonly ManifestProblem[]; readonly message: string };

/**
 * Reads a plugin manifest from a package.json object: its `name`, `version`, `description` and
 * its `elowen` block. Never throws; every problem is listed with the path of its field.
 */
export function parsePluginManifest(packageJson: unknown): ManifestParseResult {
  const record =
    typeof packageJson === "object" && packageJson !== null
      ? (packageJson as Record<string, unknown>)
      : {};
  const block = record.elowen;
  if (typeof block !== "object" || block === null) {
    const problems = [
      { path: "elowen", message: 'package.json has no "elowen" block: it is not an Elowen plugin' },
    ];
    return { ok: false, problems, message: problems[0]?.message ?? "" };
  }
  const candidate = {
    name: record.name,
    version: record.version,
    ...(record.description === undefined ? {} : { description: record.description }),
    ...block,
  };
  const parsed = PluginManifestSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, manifest: parsed.data };
  const problems = parsed.error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "(manifest)",
    message: issue.message,
  }));
  const name = typeof record.name === "string" ? record.name : "(unnamed package)";
  return {
    ok: false,
    problems,
    message: `invalid Elowen manifest in ${name}: ${problems.map((p) => `${p.path}: ${p.message}`).join("; ")}`,
  };
}

/** The short name of a plugin package: `@elowen/plugin-skills` → `skills`, `acme-notes` → `acme-notes`. */
export function pluginShortName(packageName: string): string {
  const bare = packageName.replace(/^@[^/]+\//, "");
  return bare.replace(/^(?:elowen-)?plugin-/, "");
}

/** True when `name` is a valid slash command name. */
export function isCommandName(name: string): boolean {
  return COMMAND_NAME_PATTERN.test(name);
}
