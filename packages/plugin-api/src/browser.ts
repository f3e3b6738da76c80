import type { PluginRouteMethod } from "./manifest.js";

/** Options of a browser view's {@link HostUi.api} call. */
export interface HostUiApiOptions {
  /** The HTTP method (default `GET`). */
  readonly method?: PluginRouteMethod;
  /** A JSON body, sent with `content-type: application/json`. */
  readonly json?: unknown;
}

/** The helpers the host UI API offers every browser view. */
export interface HostUiUtils {
  /**
   * Fills `{name}` placeholders of a view string from `values`; a placeholder without a value is
   * left as written. Values are strings or finite numbers.
   */
  interpolate(text: string, values: Readonly<Record<string, string | number>>): string;
  /** The one shared duration formatter (`@elowen/plugin-shared/duration`): `""` without timing. */
  formatDuration(ms: number | null | undefined): string;
}

/**
 * What the web host hands a plugin's browser view: host UI API `HOST_UI_API_VERSION` (55).
 * `api(path, { method, json })` calls this plugin's own declared routes (`/plugins/<short name>/…`)
 * with the signed-in account's credentials and resolves their JSON; an error answer rejects with an
 * Error whose `status` is the HTTP status and whose message is the route's `error`. `strings` are
 * the manifest's view strings for the reader's language (the same record `ctx.strings` gives the
 * plugin), `{}` when none are declared.
 */
export interface HostUi {
  readonly uiApi: number;
  /** The plugin's package name. */
  readonly plugin: string;
  readonly strings: Readonly<Record<string, string>>;
  api<T = unknown>(path: string, options?: HostUiApiOptions): Promise<T>;
  readonly utils: HostUiUtils;
}

/**
 * One view of a browser bundle. `mount` draws into `element` (the HTMLElement the host gives the
 * view, `E`) and may return a cleanup the host calls when the view closes.
 */
export interface PluginBrowserView<E = unknown> {
  /** The view's title; a view string key is read from `strings` when it names one. */
  readonly title: string;
  mount(element: E, host: HostUi): void | (() => void);
}

/**
 * The default export of a plugin's browser bundle (the module its manifest's `browser.entry`
 * names): the host UI API it was written against and its views by id. The host refuses a bundle
 * whose `uiApi` is not the one it serves, with a message naming both.
 */
export interface PluginBrowserBundle<E = unknown> {
  readonly uiApi: number;
  readonly views: Readonly<Record<string, PluginBrowserView<E>>>;
}
