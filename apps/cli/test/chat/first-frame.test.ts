import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ElowenClient } from "@elowen/client";
import { afterEach, describe, expect, test } from "vitest";
import { ChatApp } from "../../src/chat/chat-app.js";
import { runCli } from "../../src/cli/run-cli.js";
import { LEAVE_SCREEN } from "../../src/tui/first-frame.js";
import { recordingIo } from "../commands/io.js";
import { startCliDaemon, type TestDaemon } from "../support/daemon.js";
import { until } from "../support/until.js";
import { VirtualTerminal } from "../support/virtual-terminal.js";

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("the chat's first screen", { timeout: 60_000 }, () => {
  test("`elowen` draws its start screen before the daemon has answered, and gives the shell its screen back when none does", async () => {
    const held: ServerResponse[] = [];
    const server = createServer((_request, response) => {
      held.push(response);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const io = { ...recordingIo({}), interactive: true };
    const code = runCli(["--url", url, "--no-start"], io);
    // The daemon has not answered /health yet, and the frame is already there.
    await until(() => held.length > 0, "the health check to arrive");
    expect(io.out()).toContain("Elowen");
    expect(io.out()).toContain("Opening the session…");
    expect(io.out()).toContain("Type a message and press Enter.");
    for (const response of held) response.writeHead(503).end();
    expect(await code).toBe(3);
    expect(io.out().endsWith(LEAVE_SCREEN)).toBe(true);
    expect(io.err()).toContain(`the daemon at ${url} is not answering`);
  });

  test("the chat shows its frame, keys included, before the session list arrives", async () => {
    const t: TestDaemon = await startCliDaemon({ bundled: false });
    cleanups.push(() => t.close());
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let listed = false;
    const client = new ElowenClient({
      baseUrl: t.url,
      token: t.ownerToken,
      fetch: async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.pathname === "/sessions" && (init?.method ?? "GET") === "GET") {
          listed = true;
          await gate;
        }
        return fetch(input, init);
      },
    });
    const terminal = new VirtualTerminal(110, 34);
    const starting = ChatApp.start({ client, baseUrl: t.url, terminal, env: {} });
    await until(() => listed, "the session list to be asked for");
    await terminal.flush();
    const frame = terminal.screen();
    expect(frame).toContain("Opening the session…");
    expect(frame).toContain("Type a message and press Enter.");
    release();
    const app = await starting;
    cleanups.push(() => app.stop());
    await until(async () => {
      await terminal.flush();
      return !terminal.screen().includes("Opening the session…");
    }, "the session to open");
    expect(terminal.screen()).toContain("Type a message and press Enter.");
  });
  test("a slash command typed and sent before the command catalog arrives runs what it begins once it does", async () => {
    const t: TestDaemon = await startCliDaemon({ bundled: false });
    cleanups.push(() => t.close());
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    const client = new ElowenClient({
      baseUrl: t.url,
      token: t.ownerToken,
      fetch: async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.pathname === "/commands") {
          asked = true;
          await gate;
        }
        return fetch(input, init);
      },
    });
    const terminal = new VirtualTerminal(110, 34);
    const starting = ChatApp.start({ client, baseUrl: t.url, terminal, env: {} });
    await until(() => asked, "the command catalog to be asked for");
    for (const key of ["/", "s", "e", "s", "s", "\r"]) terminal.send(key);
    await terminal.flush();
    expect(terminal.screen()).not.toContain("is not a command");
    release();
    const app = await starting;
    cleanups.push(() => app.stop());
    await until(async () => {
      await terminal.flush();
      return /^\s*Sessions\s*$/m.test(terminal.screen());
    }, "the sessions picker to open");
    expect(terminal.screen()).not.toContain("is not a command");
    const id = app.session.id ?? "";
    expect((await t.owner.sessions.history(id)).entries).toEqual([]);
  });
});
