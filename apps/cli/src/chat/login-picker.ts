import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SecretDialog } from "../dialogs/secret-dialog.js";
import type { BuiltinContext } from "./builtin-context.js";

type Env = Readonly<Record<string, string | undefined>>;

/** The keys stored in `<home>/provider-keys.json` (`elowen login`'s file), by provider. */
function storedKeys(home: string, file: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(readFileSync(join(home, file), "utf8")) as { keys?: unknown };
    return typeof parsed.keys === "object" && parsed.keys !== null
      ? (parsed.keys as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * /login [provider]: a picker of the providers a key can be stored for, each marked with where
 * its key is set (the environment, or stored); choosing one (or naming it) asks for the key
 * without echo and stores it as `elowen login` does (mode 0600, never shown). The daemon that
 * runs from the same data directory reads it at its next request: no restart.
 */
export async function chooseLogin(
  wanted: string,
  context: BuiltinContext & { readonly home: string; readonly env: Env },
): Promise<void> {
  const { screen, home, env } = context;
  // The daemon's package is large (the pi toolkit): it loads when /login runs, never at start.
  const { LOGIN_PROVIDERS, PROVIDER_KEYS_FILE, saveProviderKey } = await import(
    "@elowen/daemon/provider-keys"
  );
  const providers = Object.keys(LOGIN_PROVIDERS) as (keyof typeof LOGIN_PROVIDERS)[];
  const ask = (provider: keyof typeof LOGIN_PROVIDERS) => {
    const dialog = new SecretDialog(`${provider} API key`);
    const close = () => {
      if (screen.dialog?.component === dialog) screen.setDialog(undefined);
    };
    dialog.onClose = close;
    dialog.onSubmit = (key) => {
      close();
      saveProviderKey(home, provider, key).then(
        () =>
          screen.showNotice({
            level: "info",
            text: `Stored the ${provider} key in ${join(home, PROVIDER_KEYS_FILE)} (mode 0600). The daemon uses it from its next turn; /model lists ${provider}'s models.`,
          }),
        (error: unknown) =>
          screen.showNotice({
            level: "error",
            text: `/login: ${error instanceof Error ? error.message : String(error)}`,
          }),
      );
    };
    screen.setDialog({ kind: "secret", component: dialog });
  };
  if (wanted !== "") {
    const found = providers.find((p) => p === wanted);
    if (found) return ask(found);
    return screen.showNotice({
      level: "error",
      text: `/login: "${wanted}" is not a provider a key can be stored for; expected one of ${providers.join(", ")}`,
    });
  }
  const stored = storedKeys(home, PROVIDER_KEYS_FILE);
  context.pickers.openLocal(
    "login",
    {
      title: "Sign in to a model provider",
      items: providers.map((p) => {
        const variable = LOGIN_PROVIDERS[p];
        const hint = env[variable]
          ? `key set in ${variable}`
          : typeof stored[p] === "string"
            ? "key stored"
            : "no key";
        return { id: p, label: p, description: `reads ${variable} first`, hint };
      }),
      emptyText: "No providers.",
    },
    (itemId) => {
      const found = providers.find((p) => p === itemId);
      if (found) ask(found);
    },
  );
}
