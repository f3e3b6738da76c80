import { useEffect, useState } from "preact/hooks";

/**
 * Where the app is: a session's chat, the Skills or MCP settings, the status page, the owner's
 * Plugins page, or a plugin view.
 */
export type Route =
  | { readonly page: "chat"; readonly sessionId?: string }
  | { readonly page: "skills" }
  | { readonly page: "mcp" }
  | { readonly page: "plugins" }
  | { readonly page: "status" }
  | { readonly page: "plugin"; readonly plugin: string; readonly view?: string };

const SESSION = /^#\/s\/(s_[a-z0-9]{20,40})$/;
const PLUGIN = /^#\/plugins\/([^/]+)(?:\/([^/]+))?$/;

/**
 * Reads a location hash. Hash routes keep every app path off the daemon's API paths, so the
 * daemon serves one document and the API from the same origin without collisions.
 */
export function parseRoute(hash: string): Route {
  const session = SESSION.exec(hash);
  if (session?.[1]) return { page: "chat", sessionId: session[1] };
  if (hash === "#/skills") return { page: "skills" };
  if (hash === "#/status") return { page: "status" };
  if (hash === "#/mcp") return { page: "mcp" };
  if (hash === "#/plugins") return { page: "plugins" };
  const plugin = PLUGIN.exec(hash);
  if (plugin?.[1])
    return {
      page: "plugin",
      plugin: decodeURIComponent(plugin[1]),
      ...(plugin[2] ? { view: decodeURIComponent(plugin[2]) } : {}),
    };
  return { page: "chat" };
}

/** The hash of a route. */
export function routeHref(route: Route): string {
  switch (route.page) {
    case "chat":
      return route.sessionId ? `#/s/${route.sessionId}` : "#/";
    case "plugin":
      return `#/plugins/${encodeURIComponent(route.plugin)}${route.view ? `/${encodeURIComponent(route.view)}` : ""}`;
    default:
      return `#/${route.page}`;
  }
}

/** The current route, following `hashchange`. */
export function useRoute(): Route {
  // A sign-in's redirect comes back to the web root with no hash: it belongs to the MCP page.
  const [route, setRoute] = useState(() =>
    parseRoute(
      location.hash === "" && /[?&]mcp_oauth=/.test(location.search) ? "#/mcp" : location.hash,
    ),
  );
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(location.hash));
    addEventListener("hashchange", onChange);
    return () => removeEventListener("hashchange", onChange);
  }, []);
  return route;
}

/** Goes to a route. */
export function navigate(route: Route): void {
  location.hash = routeHref(route);
}
