import { CONNECTION_OPTIONS, type CommandSpec, JSON_OPTION } from "../cli/command-spec.js";

/** `elowen accounts`: list accounts, create one (the owner), issue a token. */
export const accountsCommand: CommandSpec = {
  name: "accounts",
  summary: "List accounts; create one and issue its token (the instance owner)",
  usage: [
    "accounts [list] [--json]",
    "accounts create <name> [--role user|admin] [--json]",
    "accounts token <account-id> [--label <label>] [--json]",
    "accounts remove <account-id> [--json]",
  ],
  details: [
    "A new account signs in with the token `accounts token` prints: it is shown once.",
    "Only the instance owner creates and removes accounts; administrators list them.",
  ],
  options: {
    role: { type: "string", value: "<role>", description: "create: user (default) or admin" },
    label: { type: "string", value: "<label>", description: "token: a label to tell tokens apart" },
    ...JSON_OPTION,
    ...CONNECTION_OPTIONS,
  },
  maxPositionals: 2,
  async run(context) {
    const { runAccounts } = await import("./accounts-run.js");
    return runAccounts(context);
  },
};
