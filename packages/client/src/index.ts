/**
 * @elowen/client: a typed HTTP and SSE client of the Elowen daemon. Every answer is parsed with
 * the wire schemas of `@elowen/wire`; live events reconnect without losing or repeating one.
 */

export type { ErrorBody, SessionEvent } from "@elowen/wire";
export { ElowenApiError } from "./api-error.js";
export type { ElowenClientOptions, RequestOptions } from "./client.js";
export { ElowenClient } from "./client.js";
export type { EventSubscription, SubscribeOptions } from "./event-stream.js";
export { SEEN_EVENT_IDS } from "./event-stream.js";
export type { ReconnectPolicy, SubscriptionTimers } from "./reconnect-delay.js";
export { SSE_IDLE_TIMEOUT_MS } from "./reconnect-delay.js";
