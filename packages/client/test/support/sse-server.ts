import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A real HTTP server on loopback for one test; each connection is handed to `handler`. */
export async function serve(
  handler: (req: IncomingMessage, res: ServerResponse, connection: number) => void,
): Promise<string> {
  let connection = 0;
  server = createServer((req, res) => handler(req, res, ++connection));
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Starts an event stream answer. */
export const sse = (res: ServerResponse) =>
  res.writeHead(200, { "content-type": "text/event-stream" });
