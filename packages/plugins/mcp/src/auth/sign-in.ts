import type { Access } from "@elowen/plugin-api/access";
import { OPEN_URL_MAX_CHARS } from "@elowen/plugin-api/limits";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { MCP_SIGN_IN_MAX_PENDING, MCP_SIGN_IN_TTL_MS } from "../limits.js";
import type { ServerSet } from "../servers/server-set.js";
import type { StoredOAuthProvider } from "./oauth-provider.js";

/** What a sign-in step answers: done (with the link to open when one is needed), or refused. */
export type SignInOutcome =
  | { readonly ok: true; readonly message: string; readonly openUrl?: string }
  | {
      readonly ok: false;
      readonly status: 403 | 404 | 409 | 502;
      readonly message: string;
    };

/** The query the redirect comes back with, on the daemon's web root (see `signInRedirect`). */
export const SIGN_IN_REDIRECT_QUERY = "mcp_oauth=callback";

/** The redirect of a sign-in: the daemon's web root, which hands code and state to the plugin. */
export const signInRedirect = (base: string) =>
  `${base.replace(/\/+$/, "")}/?${SIGN_IN_REDIRECT_QUERY}`;

interface Pending {
  readonly server: string;
  readonly userId: number | null;
  readonly provider: StoredOAuthProvider;
  readonly fetch: FetchLike | undefined;
  readonly url: string;
  readonly since: number;
}

const refuse = (status: 403 | 404 | 409 | 502, message: string): SignInOutcome => ({
  ok: false,
  status,
  message,
});

/**
 * The sign-ins (OAuth, PKCE, by the SDK's `auth`) people start and finish. `begin` answers the
 * authorization link to open; the authorization server sends the browser back to the redirect,
 * whose page posts the code and state to `finish`, which only the account that began it may do.
 * An account signs in its own servers; an administrator signs in the instance's (one sign-in
 * every session uses). Unfinished sign-ins are forgotten after MCP_SIGN_IN_TTL_MS.
 */
export class SignIns {
  readonly #pending = new Map<string, Pending>();

  constructor(
    private readonly set: ServerSet,
    private readonly now: () => number = Date.now,
  ) {}

  async begin(access: Access, name: string, redirectUrl: string): Promise<SignInOutcome> {
    const connection = this.set.visibleTo(access.userId).find((c) => c.server.name === name);
    if (!connection) return refuse(404, `name: there is no MCP server named ${name}`);
    const { config, ownerUserId } = connection.server;
    if (config.transport !== "http" || !connection.oauth)
      return refuse(409, `name: ${name} runs a program over stdio; only url servers sign in`);
    if (ownerUserId === undefined && !access.isAdmin)
      return refuse(403, `only an administrator signs in ${name} (it serves the whole instance)`);
    const provider = connection.oauth;
    provider.beginSignIn(redirectUrl);
    let result: Awaited<ReturnType<typeof auth>>;
    try {
      result = await auth(provider, {
        serverUrl: config.url,
        ...(connection.fetch ? { fetchFn: connection.fetch } : {}),
      });
    } catch (error) {
      return refuse(502, `the sign-in to ${name} could not start: ${errorMessage(error)}`);
    }
    if (result === "AUTHORIZED") {
      await this.set.restart(name);
      return { ok: true, message: `${name} is signed in again; it is connecting.` };
    }
    const link = provider.authorizationUrl?.toString();
    const state = provider.pendingState;
    if (link === undefined || state === undefined)
      return refuse(502, `the sign-in to ${name} gave no authorization link`);
    if (link.length > OPEN_URL_MAX_CHARS)
      return refuse(
        502,
        `the authorization link of ${name} is longer than ${OPEN_URL_MAX_CHARS} characters`,
      );
    this.#forgetOld();
    this.#pending.set(state, {
      server: name,
      userId: access.userId,
      provider,
      fetch: connection.fetch,
      url: config.url,
      since: this.now(),
    });
    return { ok: true, message: `Open the link to sign in to ${name}.`, openUrl: link };
  }

  /** Finishes a sign-in with the redirect's `code` and `state` (checked by the route's schema). */
  async finish(
    access: Access,
    { code, state }: { readonly code: string; readonly state: string },
  ): Promise<SignInOutcome> {
    this.#forgetOld();
    const pending = this.#pending.get(state);
    if (!pending || pending.userId !== access.userId)
      return refuse(
        404,
        "state: no sign-in of yours waits for this state (it expired or was finished); start it again",
      );
    this.#pending.delete(state);
    try {
      await auth(pending.provider, {
        serverUrl: pending.url,
        authorizationCode: code,
        ...(pending.fetch ? { fetchFn: pending.fetch } : {}),
      });
    } catch (error) {
      return refuse(502, `the sign-in to ${pending.server} failed: ${errorMessage(error)}`);
    }
    await this.set.restart(pending.server);
    return { ok: true, message: `Signed in to ${pending.server}; it is connecting.` };
  }

  #forgetOld(): void {
    const now = this.now();
    for (const [state, pending] of this.#pending)
      if (now - pending.since > MCP_SIGN_IN_TTL_MS) this.#pending.delete(state);
    while (this.#pending.size >= MCP_SIGN_IN_MAX_PENDING) {
      const oldest = this.#pending.keys().next().value;
      if (oldest === undefined) break;
      this.#pending.delete(oldest);
    }
  }
}
