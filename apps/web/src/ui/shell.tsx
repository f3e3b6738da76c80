import { useEffect, useState } from "preact/hooks";
import { Alert } from "./alert.js";
import { useApp } from "./app-context.js";
import { ChatView, type ChatViewOptions } from "./chat-view.js";
import { McpSettings } from "./mcp-settings.js";
import { PluginView } from "./plugin-view.js";
import { PluginsPage } from "./plugins-page.js";
import { type Route, routeHref, useRoute } from "./router.js";
import { SessionList } from "./session-list.js";
import { SkillsSettings } from "./skills-settings.js";
import { StatusRail } from "./status-rail.js";

/**
 * The signed-in shell: the top bar (pages, plugin views, the account, sign-out), the sessions
 * list (a drawer on a narrow screen), the page of the route, and on the chat page the status rail.
 */
export function Shell({
  onSignOut,
  chat,
}: {
  readonly onSignOut: () => void;
  readonly chat: ChatViewOptions | undefined;
}) {
  const route = useRoute();
  const [drawer, setDrawer] = useState(false);
  useEffect(() => setDrawer(false), [route]);
  return (
    <div class={`shell${drawer ? " drawer-open" : ""}`}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <TopBar
        route={route}
        onSignOut={onSignOut}
        drawer={drawer}
        onDrawer={() => setDrawer((d) => !d)}
      />
      <div class="body">
        <div id="sessions-drawer" class="sessions-wrap">
          <SessionList current={route.page === "chat" ? route.sessionId : undefined} />
        </div>
        <main id="main" tabIndex={-1}>
          <Page route={route} chat={chat} />
        </main>
        {route.page === "chat" && (
          <div class="rail-wrap">
            <StatusRail />
          </div>
        )}
      </div>
    </div>
  );
}

function TopBar(props: {
  readonly route: Route;
  readonly onSignOut: () => void;
  readonly drawer: boolean;
  readonly onDrawer: () => void;
}) {
  const { me, plugins } = useApp();
  const current = (page: Route["page"]) => (props.route.page === page ? "page" : undefined);
  return (
    <header class="top">
      <button
        type="button"
        class="drawer-toggle"
        aria-expanded={props.drawer ? "true" : "false"}
        aria-controls="sessions-drawer"
        onClick={props.onDrawer}
      >
        Sessions
      </button>
      <span class="brand">Elowen</span>
      <nav aria-label="Pages">
        <a href="#/" aria-current={current("chat")}>
          Chat
        </a>
        <a href="#/skills" aria-current={current("skills")}>
          Skills
        </a>
        <a href="#/mcp" aria-current={current("mcp")}>
          MCP
        </a>
        {me.account.role === "owner" && (
          <a href="#/plugins" aria-current={current("plugins")}>
            Plugins
          </a>
        )}
        <a href="#/status" aria-current={current("status")} class="status-link">
          Status
        </a>
        {plugins
          .filter((p) => p.browser)
          .map((p) => (
            <a key={p.name} href={routeHref({ page: "plugin", plugin: p.name })}>
              {p.displayName ?? p.name}
            </a>
          ))}
      </nav>
      <span class="account">
        {me.account.name} <span class="hint">({me.account.role})</span>
      </span>
      <button type="button" class="quiet" onClick={props.onSignOut}>
        Sign out
      </button>
    </header>
  );
}

function Page({
  route,
  chat,
}: {
  readonly route: Route;
  readonly chat: ChatViewOptions | undefined;
}) {
  const { plugins } = useApp();
  switch (route.page) {
    case "skills":
      return <SkillsSettings />;
    case "mcp":
      return <McpSettings />;
    case "plugins":
      return <PluginsPage />;
    case "status":
      return <StatusRail />;
    case "plugin": {
      const plugin = plugins.find((p) => p.name === route.plugin);
      return plugin ? (
        <PluginView plugin={plugin} view={route.view} />
      ) : (
        <Alert message={`No plugin named ${route.plugin} offers a view here.`} />
      );
    }
    default:
      return route.sessionId ? (
        <ChatView
          key={route.sessionId}
          sessionId={route.sessionId}
          {...(chat ? { options: chat } : {})}
        />
      ) : (
        <OpenNewest />
      );
  }
}

/**
 * The chat page without a session opens the newest one (replacing the history entry, so Back
 * does not bounce here); with none yet it welcomes the person.
 */
function OpenNewest() {
  const { client } = useApp();
  const [none, setNone] = useState(false);
  useEffect(() => {
    let cancelled = false;
    client.sessions
      .list({ limit: 1 })
      .then(({ sessions }) => {
        if (cancelled) return;
        const newest = sessions[0];
        if (newest) location.replace(routeHref({ page: "chat", sessionId: newest.id }));
        else setNone(true);
      })
      .catch(() => {
        if (!cancelled) setNone(true);
      });
    return () => {
      cancelled = true;
    };
  }, [client]);
  if (!none) return null;
  return (
    <section class="welcome">
      <h1>Welcome</h1>
      <p>Start a conversation with New session in the Sessions list.</p>
    </section>
  );
}
