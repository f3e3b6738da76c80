import { readFile } from "node:fs/promises";
import { extname, join, resolve } from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * The web client document's content security policy: scripts from this origin and `blob:` (a
 * plugin's browser bundle, fetched with the token and imported from a blob URL), no inline
 * script, no eval, connections to this origin only, and never framed.
 */
export const WEB_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self' blob:; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".json": "application/json",
};

/** An asset name of a Vite build: one flat, hashed file name (no directory, no `..`). */
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/**
 * Serves the built web client from `webDir` on the API's own origin: `GET /` is its
 * `index.html` (never cached, with the content security policy) and `GET /assets/<name>` its
 * hashed files (cached for good). Both are public: the app holds no secret, and every API route
 * stays behind the bearer gate (the Host check still applies). Anything else under `/assets/` is a
 * 404, read from nowhere outside `<webDir>/assets`.
 */
export function webRoutes(app: FastifyInstance, webDir: string): void {
  const root = resolve(webDir);
  const send = async (reply: FastifyReply, file: string, cache: string) => {
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch {
      return reply.code(404).send({ error: "no such file in the web client" });
    }
    return reply
      .header("content-type", TYPES[extname(file)] ?? "application/octet-stream")
      .header("x-content-type-options", "nosniff")
      .header("cache-control", cache)
      .send(bytes);
  };
  app.route({
    method: "GET",
    url: "/",
    config: { auth: "none" },
    schema: { hide: true },
    handler: (_request, reply) =>
      send(
        reply
          .header("content-security-policy", WEB_CONTENT_SECURITY_POLICY)
          .header("referrer-policy", "no-referrer"),
        join(root, "index.html"),
        "no-cache",
      ),
  });
  app.route({
    method: "GET",
    url: "/assets/:name",
    config: { auth: "none" },
    schema: { hide: true },
    handler: (request, reply) => {
      const { name } = request.params as { name: string };
      if (!ASSET_NAME.test(name) || name.includes(".."))
        return reply.code(404).send({ error: "no such file in the web client" });
      return send(reply, join(root, "assets", name), "public, max-age=31536000, immutable");
    },
  });
}
