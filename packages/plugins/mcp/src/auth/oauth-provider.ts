import { randomBytes } from "node:crypto";
import type {
  OAuthClientProvider,
  OAuthDiscoveryState,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { McpError } from "../mcp-error.js";
import { type OAuthRecord, readOAuthRecord, writeOAuthRecord } from "./oauth-record.js";

/**
 * Thrown inside the SDK's flow when it would need the person (register a client or send them to
 * the authorization page) while no one is signing in: the server's state becomes `needs-sign-in`.
 */
export class SignInRequired extends McpError {
  override readonly name = "SignInRequired";

  constructor() {
    super("mcp.sign_in_required", "the server needs a sign-in (OAuth)");
  }
}

/** True when an error of a connect or a call means the server wants a (new) sign-in. */
export function isSignInError(error: unknown): boolean {
  return (
    error instanceof SignInRequired ||
    error instanceof UnauthorizedError ||
    (error instanceof StreamableHTTPError && error.code === 401)
  );
}

/** Stands in for the redirect while no one signs in: the SDK needs one, nothing is sent to it. */
const NO_REDIRECT = "http://localhost/";

/**
 * The SDK's OAuth client provider for one server and one owner (an account, or the instance),
 * kept in a 0600 file (see `oauthRecordFile`). Connects use it passively: stored tokens are sent
 * and refreshed by the SDK, and anything that needs the person throws {@link SignInRequired}.
 * `beginSignIn` makes it interactive for one flow: the SDK registers a client for the redirect
 * if needed, makes the PKCE verifier (saved) and the authorization URL (kept in
 * `authorizationUrl`), with the `state` it asked for in `pendingState`. Tokens are never logged.
 */
export class StoredOAuthProvider implements OAuthClientProvider {
  #record: OAuthRecord;
  #redirect: string | undefined;
  /** The authorization URL of the sign-in in progress. */
  authorizationUrl: URL | undefined;
  /** The OAuth `state` of the sign-in in progress. */
  pendingState: string | undefined;

  readonly #file: string;

  constructor(file: string, serverUrl: string) {
    this.#file = file;
    this.#record = readOAuthRecord(file, serverUrl);
  }

  /** Starts an interactive flow whose redirect is `redirectUrl`. */
  beginSignIn(redirectUrl: string): void {
    this.#redirect = redirectUrl;
    this.authorizationUrl = undefined;
    this.pendingState = undefined;
  }

  /** True while tokens are stored. */
  get signedIn(): boolean {
    return this.#record.tokens !== undefined;
  }

  get redirectUrl(): string {
    return this.#redirect ?? this.#record.redirectUrl ?? NO_REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Elowen",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  state(): string {
    this.pendingState = randomBytes(24).toString("base64url");
    return this.pendingState;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const client = this.#record.client;
    if (this.#redirect === undefined) {
      if (client === undefined) throw new SignInRequired();
      return client;
    }
    // A registration made for another redirect would be refused at the authorization page.
    const uris = (client as { redirect_uris?: unknown } | undefined)?.redirect_uris;
    if (Array.isArray(uris) && !uris.includes(this.#redirect)) return undefined;
    return client;
  }

  async saveClientInformation(client: OAuthClientInformationMixed): Promise<void> {
    await this.#save({ ...this.#record, client });
  }

  tokens(): OAuthTokens | undefined {
    return this.#record.tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    const { verifier: _used, ...rest } = this.#record;
    await this.#save({ ...rest, tokens });
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    if (this.#redirect === undefined) throw new SignInRequired();
    this.authorizationUrl = authorizationUrl;
  }

  async saveCodeVerifier(verifier: string): Promise<void> {
    if (this.#redirect === undefined) throw new SignInRequired();
    await this.#save({ ...this.#record, verifier, redirectUrl: this.#redirect });
  }

  codeVerifier(): string {
    const verifier = this.#record.verifier;
    if (verifier === undefined) throw new SignInRequired();
    return verifier;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.#record.discovery;
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.#save({ ...this.#record, discovery });
  }

  async invalidateCredentials(
    scope: "all" | "client" | "tokens" | "verifier" | "discovery",
  ): Promise<void> {
    const { client, tokens, verifier, discovery, ...rest } = this.#record;
    const keep = (part: string) => scope !== "all" && scope !== part;
    await this.#save({
      ...rest,
      ...(keep("client") && client ? { client } : {}),
      ...(keep("tokens") && tokens ? { tokens } : {}),
      ...(keep("verifier") && verifier ? { verifier } : {}),
      ...(keep("discovery") && discovery ? { discovery } : {}),
    });
  }

  async #save(record: OAuthRecord): Promise<void> {
    this.#record = record;
    await writeOAuthRecord(this.#file, record);
  }
}
