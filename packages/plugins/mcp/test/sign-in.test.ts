import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Access } from "@elowen/plugin-api/access";
import { afterEach, describe, expect, test } from "vitest";
import { guardedFetch } from "../src/auth/guarded-fetch.js";
import { oauthRecordFile } from "../src/auth/oauth-record.js";
import { SignIns } from "../src/auth/sign-in.js";
import { WorkspaceTrust } from "../src/config/workspace-trust.js";
import { MCP_SIGN_IN_TTL_MS } from "../src/limits.js";
import { mcpPicker } from "../src/mcp-picker.js";
import { ServerSet } from "../src/servers/server-set.js";
import { startOAuthMcpServer } from "./oauth-server.js";
import { waitFor } from "./wait.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const access = (userId: number) => ({ userId, isAdmin: false, isOwner: false }) as Access;
const quiet = () => undefined;
const REDIRECT = "http://127.0.0.1:9/?mcp_oauth=callback";

/** A running set with one account's OAuth server, a sign-in registry on a clock the test moves. */
async function signInSetUp() {
  const server = await startOAuthMcpServer();
  const dataDir = mkdtempSync(join(tmpdir(), "elowen-mcp-sign-in-"));
  const set = new ServerSet({
    log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
    cwd: dataDir,
    clientVersion: "0.0.0",
    oauthFile: (s) => oauthRecordFile(dataDir, s.name, s.ownerUserId),
  });
  cleanups.push(
    () => server.close(),
    () => set.stop(),
    () => rmSync(dataDir, { recursive: true, force: true }),
  );
  await set.apply(
    [
      {
        name: "docs",
        origin: "account",
        ownerUserId: 1,
        config: { transport: "http", url: server.url },
      },
    ],
    () => true,
  );
  await waitFor(
    () => set.connections.get("docs")?.state,
    (state) => state === "needs-sign-in",
  );
  const clock = { now: 1_000_000 };
  const signIns = new SignIns(set, () => clock.now);
  /** Begins a sign-in and follows its link as a browser: the redirect's code and state. */
  const follow = async () => {
    const begun = await signIns.begin(access(1), "docs", REDIRECT);
    if (!begun.ok || begun.openUrl === undefined) throw new Error(JSON.stringify(begun));
    const answer = await fetch(begun.openUrl, { redirect: "manual" });
    const back = new URL(answer.headers.get("location") ?? "");
    return {
      code: back.searchParams.get("code") ?? "",
      state: back.searchParams.get("state") ?? "",
    };
  };
  return { set, signIns, clock, follow, dataDir };
}

describe("sign-ins", { timeout: 60_000 }, () => {
  // The 400s of a bad body (code, state) are the route's schema's, tested through the daemon in
  // e2e-operator.test.ts.
  test("finishing with a state no sign-in waits for is refused with 404, naming the field", async () => {
    const log = { debug: quiet, info: quiet, warn: quiet, error: quiet };
    const set = new ServerSet({ log, cwd: "/", clientVersion: "0" });
    expect(await new SignIns(set).finish(access(1), { code: "c", state: "s" })).toEqual({
      ok: false,
      status: 404,
      message:
        "state: no sign-in of yours waits for this state (it expired or was finished); start it again",
    });
  });

  test("a sign-in finishes until MCP_SIGN_IN_TTL_MS after its link was made, not one millisecond later", async () => {
    const { set, signIns, clock, follow } = await signInSetUp();
    const late = await follow();
    clock.now += MCP_SIGN_IN_TTL_MS + 1;
    expect(await signIns.finish(access(1), late)).toMatchObject({ ok: false, status: 404 });

    const onTime = await follow();
    clock.now += MCP_SIGN_IN_TTL_MS;
    expect(await signIns.finish(access(1), onTime)).toEqual({
      ok: true,
      message: "Signed in to docs; it is connecting.",
    });
    await waitFor(
      () => set.connections.get("docs")?.state,
      (state) => state === "connected",
    );
    expect(set.connections.get("docs")?.authState).toBe("signed-in");
  });

  test("the same state does not finish twice, and another account's finish is refused", async () => {
    const { signIns, follow } = await signInSetUp();
    const back = await follow();
    expect(await signIns.finish(access(2), back)).toMatchObject({ ok: false, status: 404 });
    expect(await signIns.finish(access(1), back)).toMatchObject({ ok: true });
    expect(await signIns.finish(access(1), back)).toMatchObject({ ok: false, status: 404 });
  });

  test("the /mcp picker's key s answers the sign-in link as openUrl, coming back to mcp.publicUrl", async () => {
    const { set, signIns, dataDir } = await signInSetUp();
    const picker = (publicUrl?: string) =>
      mcpPicker({
        set,
        signIns,
        trust: new WorkspaceTrust(dataDir),
        home: undefined,
        accounts: join(dataDir, "accounts"),
        reload: async () => undefined,
        checkUrl: async () => ({ ok: true }),
        ...(publicUrl === undefined ? {} : { publicUrl }),
      });
    const press = (publicUrl?: string) =>
      picker(publicUrl).action?.({ access: access(1), itemId: "docs", action: "s" } as never);
    expect(await press()).toEqual({
      notice:
        "Set mcp.publicUrl (the daemon's address as your browser reaches it) to sign in here, or sign in from the web MCP settings.",
    });
    const answer = await press("https://elowen.example.com");
    expect(answer).toMatchObject({ notice: "Open the link to sign in to docs." });
    const link = new URL((answer as { openUrl: string }).openUrl);
    expect(link.searchParams.get("redirect_uri")).toBe(
      "https://elowen.example.com/?mcp_oauth=callback",
    );
  });

  test("an account's server that names an authorization server at a refused address fails with the rule; no sign-in starts", async () => {
    // The test's address rule refuses the host name "localhost"; the daemon's are the url policy's.
    const server = await startOAuthMcpServer("localhost");
    const dataDir = mkdtempSync(join(tmpdir(), "elowen-mcp-sign-in-"));
    const set = new ServerSet({
      log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
      cwd: dataDir,
      clientVersion: "0.0.0",
      oauthFile: (s) => oauthRecordFile(dataDir, s.name, s.ownerUserId),
      fetchFor: (s) =>
        s.config.transport === "http"
          ? guardedFetch(s.config.url, async (url) =>
              new URL(url).hostname === "localhost" ? "localhost is refused" : undefined,
            )
          : undefined,
    });
    cleanups.push(
      () => server.close(),
      () => set.stop(),
      () => rmSync(dataDir, { recursive: true, force: true }),
    );
    await set.apply(
      [
        {
          name: "docs",
          origin: "account",
          ownerUserId: 1,
          config: { transport: "http", url: server.url },
        },
      ],
      () => true,
    );
    const origin = new URL(server.url).origin;
    const port = new URL(server.url).port;
    const refused = `http://localhost:${port} (named by ${origin}): localhost is refused`;
    const failed = await waitFor(
      () => set.connections.get("docs"),
      (c) => c?.state === "failed",
    );
    expect(failed?.reason).toContain(refused);
    const begun = await new SignIns(set).begin(access(1), "docs", REDIRECT);
    expect(begun).toMatchObject({ ok: false, status: 502 });
    expect(begun.ok ? "" : begun.message).toContain(refused);
    expect(server.provider.clients.size).toBe(0);
  });
});
