import { join } from "node:path";
import type { Access } from "@elowen/plugin-api/access";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { SignIns } from "../auth/sign-in.js";
import { serverConfigOf } from "../config/server-config.js";
import { editServerFile } from "../config/server-files.js";
import type { UrlCheck } from "../config/url-policy.js";
import type { WorkspaceTrust } from "../config/workspace-trust.js";
import { MCP_MAX_SERVERS } from "../limits.js";
import type { ServerSet } from "../servers/server-set.js";
import type { AddServerBody } from "./server-schemas.js";

/** What an operator action answers: done, with a message, or refused with an HTTP status. */
export type AdminOutcome =
  | { readonly ok: true; readonly message: string }
  | { readonly ok: false; readonly status: 400 | 403 | 404 | 409 | 500; readonly message: string };

/** Where the operator actions write, and how they make a change live. */
export interface ServerAdminOptions {
  readonly set: ServerSet;
  readonly trust: WorkspaceTrust;
  /** `$ELOWEN_HOME`, whose `mcp.json` holds the instance's added servers. */
  readonly home: string | undefined;
  /** Where each account's own servers are kept, `<accounts>/<userId>.json`. */
  readonly accounts: string;
  /** Reads every source again and applies it to the running servers. */
  readonly reload: () => Promise<void>;
  /** Checks an account's `url` server against the address rules (`checkServerUrl`). */
  readonly checkUrl: (url: string) => Promise<UrlCheck>;
  /** The sign-ins (OAuth) of `url` servers. */
  readonly signIns: SignIns;
  /** The daemon's address as browsers reach it (`mcp.publicUrl`), where a sign-in comes back. */
  readonly publicUrl?: string;
}

const refuse = (status: 400 | 403 | 404 | 409 | 500, message: string): AdminOutcome => ({
  ok: false,
  status,
  message,
});

/**
 * Adds a server (`body`, checked by `AddServerBodySchema`) and starts it at once. The instance owner
 * adds to `$ELOWEN_HOME/mcp.json` (scope `instance`, the owner's default) or to their own servers
 * (scope `account`); any other account adds `url` servers for itself only, whose address (after
 * DNS resolution) must pass `checkUrl` (no loopback, link-local, private or metadata address
 * unless the operator allows it). A `command` server runs a program on the host, so only the
 * instance owner adds one. A name another account holds is refused without saying so.
 */
export async function addServer(
  options: ServerAdminOptions,
  access: Access,
  body: AddServerBody,
): Promise<AdminOutcome> {
  const { name, scope, ...entry } = body;
  const config = serverConfigOf(entry);
  const target = scope ?? (access.isOwner ? "instance" : "account");
  if (config.transport === "stdio" && !access.isOwner)
    return refuse(
      403,
      'command: only the instance owner adds a "command" server (it runs a program on the host); add a "url" server instead',
    );
  if (target === "instance" && !access.isOwner)
    return refuse(403, "scope: only the instance owner adds servers for the whole instance");
  if (target === "account" && config.transport === "stdio")
    return refuse(400, 'command: an account\'s own server is a "url" server');
  const taken = options.set.connections.get(name);
  const ownerOfTaken = taken?.server.ownerUserId;
  // Another account's server is never named: the same neutral refusal as any unusable name.
  if (taken && ownerOfTaken !== undefined && ownerOfTaken !== access.userId)
    return refuse(409, `name: ${name} is not available for a new server; pick another name`);
  if (taken)
    return refuse(
      409,
      `name: a server named ${name} is already configured; remove it first or pick another name`,
    );
  // The merged list keeps at most MCP_MAX_SERVERS; a server past it would be written and then
  // left out on reload, so it is refused here, where it enters.
  if (options.set.connections.size >= MCP_MAX_SERVERS)
    return refuse(
      409,
      `name: at most ${MCP_MAX_SERVERS} MCP servers are configured on this daemon; remove one first`,
    );
  if (config.transport === "http" && !access.isOwner) {
    const reach = await options.checkUrl(config.url);
    if (!reach.ok) return refuse(400, reach.message);
  }
  const file = targetFile(options, access, target);
  if (file === undefined) return refuse(403, "an unlinked caller has no servers of its own");
  // The owner's own servers are not held to the address rules when they connect either.
  const written = access.isOwner && target === "account" ? { ...entry, ownerAdded: true } : entry;
  try {
    await editServerFile(file, name, written);
  } catch (error) {
    return refuse(500, `could not write ${file}: ${errorMessage(error)}`);
  }
  await options.reload();
  return { ok: true, message: `Added ${name}; it is starting.` };
}

/**
 * Removes a server added through {@link addServer} (or written into `mcp.json` by hand) and stops
 * it. An account removes only its own; the instance owner also those of `mcp.json`. A server of
 * `elowen.yaml`, a plugin or the workspace is removed where it is written.
 */
export async function removeServer(
  options: ServerAdminOptions,
  access: Access,
  name: string,
): Promise<AdminOutcome> {
  const connection = options.set.visibleTo(access.userId).find((c) => c.server.name === name);
  if (!connection) return refuse(404, `name: there is no MCP server named ${name}`);
  const { origin, file } = connection.server;
  if (origin === "config")
    return refuse(409, `${name} is configured in elowen.yaml (mcp.servers); remove it there`);
  if (origin === "extra")
    return refuse(409, `${name} comes with a plugin (${file}); remove the plugin instead`);
  if (origin === "workspace")
    return refuse(409, `${name} is in the workspace's ${file}; remove it from that file`);
  if (origin === "home" && !access.isOwner)
    return refuse(403, `only the instance owner removes ${name} (it is in mcp.json)`);
  if (file === undefined) return refuse(500, `${name} has no file to remove it from`);
  try {
    await editServerFile(file, name, undefined);
  } catch (error) {
    return refuse(500, `could not write ${file}: ${errorMessage(error)}`);
  }
  await options.reload();
  return { ok: true, message: `Removed ${name}.` };
}

/**
 * The instance owner approves the workspace `.mcp.json` that configures `name`, as it is now
 * (recorded with its hash, so an edited file asks again), and its servers start.
 */
export async function approveWorkspace(
  options: ServerAdminOptions,
  access: Access,
  name: string,
): Promise<AdminOutcome> {
  const connection = options.set.connections.get(name);
  if (!connection) return refuse(404, `name: there is no MCP server named ${name}`);
  const file = connection.server.file;
  if (connection.server.origin !== "workspace" || file === undefined)
    return refuse(409, `${name} is not from a workspace .mcp.json; nothing to approve`);
  if (!access.isOwner)
    return refuse(403, "Only the instance owner approves a workspace .mcp.json.");
  const approval = await options.trust.approve(file, access.userId);
  if (!approval) return refuse(409, `${file} cannot be read; nothing was approved`);
  const starting = [...options.set.connections.values()]
    .filter((c) => c.server.file === file && c.state === "untrusted")
    .map((c) => c.server.name);
  await options.reload();
  return {
    ok: true,
    message: `Approved ${file} (sha256 ${approval.sha256.slice(0, 12)}…); starting ${starting.join(", ") || "nothing"}.`,
  };
}

function targetFile(
  options: ServerAdminOptions,
  access: Access,
  target: "instance" | "account",
): string | undefined {
  if (target === "instance")
    return options.home === undefined ? undefined : join(options.home, "mcp.json");
  return access.userId === null ? undefined : join(options.accounts, `${access.userId}.json`);
}
