import type { CatalogCommand } from "./catalog-command.js";

/**
 * /login: a command of this terminal, not of the daemon's catalog (the key goes to the data
 * directory the terminal shares with a local daemon; the web has no such directory).
 */
export const LOGIN_COMMAND: CatalogCommand = {
  name: "login",
  description: "Store a model provider's API key (the running daemon uses it from its next turn)",
  kind: "picker",
  mechanism: "builtin",
  owner: "core",
  adminOnly: false,
};

/** The commands this terminal runs itself, listed after the daemon's catalog. */
export const TERMINAL_COMMANDS: readonly CatalogCommand[] = [LOGIN_COMMAND];
