import { z } from "zod";

/**
 * The largest announcement payload, in bytes of its JSON text (UTF-8). PostgreSQL's NOTIFY carries
 * at most 8,000 bytes; the rest is left for the topic and the sender's instance id. An
 * announcement says *that* something changed, the state itself stays where every instance reads it.
 */
export const CLUSTER_PAYLOAD_MAX_BYTES = 2048;

/** A topic: lowercase words joined by `.`, `_` or `-` (`skills.changed`), 1 to 64 characters. */
export const CLUSTER_TOPIC_PATTERN = /^[a-z][a-z0-9]*(?:[._-][a-z0-9]+)*$/;

/** The longest topic. */
export const CLUSTER_TOPIC_MAX_CHARS = 64;

/** A JSON value, as an announcement carries it. */
export type ClusterJson =
  | null
  | boolean
  | number
  | string
  | readonly ClusterJson[]
  | { readonly [key: string]: ClusterJson };

/** What a plugin announces: a topic of its own choosing and a small JSON payload. */
export interface ClusterAnnouncement {
  readonly topic: string;
  readonly payload: ClusterJson;
}

/** The topic rule, for hosts that validate announcements. */
export const ClusterTopicSchema = z
  .string()
  .max(CLUSTER_TOPIC_MAX_CHARS, `at most ${CLUSTER_TOPIC_MAX_CHARS} characters`)
  .regex(CLUSTER_TOPIC_PATTERN, "lowercase words joined by '.', '_' or '-' (skills.changed)");

/**
 * What a subscriber hears, a discriminated union on `kind`:
 * - `announcement`: another instance announced `topic` with `payload`;
 * - `resync`: announcements may have been missed (the host's connection to the other instances
 *   dropped and came back): re-read everything the plugin keeps live.
 */
export type ClusterEvent =
  | {
      readonly kind: "announcement";
      readonly topic: string;
      readonly payload: ClusterJson;
      /** The announcing instance's id (opaque). */
      readonly instance: string;
    }
  | { readonly kind: "resync" };

/**
 * `ctx.cluster`: how a plugin keeps its live state the same on every instance of a host that runs
 * several (the reference daemon on PostgreSQL). The state itself lives where every instance reads
 * it (the plugin's `dataDir`, which operators of several instances point at one shared directory);
 * after changing it, a plugin announces the change and every *other* instance's subscriber re-reads
 * it. Announcements reach only the same plugin on other instances, never another plugin. On a host
 * with one instance (the daemon on SQLite) `shared` is false, and an announcement reaches nobody.
 */
export interface PluginCluster {
  /** True when other instances may exist and hear this plugin's announcements. */
  readonly shared: boolean;
  /**
   * Tells this plugin on every other instance that `topic` changed. Resolves once the
   * announcement is sent (delivery is at most once: a subscriber that lost its connection gets a
   * `resync` instead). Rejects, before sending anything, a topic that breaks
   * {@link CLUSTER_TOPIC_PATTERN} or is over {@link CLUSTER_TOPIC_MAX_CHARS}, a payload that is not
   * JSON, or one over {@link CLUSTER_PAYLOAD_MAX_BYTES}, with a message naming the field.
   */
  announce(topic: string, payload?: ClusterJson): Promise<void>;
  /**
   * Calls `listener` with every announcement of this plugin from another instance, and with a
   * `resync` when some may have been missed. A listener must not throw (a throw is logged and
   * dropped). Returns the unsubscribe.
   */
  subscribe(listener: (event: ClusterEvent) => void | Promise<void>): () => void;
}
