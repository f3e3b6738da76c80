import type { AssistantMessage } from "@mariozechner/pi-ai";
import type { UsageStore } from "../../store/store.js";
import type { ConnectionPin } from "../model/captured-request.js";
import type { ReviewSource } from "./review-admission.js";

/**
 * Charges a review's author once for what its one request used, under origin `internal` and
 * purpose `skill-review`, on the connection it actually went out on: the inherited prefix read
 * from the provider's cache and the fresh final answer, directive and catalog alike.
 */
export async function chargeReview(
  usage: UsageStore,
  source: ReviewSource,
  response: AssistantMessage,
  pin: ConnectionPin,
): Promise<void> {
  const used = response.usage;
  await usage.charge({
    accountId: source.userId,
    sessionId: source.sessionId,
    origin: "internal",
    purpose: "skill-review",
    providerId: pin.providerId,
    connectionId: pin.connectionId,
    generation: pin.generation,
    model: response.responseModel ?? response.model,
    inputTokens: used.input,
    outputTokens: used.output,
    cacheReadInputTokens: used.cacheRead,
    cacheCreationInputTokens: used.cacheWrite,
    costUsd: used.cost.total,
  });
}
