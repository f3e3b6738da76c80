import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { CORE_VERSION } from "@elowen/plugin-api/versions";
import { hostChecker } from "./host-check.js";
import { listenError } from "./listen.js";

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * How many requests the early socket holds while the daemon loads; one more is answered 503 with
 * `Retry-After: 1` rather than kept, so a burst during start-up cannot grow without bound.
 */
export const EARLY_HELD_REQUESTS = 256;

/**
 * The daemon's listening socket, opened before the store, the models and the plugins load, so
 * that `GET /health` answers at once and says `ready: false` while they load. Every other request
 * is held, unread, and handed to the full server in arrival order once it is {@link serve}d; a
 * start that fails answers the held requests 503 and closes.
 */
export interface EarlyServer {
  /** The node server the full server takes over (its Fastify `serverFactory`). */
  readonly server: Server;
  /** Where it listens, e.g. `http://127.0.0.1:7457`. */
  readonly url: string;
  /** How many requests wait for {@link serve} now. */
  readonly heldCount: number;
  /** From now on every request goes to `handler`: first the held ones, then each new one. */
  serve(handler: RequestHandler): void;
  /** Answers the held requests 503 (`reason`), drops every connection and stops listening. */
  close(reason?: string): Promise<void>;
}

/** What the early server checks before it answers `/health` (the same Host rule as the gate). */
export interface EarlyServerOptions {
  readonly host: string;
  readonly port: number;
  readonly allowedHosts: readonly string[];
}

/**
 * Listens on `host:port` with {@link EarlyServer}. A failed listen throws {@link listenError}'s
 * error (a port in use names the setting to change) with nothing left open.
 */
export async function listenEarly(options: EarlyServerOptions): Promise<EarlyServer> {
  const hostAllowed = hostChecker(options.host, options.allowedHosts);
  const held: Array<[IncomingMessage, ServerResponse]> = [];
  let handler: RequestHandler | undefined;
  const server = createServer((request, response) => {
    if (handler) return handler(request, response);
    const path = (request.url ?? "/").split("?")[0];
    if (path === "/health" && (request.method === "GET" || request.method === "HEAD")) {
      if (!hostAllowed(request.headers.host))
        return answer(response, 403, {
          error:
            "this Host is not allowed (DNS-rebinding protection): add it to server.allowedHosts",
        });
      return answer(response, 200, { ok: true, version: CORE_VERSION, ready: false });
    }
    if (held.length >= EARLY_HELD_REQUESTS)
      return answer(
        response,
        503,
        {
          error: `the daemon is starting and already holds ${EARLY_HELD_REQUESTS} requests; try again shortly`,
        },
        { "retry-after": "1" },
      );
    held.push([request, response]);
  });
  // Fastify's own default: an idle keep-alive connection outlives a client's pause between calls.
  server.keepAliveTimeout = 72_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen({ host: options.host, port: options.port }, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    server.close();
    throw listenError(error, options.host, options.port);
  }
  const { address, port } = server.address() as AddressInfo;
  const url = `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
  return {
    server,
    url,
    get heldCount() {
      return held.length;
    },
    serve(next) {
      handler = next;
      for (const [request, response] of held.splice(0)) next(request, response);
    },
    async close(reason = "the daemon stopped while it was starting") {
      for (const [, response] of held.splice(0)) answer(response, 503, { error: reason });
      handler = (_request, response) => answer(response, 503, { error: reason });
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function answer(
  response: ServerResponse,
  status: number,
  body: object,
  headers: Readonly<Record<string, string>> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
    ...headers,
  });
  response.end(response.req.method === "HEAD" ? undefined : text);
}
