import { errorMessage } from "@elowen/plugin-shared/errors";

/**
 * The error an operator can act on for a failed listen on `host:port`: it names the address and
 * the setting to change, with the original error as its cause.
 */
export function listenError(error: unknown, host: string, port: number): Error {
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
  return new Error(`cannot listen on ${where}: ${reason}`, { cause: error });
}
