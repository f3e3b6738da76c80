import { createHash } from "node:crypto";
import type { ClusterTransport } from "../../plugins/cluster/cluster-transport.js";
import type { PostgresStore } from "./postgres-store.js";

/** The prefix of every plugin's announcement channel. */
export const PLUGIN_CHANNEL_PREFIX = "elowen_plugin_";

/**
 * The NOTIFY channel of a plugin's announcements: the prefix, the plugin's name in channel
 * characters (cut to 36) and 8 hex digits of its SHA-256, so two names that read alike after
 * the cut never share a channel. At most 59 characters (PostgreSQL identifiers take 63).
 */
export function pluginChannel(plugin: string): string {
  const readable = plugin
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 36);
  const hash = createHash("sha256").update(plugin).digest("hex").slice(0, 8);
  return `${PLUGIN_CHANNEL_PREFIX}${readable}_${hash}`;
}

/**
 * Plugins' announcements between the instances on one database: `pg_notify` outside any
 * transaction (delivered at once, to every listener, the sender too) and the store's one LISTEN
 * connection, whose reconnection is the resume.
 */
export function pgClusterTransport(store: PostgresStore): ClusterTransport {
  return {
    shared: true,
    instanceId: store.instanceId,
    async send(plugin, text) {
      await store.pool.query("SELECT pg_notify($1, $2)", [pluginChannel(plugin), text]);
    },
    listen: (plugin, handler) => store.notifier.listen(pluginChannel(plugin), handler),
    onResume: (handler) => store.notifier.onResume(handler),
  };
}
