/** `@elowen/plugin-api/cluster`. A plugin's live state on several instances: `ctx.cluster`'s announcements, their topic rule and payload cap. */

export type {
  ClusterAnnouncement,
  ClusterEvent,
  ClusterJson,
  PluginCluster,
} from "../cluster.js";
export {
  CLUSTER_PAYLOAD_MAX_BYTES,
  CLUSTER_TOPIC_MAX_CHARS,
  CLUSTER_TOPIC_PATTERN,
  ClusterTopicSchema,
} from "../cluster.js";
