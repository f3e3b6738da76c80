import { request as httpRequest } from "node:http";

/**
 * Sends a request with the path exactly as written: fetch and URL would normalize dot segments
 * (`..`, `%2e%2e`), which is what these tests must send unchanged.
 */
export function rawRequest(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => {
        body += c.toString();
      });
      res.on("end", () => {
        let parsed: unknown = body;
        try {
          parsed = body ? JSON.parse(body) : undefined;
        } catch {
          // Not JSON: keep the text.
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on("error", reject);
    req.end();
  });
}
