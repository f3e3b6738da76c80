import { isRecord } from "@elowen/plugin-shared/record";
import type { CapturedRequest } from "../model/captured-request.js";

/**
 * The provider APIs whose requests carry the whole conversation as a plain history array, by the
 * payload field that holds it: what a skill review can extend without reconstructing anything.
 */
export const SKILL_REVIEW_ROUTE_APIS = {
  "anthropic-messages": "messages",
  "openai-codex-responses": "input",
  "openai-responses": "input",
  "openai-completions": "messages",
} as const;

/** The offline model's provider id: its payload is a plain `messages` history too. */
export const OFFLINE_PROVIDER_ID = "offline";

/** The payload field holding a request's history array, or undefined for another API. */
export function historyKey(request: CapturedRequest): string | undefined {
  if (request.model.provider === OFFLINE_PROVIDER_ID) return "messages";
  return (SKILL_REVIEW_ROUTE_APIS as Record<string, string>)[request.model.api];
}

function hostedTools(payload: Record<string, unknown>, request: CapturedRequest): boolean {
  const tools = payload.tools;
  // The offline model runs nothing itself: its declarations are the host's tools.
  if (!Array.isArray(tools) || request.model.provider === OFFLINE_PROVIDER_ID) return false;
  const api = request.model.api;
  return tools.some((tool) => {
    if (!isRecord(tool)) return false;
    // Anthropic's own client tools carry no type (or "custom"); a typed one runs at Anthropic.
    if (api === "anthropic-messages")
      return typeof tool.type === "string" && tool.type !== "custom";
    // OpenAI's function tools are the host's; web search, file search, MCP... run at OpenAI.
    return tool.type !== "function";
  });
}

function statefulDelta(request: CapturedRequest, payload: Record<string, unknown>): boolean {
  if (payload.previous_response_id != null || payload.conversation != null) return true;
  const transport = request.options.transport;
  return (
    request.model.api === "openai-codex-responses" && transport !== undefined && transport !== "sse"
  );
}

/**
 * Core's route eligibility for a skill review: the source's API must be one of
 * {@link SKILL_REVIEW_ROUTE_APIS} (or the offline model) and its last actual request a plain
 * history array with stable top-level fields, as the provider built it. Tools the provider runs
 * itself (they would bypass the host's tool gate) answer `hosted-tools`; a stateful delta
 * (`previous_response_id`, a conversation object, a Codex WebSocket continuation), a request
 * whose payload was never seen, and any other API answer `unsupported-route`. Undefined when the
 * route is eligible. That the child's inherited prefix stays byte-identical is checked again on
 * the child's own payload before it is sent (see `inheritedPrefixProblem`).
 */
export function skillReviewSourceSkipReason(
  request: CapturedRequest | undefined,
): "unsupported-route" | "hosted-tools" | undefined {
  if (!request) return "unsupported-route";
  const key = historyKey(request);
  if (key === undefined) return "unsupported-route";
  const payload = request.payload;
  if (!isRecord(payload) || !Array.isArray(payload[key])) return "unsupported-route";
  if (hostedTools(payload, request)) return "hosted-tools";
  if (statefulDelta(request, payload)) return "unsupported-route";
  return undefined;
}
