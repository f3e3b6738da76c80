import type { IncomingHttpHeaders } from "node:http";
import type { FakeTurn } from "./script.js";

/** The wire protocols the fakes speak, named as pi-ai's `Model.api` names them. */
export type FakeApi = "anthropic-messages" | "openai-completions" | "openai-responses";

/** Deltas per streamed string when neither the block, the reply nor the fake says otherwise. */
export const DEFAULT_CHUNKS = 3;

/** The largest request body a fake accepts by default (Anthropic's limit); past it, HTTP 413. */
export const MAX_REQUEST_BYTES = 32 * 1024 * 1024;

/** How a fake is started. Every field is optional. */
export interface FakeProviderOptions {
  /** The script: the n-th accepted request is answered with `turns[n]`. */
  readonly turns?: readonly FakeTurn[];
  /** Deltas per streamed string (a positive integer); default `DEFAULT_CHUNKS`. */
  readonly chunks?: number;
  /**
   * Socket writes per SSE event (a positive integer, default 1): above 1 each event's bytes are
   * split, even inside a UTF-8 sequence, so a client's SSE buffering is exercised.
   */
  readonly fragments?: number;
  /** When set, any other key is refused with HTTP 401 as the service would. */
  readonly apiKey?: string;
  /** A positive integer; default `MAX_REQUEST_BYTES`. */
  readonly maxRequestBytes?: number;
  /** Default `127.0.0.1`. */
  readonly host?: string;
  /** Default 0 (an ephemeral port). */
  readonly port?: number;
}

/** One request as the fake received it, whether or not it was accepted. */
export interface FakeRequest {
  /** Position among every request this fake received, from 0. */
  readonly index: number;
  readonly method: string;
  /** The path with its query, as sent. */
  readonly path: string;
  /** The headers as received (lowercased names), API key included. */
  readonly headers: IncomingHttpHeaders;
  readonly rawBody: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  readonly body: unknown;
  /** The script position that answered it; undefined when the fake refused it itself. */
  readonly turn: number | undefined;
}

/** A running fake. */
export interface FakeProvider {
  readonly api: FakeApi;
  /** The server's origin, `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** What pi-ai's `Model.baseUrl` takes for this API (the origin, or the origin plus `/v1`). */
  readonly baseUrl: string;
  /** Every request received so far, in arrival order (a live view). */
  readonly requests: readonly FakeRequest[];
  /** Turns not yet consumed. */
  readonly remainingTurns: number;
  /** Appends turns to the script; throws `ProviderFakeError` on an invalid turn. */
  enqueue(...turns: readonly FakeTurn[]): void;
  /** Resolves with `requests[index]` once it has arrived. */
  waitForRequest(index: number): Promise<FakeRequest>;
  /** Stops listening and ends every open connection, stalled streams included. */
  close(): Promise<void>;
}
