import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

/** What the banner of `elowen daemon` says. */
export interface BannerFacts {
  readonly url: string;
  readonly home: string;
  readonly ownerTokenFile: string;
  readonly model: { readonly provider: string; readonly id?: string | undefined };
  /** Where the web client is served, or why it is not. */
  readonly web: { readonly served: true } | { readonly served: false; readonly reason: string };
  /** How to run the terminal client from here (see {@link elowenCommand}). */
  readonly chatCommand: string;
}

/**
 * How a person runs `elowen` from where this bin is: `npx elowen` from a clone of the repository
 * (its root links the bin into node_modules/.bin), `elowen` when it was installed.
 */
export function elowenCommand(script: string = process.argv[1] ?? ""): string {
  const repository = join(dirname(script), "..", "..", "..");
  return existsSync(join(repository, "pnpm-workspace.yaml")) ? "npx elowen" : "elowen";
}

/** `~/…` for a path under the home directory: shorter, and what a person would type. */
export function tildePath(path: string, home: string = homedir()): string {
  return home !== "" && path.startsWith(`${home}/`) ? `~/${path.slice(home.length + 1)}` : path;
}

/** The model as the banner names it: `claude-sonnet-4-5 (anthropic)`, or the offline model. */
export function modelLine(model: BannerFacts["model"]): string {
  if (model.provider === "offline")
    return "the offline model (no provider configured: set ELOWEN_MODEL_PROVIDER, ELOWEN_MODEL and the provider's key)";
  return `${model.id ?? "(no id)"} from ${model.provider}`;
}

/**
 * The lines `elowen daemon` prints once it listens: where, which model from which provider, how
 * to sign in to the web (the exact command that prints the owner's token), how to chat from a
 * terminal, where the data is, and how to stop it.
 */
export function daemonBanner(facts: BannerFacts): string {
  const tokenCommand = `cat ${tildePath(facts.ownerTokenFile)}`;
  const web = facts.web.served
    ? `${facts.url}/  (sign in with the owner token; \`${tokenCommand}\` prints it)`
    : `not served: ${facts.web.reason}`;
  return [
    `Elowen daemon listening on ${facts.url}`,
    `  model     ${modelLine(facts.model)}`,
    `  web       ${web}`,
    `  terminal  ${facts.chatCommand}`,
    `  data      ${tildePath(facts.home)}`,
    "Press Ctrl-C to stop.",
    "",
  ].join("\n");
}
