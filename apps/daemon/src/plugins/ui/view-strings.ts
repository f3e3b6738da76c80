import type { PluginManifest } from "@elowen/plugin-api";

const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/**
 * A plugin's view strings for a reader: the manifest's default table with one language's
 * overrides on top. `languages` lists the reader's languages in preference order (or is one); the
 * first the manifest overrides wins, matched by its exact tag first, then its primary subtag
 * (`pt-BR`, then `pt`). The same record serves the browser view and the terminal; a plugin
 * without strings gets `{}`.
 */
export function viewStrings(
  manifest: Pick<PluginManifest, "strings">,
  languages: string | readonly (string | undefined)[] | undefined,
): Readonly<Record<string, string>> {
  const strings = manifest.strings;
  if (!strings) return Object.freeze({});
  const table: Record<string, string> = { ...strings.default };
  const overrides = strings.languages ?? {};
  for (const language of typeof languages === "string" ? [languages] : (languages ?? [])) {
    if (!language) continue;
    const found = overrides[language] ?? overrides[language.split("-")[0] ?? language];
    if (found) {
      Object.assign(table, found);
      break;
    }
  }
  return Object.freeze(table);
}

/** The first language of an Accept-Language header or a POSIX locale (`en_US.UTF-8` → `en-US`). */
export function preferredLanguage(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const first = value.split(",")[0]?.split(";")[0]?.trim();
  if (!first || first === "*" || first === "C" || first === "POSIX") return undefined;
  const tag = first.split(".")[0]?.replace("_", "-");
  return tag && LANGUAGE_TAG.test(tag) ? tag : undefined;
}

/**
 * The languages of an Accept-Language header in preference order: by quality (`q`, 1 when
 * absent; the header's order breaks ties), without `*`, refused (`q=0`) or malformed tags.
 */
export function acceptedLanguages(header: string | string[] | undefined): string[] {
  const value = Array.isArray(header) ? header.join(",") : header;
  if (!value) return [];
  return value
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";").map((p) => p.trim());
      const q = params.find((p) => p.startsWith("q="));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((l) => l.quality > 0 && LANGUAGE_TAG.test(l.tag))
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((l) => l.tag);
}

/**
 * The languages a request reads view strings in: its Accept-Language, else (when it names
 * none) the daemon's own language.
 */
export function requestLanguages(
  request: { readonly headers: { readonly "accept-language"?: string | string[] | undefined } },
  daemonLanguage: string | undefined,
): readonly (string | undefined)[] {
  const accepted = acceptedLanguages(request.headers["accept-language"]);
  return accepted.length > 0 ? accepted : [daemonLanguage];
}
