import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { ElowenClient } from "@elowen/client";
import {
  type InstalledPlugin,
  InstalledPluginListSchema,
  type InstallOutcome,
  InstallOutcomeSchema,
  RemoveOutcomeSchema,
} from "@elowen/wire";
import { CliError, usageError } from "../cli/cli-error.js";
import type { CliContext } from "../cli/context.js";
import { EXIT_CODES } from "../cli/exit-codes.js";
import { formatJson, formatTable } from "../cli/table.js";
import { withClient } from "./with-client.js";

/** Runs `elowen plugins` (the spec in plugins-command.ts): loaded only when the command runs. */
export function runPlugins(context: CliContext): Promise<number> {
  const [action = "list", argument] = context.positionals;
  if (action === "list") {
    if (argument !== undefined) throw usageError("plugins list takes no argument");
    return list(context);
  }
  if (!["add", "update", "remove"].includes(action))
    throw usageError(`unknown plugins action "${action}": expected list, add, update or remove`);
  if (argument === undefined)
    throw usageError(`plugins ${action} needs ${action === "add" ? "a spec" : "a plugin name"}`);
  if (action === "remove") return remove(context, argument);
  return install(context, action as "add" | "update", argument);
}

async function list(context: CliContext): Promise<number> {
  const { plugins } = await withClient(context, (client) =>
    client.request("GET", "/admin/plugins", { schema: InstalledPluginListSchema }),
  );
  if (context.options.json) context.io.stdout(formatJson({ plugins }));
  else if (plugins.length === 0) context.io.stdout("No plugins are installed.\n");
  else
    context.io.stdout(
      formatTable(
        ["NAME", "VERSION", "FORMAT", "STATE", "CONSENT", "SPEC"],
        plugins.map((p) => [
          p.name,
          p.version,
          p.format,
          p.state,
          p.consent.join(",") || "-",
          p.spec,
        ]),
      ),
    );
  return 0;
}

async function install(
  context: CliContext,
  action: "add" | "update",
  argument: string,
): Promise<number> {
  const target = action === "add" ? { spec: absoluteSpec(argument) } : { name: argument };
  const path = action === "add" ? "/admin/plugins" : "/admin/plugins/update";
  const send = (client: ElowenClient, consent: { yes?: boolean; consent?: readonly string[] }) =>
    client.request("POST", path, { body: { ...target, ...consent }, schema: InstallOutcomeSchema });
  let outcome = await withClient(context, (client) =>
    send(client, context.options.yes ? { yes: true } : {}),
  );
  if (outcome.status === "needs-consent") {
    const question = consentQuestion(outcome, action);
    const ask = context.io.ask;
    if (!ask)
      throw new CliError(
        EXIT_CODES.failure,
        `${question.replace(/\. Consent\? \[y\/N\] $/, "")}; run again with --yes to consent`,
      );
    const answer = (await ask(question)).trim().toLowerCase();
    if (answer !== "y" && answer !== "yes") {
      context.io.stderr("Nothing was installed.\n");
      return EXIT_CODES.failure;
    }
    const consent = outcome.mutates;
    outcome = await withClient(context, (client) => send(client, { consent }));
    if (outcome.status === "needs-consent")
      throw new CliError(
        EXIT_CODES.failure,
        `${outcome.name} asked for more while you answered; run the command again`,
      );
  }
  if (context.options.json) context.io.stdout(formatJson(outcome));
  else context.io.stdout(describeOutcome(outcome));
  return 0;
}

async function remove(context: CliContext, name: string): Promise<number> {
  const outcome = await withClient(context, (client) =>
    client.request("POST", "/admin/plugins/remove", {
      body: { name },
      schema: RemoveOutcomeSchema,
    }),
  );
  if (context.options.json) context.io.stdout(formatJson(outcome));
  else {
    const restart =
      outcome.activation.load === "restart-needed" ? ` (${outcome.activation.reason})` : "";
    context.io.stdout(`Removed ${outcome.removed.name}@${outcome.removed.version}${restart}.\n`);
  }
  return 0;
}

/** The daemon resolves specs against its own folder: a local path is sent absolute. */
function absoluteSpec(spec: string): string {
  const market = /^([a-z0-9][a-z0-9._-]*)@(.+)$/.exec(spec);
  if (market?.[1] && market[2] && existsSync(resolve(market[2])))
    return `${market[1]}@${resolve(market[2])}`;
  return existsSync(resolve(spec)) ? resolve(spec) : spec;
}

function consentQuestion(
  outcome: Extract<InstallOutcome, { status: "needs-consent" }>,
  action: string,
): string {
  const asked =
    action === "update"
      ? `now also asks for ${outcome.added.join(", ")} (all: ${outcome.mutates.join(", ")})`
      : `asks for ${outcome.mutates.join(", ")}`;
  return `${outcome.name}@${outcome.version} ${asked}. Consent? [y/N] `;
}

function describeOutcome(outcome: Exclude<InstallOutcome, { status: "needs-consent" }>): string {
  const { plugin, activation } = outcome;
  const lines = [
    outcome.status === "updated"
      ? `Updated ${plugin.name} ${outcome.previousVersion} → ${plugin.version} (${plugin.format}).`
      : `Installed ${plugin.name}@${plugin.version} (${plugin.format}).`,
    `Capabilities: ${plugin.consent.join(", ") || "none"}${outcome.added.length ? ` (new: ${outcome.added.join(", ")})` : ""}${outcome.removed.length ? ` (dropped: ${outcome.removed.join(", ")})` : ""}`,
    activation.load === "loaded" ? "Loaded: yes." : `Loaded: no: ${activation.reason}`,
    ...diagnosticLines(plugin),
  ];
  return `${lines.join("\n")}\n`;
}

function diagnosticLines(plugin: InstalledPlugin): string[] {
  return (plugin.diagnostics ?? []).map((d) => `  not mapped: ${d}`);
}
