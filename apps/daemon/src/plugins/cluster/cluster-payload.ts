import {
  CLUSTER_PAYLOAD_MAX_BYTES,
  type ClusterJson,
  ClusterTopicSchema,
} from "@elowen/plugin-api/cluster";
import { ElowenError } from "@elowen/plugin-shared/errors";

/** How deep an announcement's payload may nest. */
export const CLUSTER_PAYLOAD_MAX_DEPTH = 16;

/** The wire form of an announcement: sender instance, topic, payload. */
export interface ClusterMessage {
  readonly i: string;
  readonly t: string;
  readonly p: ClusterJson;
}

/** Why `ctx.cluster.announce` refused an announcement before sending it. */
export type ClusterAnnounceErrorCode =
  | "cluster.invalid_topic"
  | "cluster.invalid_payload"
  | "cluster.payload_too_large";

/** An announcement refused where it entered: the code says which rule, the message names the field. */
export class ClusterAnnounceError extends ElowenError<ClusterAnnounceErrorCode> {
  override readonly name = "ClusterAnnounceError";
  constructor(code: ClusterAnnounceErrorCode, summary: string) {
    super({ code, summary });
  }
}

/**
 * Checks an announcement before anything is sent and answers its wire text, or throws a ClusterAnnounceError
 * naming the field and the rule (`cluster.announce: payload is 2049 bytes of JSON, more than
 * 2048`).
 */
export function announcementText(instanceId: string, topic: unknown, payload: unknown): string {
  const checked = ClusterTopicSchema.safeParse(topic);
  if (!checked.success)
    throw new ClusterAnnounceError(
      "cluster.invalid_topic",
      `cluster.announce: topic ${JSON.stringify(topic)} must be ${checked.error.issues[0]?.message}`,
    );
  const problem = jsonProblem(payload, "payload", 0);
  if (problem)
    throw new ClusterAnnounceError("cluster.invalid_payload", `cluster.announce: ${problem}`);
  const payloadText = JSON.stringify(payload);
  const bytes = Buffer.byteLength(payloadText, "utf8");
  if (bytes > CLUSTER_PAYLOAD_MAX_BYTES)
    throw new ClusterAnnounceError(
      "cluster.payload_too_large",
      `cluster.announce: payload is ${bytes} bytes of JSON, more than ${CLUSTER_PAYLOAD_MAX_BYTES}; announce what changed, not the state`,
    );
  return JSON.stringify({ i: instanceId, t: checked.data, p: payload });
}

/** The message in a received text, or undefined for anything not in the wire form. */
export function parseClusterMessage(text: string): ClusterMessage | undefined {
  try {
    const value = JSON.parse(text) as Partial<ClusterMessage>;
    if (typeof value.i === "string" && typeof value.t === "string" && "p" in value)
      return value as ClusterMessage;
  } catch {
    // Not ours: the caller logs it.
  }
  return undefined;
}

/** The first thing in `value` that JSON would not carry as it is, named by its path. */
function jsonProblem(value: unknown, path: string, depth: number): string | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return undefined;
  if (typeof value === "number")
    return Number.isFinite(value) ? undefined : `${path} is ${value}, not a finite JSON number`;
  if (typeof value !== "object") return `${path} is a ${typeof value}, not a JSON value`;
  if (depth >= CLUSTER_PAYLOAD_MAX_DEPTH)
    return `${path} nests deeper than ${CLUSTER_PAYLOAD_MAX_DEPTH} levels`;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = jsonProblem(item, `${path}[${index}]`, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null)
    return `${path} is a ${prototype?.constructor?.name ?? "class instance"}, not a plain JSON object`;
  for (const [key, item] of Object.entries(value)) {
    const problem = jsonProblem(item, `${path}.${key}`, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}
