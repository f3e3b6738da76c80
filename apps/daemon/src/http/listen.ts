import { errorMessage } from "@elowen/plugin-shared/errors";
import type { FastifyInstance } from "fastify";

/**
 * Listens on `host:port` and answers the URL. A port in use, a port the process may not bind or
 * an address this machine does not have becomes an error an operator can act on, naming the
 * address and the setting to change; the server is closed before it is thrown.
 */
export async function listenOn(app: FastifyInstance, host: string, port: number): Promise<string> {
  try {
    return await app.listen({
      host,
      port,
      listenTextResolver: (address) => `listening on ${address}`,
    });
  } catch (error) {
    await app.close().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    const where = `${host.includes(":") ? `[${host}]` : host}:${port}`;
    const fix = "set ELOWEN_PORT or server.port (0 picks a free port)";
    const reason =
      code === "EADDRINUSE"
        ? `the port is in use (another daemon or program listens there); ${fix}`
        : code === "EACCES"
          ? `this process may not bind that port; ${fix}`
          : code === "EADDRNOTAVAIL" || code === "ENOTFOUND"
            ? "this machine has no such address; set ELOWEN_HOST or server.host"
            : errorMessage(error);
    throw new Error(`cannot listen on ${where}: ${reason}`, { cause: error });
  }
}
