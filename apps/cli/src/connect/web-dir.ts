import { errorMessage } from "@elowen/plugin-shared/errors";
/** The web client's build, or why there is none to serve. */
export type WebDir =
  | { readonly found: true; readonly dir: string }
  | { readonly found: false; readonly reason: string };

/** What @elowen/web's Node entry offers a launcher. */
interface WebPackage {
  readonly webRoot: () => string;
  readonly hasWebBuild: (root?: string) => boolean;
}

/** The web client is optional at run time: its module is named in a variable so that building the CLI never needs it. */
const WEB_PACKAGE = "@elowen/web";

function loadWebPackage(): Promise<unknown> {
  return import(WEB_PACKAGE);
}

/**
 * Finds the built web client at run time through @elowen/web's own `webRoot()`. Its absence is
 * not an error: the daemon then serves the API alone, and `reason` says why, for the log.
 */
export async function resolveWebDir(
  load: () => Promise<unknown> = loadWebPackage,
): Promise<WebDir> {
  let web: WebPackage;
  try {
    web = (await load()) as WebPackage;
  } catch (error) {
    return {
      found: false,
      reason: `the @elowen/web package cannot be loaded (${errorMessage(error)})`,
    };
  }
  if (typeof web.webRoot !== "function" || typeof web.hasWebBuild !== "function")
    return {
      found: false,
      reason: "this @elowen/web has no webRoot(): it is too old to be served",
    };
  const dir = web.webRoot();
  return web.hasWebBuild(dir)
    ? { found: true, dir }
    : {
        found: false,
        reason: `@elowen/web is not built (no index.html in ${dir}); build it with \`pnpm --filter @elowen/web build\``,
      };
}
