import type { PluginManifest } from "@elowen/plugin-api";

/**
 * A plugin's view strings for a language: the manifest's default table with the language's
 * overrides on top (an exact tag first, then its primary subtag: `pt-BR`, then `pt`). The same
 * record serves the browser view and the terminal; a plugin without strings gets `{}`.
 */
export function viewStrings(
  manifest: Pick<PluginManifest, "strings">,
  language: string | undefined,
): Readonly<Record<string, string>> {
  const strings = manifest.strings;
  if (!strings) return Object.freeze({});
  const table: Record<string, string> = { ...strings.default };
  if (language) {
    const languages = strings.languages ?? {};
    const primary = language.split("-")[0] ?? language;
    const overrides = languages[language] ?? languages[primary];
    if (overrides) Object.assign(table, overrides);
  }
  return Object.freeze(table);
}

/** The first language of an Accept-Language header or a POSIX locale (`en_US.UTF-8` → `en-US`). */
export function preferredLanguage(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const first = value.split(",")[0]?.split(";")[0]?.trim();
  if (!first || first === "*" || first === "C" || first === "POSIX") return undefined;
  const tag = first.split(".")[0]?.replace("_", "-");
  return tag && /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(tag) ? tag : undefined;
}
