import { errorMessage } from "@elowen/plugin-shared/errors";
import { CliError, usageError } from "../cli/cli-error.js";
import type { CommandSpec } from "../cli/command-spec.js";
import { EXIT_CODES } from "../cli/exit-codes.js";

/** The providers `elowen login` stores a key for (the daemon's LOGIN_PROVIDERS, kept off `--help`'s path). */
const PROVIDERS = ["anthropic", "openai"] as const;

/**
 * `elowen login <provider>`: stores a provider's API key in the data directory (mode 0600), where
 * the running daemon reads it at its next request: no restart. The key is read without echo from
 * the terminal, or from standard input for scripts, and is never printed or logged.
 */
export const loginCommand: CommandSpec = {
  name: "login",
  summary: "Store a model provider's API key for the daemon (no restart needed)",
  usage: ["login <provider> [--home <dir>]", "login <provider> < key-file"],
  details: [
    `Providers: ${PROVIDERS.join(", ")}. The key is asked for without echo, or read from standard input.`,
    "It is stored in $ELOWEN_HOME/provider-keys.json (mode 0600) and never printed or logged; the",
    "running daemon uses it from its next turn, and /model lists that provider's models.",
    "A key in the provider's variable (ANTHROPIC_API_KEY, OPENAI_API_KEY) is used before a stored one.",
  ],
  options: {
    home: {
      type: "string",
      value: "<dir>",
      description: "the data directory (default: $ELOWEN_HOME, else ~/.elowen)",
    },
  },
  maxPositionals: 1,
  async run({ io, options, positionals }) {
    const provider = positionals[0];
    if (provider === undefined)
      throw usageError(`login needs a provider: one of ${PROVIDERS.join(", ")}`);
    if (!(PROVIDERS as readonly string[]).includes(provider))
      throw usageError(
        `login: "${provider}" is not a provider a key can be stored for; expected one of ${PROVIDERS.join(", ")}`,
      );
    if (!io.readSecret)
      throw new CliError(
        EXIT_CODES.failure,
        "login: there is no terminal or input to read the key from",
      );
    const { resolveDaemonAddress } = await import("../connect/daemon-address.js");
    const { home } = resolveDaemonAddress(
      typeof options.home === "string" ? { home: options.home } : {},
      io.env,
    );
    const key = await io.readSecret(`${provider} API key (not shown): `);
    const { saveProviderKey, PROVIDER_KEYS_FILE } = await import("@elowen/daemon/provider-keys");
    try {
      await saveProviderKey(home, provider as (typeof PROVIDERS)[number], key);
    } catch (error) {
      throw new CliError(EXIT_CODES.failure, `login: ${errorMessage(error)}`, { cause: error });
    }
    io.stdout(
      `Stored the ${provider} key in ${home}/${PROVIDER_KEYS_FILE} (mode 0600). A running daemon uses it from its next turn; /model lists ${provider}'s models.\n`,
    );
    return EXIT_CODES.ok;
  },
};
