import type { ElowenClient } from "@elowen/client";
import { describeFailure } from "../cli/cli-error.js";
import type { CliContext } from "../cli/context.js";
import { connect } from "../connect/connect.js";
import { type DaemonAddress, resolveDaemonAddress } from "../connect/daemon-address.js";

/** The connection options of a context, as `resolveDaemonAddress` reads them. */
export function addressOf(context: CliContext): DaemonAddress {
  const { url, token, home } = context.options;
  return resolveDaemonAddress(
    {
      ...(typeof url === "string" ? { url } : {}),
      ...(typeof token === "string" ? { token } : {}),
      ...(typeof home === "string" ? { home } : {}),
    },
    context.io.env,
  );
}

/**
 * Runs a scripting command against the daemon (never starting one: a status check should not
 * launch a server). Any failure becomes a CliError with its exit code and the daemon's message.
 */
export async function withClient<T>(
  context: CliContext,
  run: (client: ElowenClient) => Promise<T>,
): Promise<T> {
  const address = addressOf(context);
  try {
    const { client } = await connect(address, {
      env: context.io.env,
      ...(context.io.fetch ? { fetch: context.io.fetch } : {}),
    });
    return await run(client);
  } catch (error) {
    throw describeFailure(error, address.url);
  }
}
