import type { ElowenClient } from "@elowen/client";
import type { PluginUiEntry } from "@elowen/wire";
import { useEffect, useState } from "preact/hooks";
import { listPluginUi } from "../model/plugin-ui.js";
import type { TokenStorage } from "../model/token-store.js";
import { failureText } from "./alert.js";
import { AppContext, type AppServices } from "./app-context.js";
import type { ChatViewOptions } from "./chat-view.js";
import { Shell } from "./shell.js";
import { SignIn } from "./sign-in.js";

/** What the app is started with: where tokens are kept and how a client is made for one. */
export interface AppProps {
  readonly tokens: TokenStorage;
  readonly connect: (token: string) => ElowenClient;
  readonly chat?: ChatViewOptions;
}

/**
 * The whole client: sign-in, then the shell (sessions, the page of the route, the status rail).
 * A stored token is checked with `GET /me` on start; one the daemon no longer accepts signs out.
 */
export function App({ tokens, connect, chat }: AppProps) {
  const [services, setServices] = useState<AppServices>();
  const [starting, setStarting] = useState(() => tokens.read() !== undefined);
  const [startError, setStartError] = useState<string>();

  const enter = async (client: ElowenClient, me: AppServices["me"]) => {
    let plugins: PluginUiEntry[] = [];
    try {
      plugins = await listPluginUi(client);
    } catch {
      // Without the listing, views use their own words and no plugin views are offered.
    }
    setServices({ client, me, plugins });
  };

  useEffect(() => {
    const token = tokens.read();
    if (token === undefined) return;
    const client = connect(token);
    client
      .me()
      .then((me) => enter(client, me))
      .catch((failure: unknown) => {
        if ((failure as { status?: number }).status === 401) tokens.clear();
        else setStartError(failureText(failure));
      })
      .finally(() => setStarting(false));
  }, [tokens, connect]);

  if (starting)
    return (
      <p class="hint" role="status">
        Connecting…
      </p>
    );
  if (!services)
    return (
      <>
        {startError && (
          <p class="error" role="alert">
            Could not reach the daemon: {startError}
          </p>
        )}
        <SignIn
          connect={connect}
          onSignedIn={({ token, me, remember }) => {
            tokens.write(token, remember);
            void enter(connect(token), me);
          }}
        />
      </>
    );
  return (
    <AppContext.Provider value={services}>
      <Shell
        chat={chat}
        onSignOut={() => {
          tokens.clear();
          setServices(undefined);
        }}
      />
    </AppContext.Provider>
  );
}
