import type { HostUi, PluginBrowserBundle } from "@elowen/plugin-api/browser";
import type { PluginUiEntry } from "@elowen/wire";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { createHostUi } from "../model/host-ui.js";
import { checkPluginBundle, viewTitle } from "../model/plugin-bundle.js";
import { importPluginBundle } from "../model/plugin-ui.js";
import { failureText } from "./alert.js";
import { useApp } from "./app-context.js";
import { routeHref } from "./router.js";

/**
 * Mounts one view of a checked browser bundle into an element the view owns, with its host UI;
 * the view's cleanup runs when it closes. A view that throws while mounting is reported.
 */
export function MountedView(props: {
  readonly bundle: PluginBrowserBundle<HTMLElement>;
  readonly view: string;
  readonly host: HostUi;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    const element = ref.current;
    const view = props.bundle.views[props.view];
    if (!element || !view) return;
    let cleanup: void | (() => void);
    try {
      cleanup = view.mount(element, props.host);
      setError(undefined);
    } catch (failure) {
      setError(failureText(failure));
    }
    return () => {
      try {
        if (typeof cleanup === "function") cleanup();
      } finally {
        element.replaceChildren();
      }
    };
  }, [props.bundle, props.view, props.host]);
  if (!props.bundle.views[props.view])
    return (
      <p class="error" role="alert">
        {props.host.plugin} has no view “{props.view}”.
      </p>
    );
  return (
    <>
      {error && (
        <p class="error" role="alert">
          {props.host.plugin}'s view failed to start: {error}
        </p>
      )}
      <div class="plugin-view-root" ref={ref} />
    </>
  );
}

/**
 * A plugin's browser view page: loads its bundle, refuses one that declares another host UI API
 * (with a message naming both), and mounts the view against host UI API 55.
 */
export function PluginView(props: {
  readonly plugin: PluginUiEntry;
  readonly view?: string | undefined;
  /** How the bundle module is loaded (default: fetched with the account's token and imported). */
  readonly load?: (url: string) => Promise<unknown>;
}) {
  const { client } = useApp();
  const load = useMemo(
    () => props.load ?? ((url: string) => importPluginBundle(client, url)),
    [props.load, client],
  );
  const [state, setState] = useState<
    | { kind: "loading" }
    | { kind: "refused"; message: string }
    | { kind: "ready"; bundle: PluginBrowserBundle<HTMLElement> }
  >({ kind: "loading" });
  const browser = props.plugin.browser;
  useEffect(() => {
    if (!browser) return;
    let cancelled = false;
    setState({ kind: "loading" });
    load(browser.url)
      .then((module) => {
        if (cancelled) return;
        const checked = checkPluginBundle(props.plugin.name, module, browser.uiApi);
        setState(
          checked.ok
            ? { kind: "ready", bundle: checked.bundle }
            : { kind: "refused", message: checked.message },
        );
      })
      .catch((failure: unknown) => {
        if (!cancelled)
          setState({
            kind: "refused",
            message: `${props.plugin.name}'s browser bundle could not be loaded: ${failureText(failure)}`,
          });
      });
    return () => {
      cancelled = true;
    };
  }, [load, browser?.url, browser?.uiApi, props.plugin.name]);
  const host = usePluginHost(props.plugin);
  const title = props.plugin.displayName ?? props.plugin.name;
  return (
    <section class="plugin-view" aria-label={title}>
      <h1>{title}</h1>
      {!browser && <p class="hint">{title} has no browser views.</p>}
      {browser && state.kind === "loading" && (
        <p class="hint" role="status">
          Loading…
        </p>
      )}
      {state.kind === "refused" && (
        <p class="error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === "ready" && (
        <ViewTabs
          plugin={props.plugin.name}
          bundle={state.bundle}
          current={props.view}
          strings={host.strings}
        />
      )}
      {state.kind === "ready" && (
        <MountedView
          bundle={state.bundle}
          view={props.view ?? Object.keys(state.bundle.views)[0] ?? ""}
          host={host}
        />
      )}
    </section>
  );
}

function ViewTabs(props: {
  readonly plugin: string;
  readonly bundle: PluginBrowserBundle<HTMLElement>;
  readonly current: string | undefined;
  readonly strings: Readonly<Record<string, string>>;
}) {
  const ids = Object.keys(props.bundle.views);
  if (ids.length < 2) return null;
  const current = props.current ?? ids[0];
  return (
    <nav class="view-tabs" aria-label="Views">
      {ids.map((id) => (
        <a
          key={id}
          href={routeHref({ page: "plugin", plugin: props.plugin, view: id })}
          aria-current={id === current ? "page" : undefined}
        >
          {viewTitle(props.bundle.views[id]?.title ?? id, props.strings)}
        </a>
      ))}
    </nav>
  );
}

function usePluginHost(plugin: PluginUiEntry): HostUi {
  const { client } = useApp();
  const [host, setHost] = useState(() =>
    createHostUi({ client, plugin: plugin.name, strings: plugin.strings }),
  );
  useEffect(() => {
    setHost(createHostUi({ client, plugin: plugin.name, strings: plugin.strings }));
  }, [client, plugin]);
  return host;
}
