import { HOST_UI_API_VERSION } from "@elowen/plugin-api";
import type { PluginBrowserBundle } from "@elowen/plugin-api/browser";
import { checkUiApi } from "@elowen/plugin-api/versions";

/** A browser bundle that passed {@link checkPluginBundle}, or why it was refused. */
export type BundleCheck =
  | { readonly ok: true; readonly bundle: PluginBrowserBundle<HTMLElement> }
  | { readonly ok: false; readonly message: string };

/**
 * Checks a plugin's loaded browser bundle module against the host UI API this web client serves
 * ({@link HOST_UI_API_VERSION}). A bundle declaring another UI API is refused by the loader's own
 * rule (`checkUiApi`), its message naming both sides; a malformed one is refused naming the field
 * and the rule. `declaredUiApi` is the manifest's `uiApi`, when the listing gave it: it must agree.
 */
export function checkPluginBundle(
  plugin: string,
  module: unknown,
  declaredUiApi?: number,
  hostUiApi: number = HOST_UI_API_VERSION,
): BundleCheck {
  const refuse = (message: string): BundleCheck => ({ ok: false, message });
  const bundle = (module as { default?: unknown } | null)?.default;
  if (typeof bundle !== "object" || bundle === null)
    return refuse(
      `${plugin}'s browser bundle has no default export: it must export { uiApi, views }`,
    );
  const { uiApi, views } = bundle as { uiApi?: unknown; views?: unknown };
  if (typeof uiApi !== "number" || !Number.isInteger(uiApi))
    return refuse(
      `${plugin}'s browser bundle: default.uiApi must be an integer (the host UI API it needs)`,
    );
  const needed = declaredUiApi ?? uiApi;
  if (uiApi !== needed)
    return refuse(
      `${plugin}'s browser bundle declares host UI API ${uiApi}, but its manifest declares ${needed}`,
    );
  // The loader's rule, word for word (checkUiApi of @elowen/plugin-api).
  const problem = checkUiApi(plugin, uiApi, hostUiApi);
  if (problem) return refuse(problem.message);
  if (typeof views !== "object" || views === null || Array.isArray(views))
    return refuse(`${plugin}'s browser bundle: default.views must be an object of views by id`);
  for (const [id, view] of Object.entries(views)) {
    const { title, mount } = (view ?? {}) as { title?: unknown; mount?: unknown };
    if (typeof title !== "string" || title.trim() === "")
      return refuse(
        `${plugin}'s browser bundle: default.views.${id}.title must be a non-empty string`,
      );
    if (typeof mount !== "function")
      return refuse(`${plugin}'s browser bundle: default.views.${id}.mount must be a function`);
  }
  return { ok: true, bundle: bundle as PluginBrowserBundle<HTMLElement> };
}

/**
 * The title a view is shown under: its `title`, or the view string that `title` names when the
 * plugin declares one of that key (the contract's `PluginBrowserView.title`), so a view's title
 * follows the reader's language like its other strings.
 */
export function viewTitle(title: string, strings: Readonly<Record<string, string>>): string {
  return Object.hasOwn(strings, title) ? (strings[title] as string) : title;
}
