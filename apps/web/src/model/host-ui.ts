import type { ElowenClient } from "@elowen/client";
import { HOST_UI_API_VERSION, PLUGIN_ROUTE_METHODS, pluginShortName } from "@elowen/plugin-api";
import type { HostUi, HostUiApiOptions } from "@elowen/plugin-api/browser";
import { formatDuration } from "@elowen/plugin-shared/duration";
import { interpolate } from "./interpolate.js";
import { WebError } from "./web-error.js";

/** What {@link createHostUi} builds a plugin's host UI from. */
export interface HostUiOptions {
  readonly client: ElowenClient;
  /** The plugin's package name (`@elowen/plugin-skills`); its routes are `/plugins/<short name>`. */
  readonly plugin: string;
  /** The plugin's view strings for the reader's language; `{}` when it declares none. */
  readonly strings?: Readonly<Record<string, string>>;
}

/**
 * A failed `api` call: the HTTP status and the route's `error` sentence as its message. A
 * {@link WebError} with the one code `web.host_api_refused`; switch on `status` for the reason.
 */
export class HostApiError extends WebError<"web.host_api_refused"> {
  override readonly name = "HostApiError";
  readonly status: number;
  constructor(status: number, message: string) {
    super("web.host_api_refused", message);
    this.status = status;
  }
}

/**
 * The host UI API ({@link HOST_UI_API_VERSION}, 55) for one plugin's browser view. `api` reaches
 * only the plugin's own routes, `/plugins/<short name>` and below (a path elsewhere, a method a
 * route cannot declare, or a path with `..` is refused with a TypeError naming the field), with the
 * signed-in account's token; `utils.formatDuration` is the shared formatter.
 */
export function createHostUi(options: HostUiOptions): HostUi {
  const prefix = `/plugins/${pluginShortName(options.plugin)}`;
  const strings = Object.freeze({ ...(options.strings ?? {}) });
  return Object.freeze({
    uiApi: HOST_UI_API_VERSION,
    plugin: options.plugin,
    strings,
    async api<T = unknown>(path: string, init: HostUiApiOptions = {}): Promise<T> {
      checkPath(path, prefix);
      const method = init.method ?? "GET";
      if (!(PLUGIN_ROUTE_METHODS as readonly string[]).includes(method))
        throw new TypeError(
          `method must be one of ${PLUGIN_ROUTE_METHODS.join(", ")}, received ${JSON.stringify(method)}`,
        );
      try {
        return (await options.client.request(method, path, {
          ...(init.json === undefined ? {} : { body: init.json }),
        })) as T;
      } catch (error) {
        const status = (error as { status?: unknown }).status;
        const body = (error as { body?: { error?: unknown } }).body;
        if (typeof status === "number")
          throw new HostApiError(
            status,
            typeof body?.error === "string" ? body.error : String(error),
          );
        throw error;
      }
    },
    utils: Object.freeze({ interpolate, formatDuration }),
  });
}

function checkPath(path: unknown, prefix: string): void {
  if (typeof path !== "string")
    throw new TypeError(`path must be a string starting with ${prefix}, received a ${typeof path}`);
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  if (bare !== prefix && !bare.startsWith(`${prefix}/`))
    throw new TypeError(
      `path must be this plugin's own route, ${prefix} or below, received ${JSON.stringify(path.slice(0, 80))}`,
    );
  if (bare.split("/").some((segment) => segment === ".." || segment === "."))
    throw new TypeError(
      `path must not contain "." or ".." segments, received ${JSON.stringify(path.slice(0, 80))}`,
    );
}
