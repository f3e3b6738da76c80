import { ElowenClient } from "@elowen/client";
import { CliError } from "../cli/cli-error.js";
import { EXIT_CODES } from "../cli/exit-codes.js";
import { DAEMON_START_TIMEOUT_MS, startBackgroundDaemon } from "./background-daemon.js";
import { type DaemonAddress, readOwnerToken } from "./daemon-address.js";

/** How long a health check waits for an answer (ours). */
export const HEALTH_TIMEOUT_MS = 2_000;

/** A client signed in to a daemon that answered. */
export interface Connection {
  readonly client: ElowenClient;
  readonly url: string;
  readonly token: string;
  /** True when this call started the daemon in the background. */
  readonly started: boolean;
}

/** What connecting needs besides the address. */
export interface ConnectOptions {
  readonly fetch?: typeof fetch;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Start a local daemon in the background when none answers (only for a locally found address). */
  readonly startIfMissing?: { readonly binPath: string; readonly onStart?: (home: string) => void };
}

/**
 * Answers true when `GET /health` of `url` answers 200 within {@link HEALTH_TIMEOUT_MS} and does
 * not say `ready: false`. A daemon still loading its plugins answers `ready: false`: this waits,
 * up to {@link DAEMON_START_TIMEOUT_MS}, until it is ready (false when it stops answering).
 */
export async function isHealthy(url: string, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  const deadline = Date.now() + DAEMON_START_TIMEOUT_MS;
  for (;;) {
    const state = await healthOf(url, fetchImpl);
    if (state !== "loading") return state === "ready";
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function healthOf(
  url: string,
  fetchImpl: typeof fetch,
): Promise<"down" | "loading" | "ready"> {
  try {
    const response = await fetchImpl(`${url}/health`, {
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return "down";
    }
    const body: unknown = await response.json().catch(() => undefined);
    const loading =
      typeof body === "object" && body !== null && (body as { ready?: unknown }).ready === false;
    return loading ? "loading" : "ready";
  } catch {
    return "down";
  }
}

/**
 * Connects to the daemon at `address`. When none answers and the address was found locally
 * (daemon.json or the default), and `startIfMissing` is given, starts `elowen daemon` in the
 * background and waits for it; an explicitly named URL is never replaced. Throws a CliError with
 * the unreachable or unauthorized exit code when it cannot sign in.
 */
export async function connect(
  address: DaemonAddress,
  options: ConnectOptions,
): Promise<Connection> {
  const fetchImpl = options.fetch ?? fetch;
  let url = address.url;
  let started = false;
  if (!(await isHealthy(url, fetchImpl))) {
    const local = address.source === "daemon.json" || address.source === "default";
    if (!local || !options.startIfMissing) {
      throw new CliError(
        EXIT_CODES.unreachable,
        `the daemon at ${url} is not answering. Start one with \`elowen daemon\`${local ? ", or run `elowen`, which starts one in the background" : ""}.`,
      );
    }
    options.startIfMissing.onStart?.(address.home);
    url = await startBackgroundDaemon({
      home: address.home,
      binPath: options.startIfMissing.binPath,
      env: options.env,
      healthy: (candidate) => isHealthy(candidate, fetchImpl),
    });
    started = true;
  }
  const token = address.token ?? readOwnerToken(address.home);
  if (token === undefined) {
    throw new CliError(
      EXIT_CODES.unauthorized,
      `no token to sign in to ${url}: pass --token, set ELOWEN_TOKEN, or run elowen as the daemon's owner (it reads ${address.home}/owner.token)`,
    );
  }
  const client = new ElowenClient({
    baseUrl: url,
    token,
    surface: "cli",
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return { client, url, token, started };
}
