import type { FastifyInstance } from "fastify";

/**
 * One line per request once its response is sent: method, path (never the query, which may carry
 * a token), status and duration. Requests that changed something, and every 4xx, log at `info`;
 * a 5xx at `error`; reads that succeeded (the web client's polls, `/health`) at `debug`.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook("onResponse", async (request, reply) => {
    const status = reply.statusCode;
    const path = request.url.split("?", 1)[0] ?? request.url;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const line = `${request.method} ${path} ${status} ${ms} ms`;
    const fields = { method: request.method, path, status, ms };
    if (status >= 500) request.log.error(fields, line);
    else if (status >= 400 || !READS.has(request.method)) request.log.info(fields, line);
    else request.log.debug(fields, line);
  });
}

const READS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);
