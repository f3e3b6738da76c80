import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestDaemon, type TestDaemon } from "@elowen/daemon/testing";
import { parseEntryData, type ToolResultEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
import { type ElowenClient, PLUGIN_DIR, refusal, SERVERS } from "./daemon-requests.js";
import { type OAuthMcpServer, startOAuthMcpServer } from "./oauth-server.js";
import { waitFor } from "./wait.js";

const cleanups: (() => Promise<void> | void)[] = [];
let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Row {
  readonly name: string;
  readonly status: string;
  readonly auth: string;
  readonly tools: number;
}

const rowOf = async (client: ElowenClient, name: string) =>
  ((await client.request("GET", SERVERS)) as { servers: Row[] }).servers.find(
    (r) => r.name === name,
  );

const waitForRow = (client: ElowenClient, name: string, status: string) =>
  waitFor(
    () => rowOf(client, name),
    (row) => row?.status === status,
  );

async function whoamiTurn(client: ElowenClient): Promise<ToolResultEntryData | undefined> {
  const session = await client.sessions.create();
  await client.sessions.submitTurn(session.id, { text: "who?", waitForSettle: true });
  const entries = (await client.sessions.history(session.id)).entries;
  return entries
    .flatMap((entry): ToolResultEntryData[] => {
      const parsed = parseEntryData(entry as never);
      return parsed?.kind === "tool_result" ? [parsed.data] : [];
    })
    .at(0);
}

/** The sign-in records under the daemon's data directory, by path. */
function oauthFiles(home: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.includes(`${join("oauth", "account-")}`) && name.endsWith(".json"))
        found.push(path);
    }
  };
  walk(home);
  return found;
}

describe("OAuth sign-in of a url server", { timeout: 300_000 }, () => {
  test("needs-sign-in, the link, tokens kept 0600, tools listed; a refresh; a revoked token asks again", async () => {
    const server: OAuthMcpServer = await startOAuthMcpServer();
    cleanups.push(() => server.close());
    const home = mkdtempSync(join(tmpdir(), "elowen-mcp-oauth-"));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    writeFileSync(
      join(home, "elowen.yaml"),
      `mcp:\n  workspace: ${JSON.stringify(home)}\n  allowPrivateUrls: [loopback]\n`,
    );
    const call =
      '  - steps:\n      - tools: [{ name: mcp__docs__whoami, args: {} }]\n      - text: "Done."\n';
    t = await startTestDaemon({
      plugins: [PLUGIN_DIR],
      home,
      script: `turns:\n${call.repeat(3)}`,
    });
    const daemon = t;
    const alice = await daemon.createAccount("alice", { role: "user" });
    const bob = await daemon.createAccount("bob", { role: "user" });
    await alice.client.request("POST", SERVERS, { body: { name: "docs", url: server.url } });
    expect(await waitForRow(alice.client, "docs", "needs-sign-in")).toMatchObject({
      auth: "needs-sign-in",
      tools: 0,
    });

    // Another account cannot start a sign-in of alice's server: it does not see it.
    expect((await refusal(bob.client.request("POST", `${SERVERS}/docs/sign-in`))).status).toBe(404);
    const begun = (await alice.client.request("POST", `${SERVERS}/docs/sign-in`)) as {
      notice: string;
      openUrl: string;
    };
    expect(begun.notice).toBe("Open the link to sign in to docs.");
    const link = new URL(begun.openUrl);
    expect(`${link.origin}${link.pathname}`).toBe(new URL("/authorize", server.url).toString());
    expect(link.searchParams.get("code_challenge_method")).toBe("S256");

    // The browser follows the link; the authorization server sends it back to the daemon's web root.
    const answer = await fetch(link, { redirect: "manual" });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get("location") ?? "");
    expect(`${back.origin}${back.pathname}${back.search.split("&")[0]}`).toBe(
      `${daemon.url.replace(/\/$/, "")}/?mcp_oauth=callback`,
    );
    const body = { code: back.searchParams.get("code"), state: back.searchParams.get("state") };
    // The web page posts code and state as the account that began: another account is refused.
    expect(
      await refusal(bob.client.request("POST", "/plugins/mcp/oauth/callback", { body })),
    ).toEqual({
      status: 404,
      error:
        "state: no sign-in of yours waits for this state (it expired or was finished); start it again",
    });
    const finished = (await alice.client.request("POST", "/plugins/mcp/oauth/callback", {
      body,
    })) as { message: string };
    expect(finished.message).toBe("Signed in to docs; it is connecting.");
    expect(await waitForRow(alice.client, "docs", "connected")).toMatchObject({
      auth: "signed-in",
      tools: 1,
    });

    const [file] = oauthFiles(home);
    if (file === undefined) throw new Error("no sign-in record was written");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(file, "utf8"));
    const firstToken: string = saved.tokens.access_token;
    expect(server.provider.access.has(firstToken)).toBe(true);
    expect((await whoamiTurn(alice.client))?.content).toEqual([
      { type: "text", text: "signed in" },
    ]);

    // The access token stops working: the SDK refreshes it and the call still answers.
    server.expireAccessTokens();
    expect((await whoamiTurn(alice.client))?.content).toEqual([
      { type: "text", text: "signed in" },
    ]);
    expect(server.provider.refreshes).toBe(1);
    const refreshed: string = JSON.parse(readFileSync(file, "utf8")).tokens.access_token;
    expect(refreshed).not.toBe(firstToken);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // Every token revoked: the call fails and the server asks for a sign-in again.
    server.revokeAll();
    expect((await whoamiTurn(alice.client))?.isError).toBe(true);
    expect(await waitForRow(alice.client, "docs", "needs-sign-in")).toMatchObject({
      auth: "needs-sign-in",
    });

    const logged = daemon.lines.join("\n");
    for (const token of [firstToken, refreshed]) expect(logged).not.toContain(token);
  });
});
