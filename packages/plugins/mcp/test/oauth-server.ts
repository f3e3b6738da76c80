import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import {
  InvalidGrantError,
  InvalidTokenError,
} from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import type {
  AuthorizationParams,
  OAuthServerProvider,
} from "@modelcontextprotocol/sdk/server/auth/provider.js";
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthRouter,
} from "@modelcontextprotocol/sdk/server/auth/router.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { createMcpExpressApp } from "@modelcontextprotocol/sdk/server/express.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type {
  OAuthClientInformationFull,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { freePort } from "./everything.js";

/**
 * An authorization server that signs the person in at once (no login page): `authorize` redirects
 * straight back with a code. Access tokens live until `expireAccessTokens`; refresh tokens until
 * `revokeAll`.
 */
class InstantAuthProvider implements OAuthServerProvider {
  readonly clients = new Map<string, OAuthClientInformationFull>();
  readonly clientsStore: OAuthRegisteredClientsStore = {
    getClient: (id) => this.clients.get(id),
    registerClient: (client) => {
      const full = { ...client, client_id: randomUUID(), client_id_issued_at: 0 };
      this.clients.set(full.client_id, full);
      return full;
    },
  };
  readonly codes = new Map<string, { clientId: string; params: AuthorizationParams }>();
  readonly access = new Map<string, string>();
  readonly refresh = new Map<string, string>();
  refreshes = 0;

  async authorize(
    client: OAuthClientInformationFull,
    params: AuthorizationParams,
    res: { redirect(url: string): void },
  ): Promise<void> {
    const code = randomUUID();
    this.codes.set(code, { clientId: client.client_id, params });
    const target = new URL(params.redirectUri);
    target.searchParams.set("code", code);
    if (params.state !== undefined) target.searchParams.set("state", params.state);
    res.redirect(target.toString());
  }

  async challengeForAuthorizationCode(_client: OAuthClientInformationFull, code: string) {
    const held = this.codes.get(code);
    if (!held) throw new InvalidGrantError("unknown authorization code");
    return held.params.codeChallenge;
  }

  async exchangeAuthorizationCode(
    client: OAuthClientInformationFull,
    code: string,
  ): Promise<OAuthTokens> {
    const held = this.codes.get(code);
    if (!held || held.clientId !== client.client_id)
      throw new InvalidGrantError("unknown authorization code");
    this.codes.delete(code);
    return this.#issue(client.client_id, randomUUID());
  }

  async exchangeRefreshToken(
    client: OAuthClientInformationFull,
    refreshToken: string,
  ): Promise<OAuthTokens> {
    if (this.refresh.get(refreshToken) !== client.client_id)
      throw new InvalidGrantError("the refresh token is not valid");
    this.refreshes += 1;
    return this.#issue(client.client_id, refreshToken);
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const clientId = this.access.get(token);
    if (clientId === undefined) throw new InvalidTokenError("the access token is not valid");
    return { token, clientId, scopes: [], expiresAt: Math.floor(Date.now() / 1000) + 3600 };
  }

  #issue(clientId: string, refreshToken: string): OAuthTokens {
    const token = randomUUID();
    this.access.set(token, clientId);
    this.refresh.set(refreshToken, clientId);
    return {
      access_token: token,
      token_type: "bearer",
      expires_in: 3600,
      refresh_token: refreshToken,
    };
  }
}

/** An OAuth-protected MCP server on a loopback port, built from the SDK's server auth pieces. */
export interface OAuthMcpServer {
  readonly url: string;
  readonly provider: InstantAuthProvider;
  /** Access tokens stop working (as when they expire); refresh tokens still do. */
  expireAccessTokens(): void;
  /** Every token stops working: the person must sign in again. */
  revokeAll(): void;
  close(): Promise<void>;
}

/**
 * Starts the server: one tool, `whoami`, answered only with a valid bearer token. `issuerHost`
 * names its authorization server by another host name (same port), as a server may name any.
 */
export async function startOAuthMcpServer(issuerHost = "127.0.0.1"): Promise<OAuthMcpServer> {
  const port = await freePort();
  const base = new URL(`http://127.0.0.1:${port}`);
  const issuer = new URL(`http://${issuerHost}:${port}`);
  const mcpUrl = new URL("/mcp", base);
  const provider = new InstantAuthProvider();
  const app = createMcpExpressApp({ host: "127.0.0.1" });
  app.use(mcpAuthRouter({ provider, issuerUrl: issuer, resourceServerUrl: mcpUrl }));
  const bearer = requireBearerAuth({
    verifier: provider,
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
  });
  app.post("/mcp", bearer, async (req, res) => {
    const server = new McpServer({ name: "oauth-test", version: "1.0.0" });
    server.registerTool("whoami", { description: "Says who called." }, () => ({
      content: [{ type: "text", text: "signed in" }],
    }));
    const transport = new StreamableHTTPServerTransport({});
    res.on("close", () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  app.all("/mcp", (_req, res) => {
    res.status(405).end();
  });
  const http: Server = await new Promise((resolve) => {
    const listening = app.listen(port, "127.0.0.1", () => resolve(listening));
  });
  return {
    url: mcpUrl.toString(),
    provider,
    expireAccessTokens: () => provider.access.clear(),
    revokeAll: () => {
      provider.access.clear();
      provider.refresh.clear();
    },
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
