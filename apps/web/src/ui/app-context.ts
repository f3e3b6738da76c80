import type { ElowenClient } from "@elowen/client";
import type { Me, PluginUiEntry } from "@elowen/wire";
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { WebError } from "../model/web-error.js";

/** What every signed-in view needs: the client, who is signed in, and the plugins' UI. */
export interface AppServices {
  readonly client: ElowenClient;
  readonly me: Me;
  /** Loaded plugins' view strings and browser bundles (empty when the daemon lists none). */
  readonly plugins: readonly PluginUiEntry[];
}

/** The signed-in services; absent before sign-in. */
export const AppContext = createContext<AppServices | undefined>(undefined);

/**
 * The signed-in services; throws a `web.outside_signed_in_view` {@link WebError} outside a
 * signed-in tree (a programming error).
 */
export function useApp(): AppServices {
  const services = useContext(AppContext);
  if (!services)
    throw new WebError("web.outside_signed_in_view", "useApp() is used outside a signed-in view");
  return services;
}

/** True for the instance owner and administrators. */
export function isAdministrator(me: Me): boolean {
  return me.account.role === "owner" || me.account.role === "admin";
}

/** A plugin's view strings (`{}` when it declares none or the daemon does not list them). */
export function pluginStrings(
  plugins: readonly PluginUiEntry[],
  name: string,
): Readonly<Record<string, string>> {
  return plugins.find((p) => p.name === name)?.strings ?? {};
}
