import { mkdirSync, mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { liveChat } from "./app-harness.js";

const live = liveChat();

describe("the chat's working directory", () => {
  test("a new session works in the directory the chat was started in", async () => {
    const t = await live.daemon({ bundled: false });
    // The test daemon's own workspace is the one directory sessions may use by default.
    const workspace = join(t.home, "workspace", "project");
    mkdirSync(workspace, { recursive: true });
    const chat = await live.chat(t, { fresh: true, workspace });
    const id = chat.app.session.id ?? "";
    expect((await t.owner.sessions.get(id)).workspace).toBe(realpathSync(workspace));
  });

  test("a directory the daemon does not allow gets a session of its own workspace and a notice", async () => {
    const t = await live.daemon({ bundled: false });
    const elsewhere = realpathSync(mkdtempSync(join(tmpdir(), "elowen-cli-elsewhere-")));
    const chat = await live.chat(t, { fresh: true, workspace: elsewhere });
    await chat.see("This session works in the daemon's own workspace");
    const id = chat.app.session.id ?? "";
    expect((await t.owner.sessions.get(id)).workspace).toBeUndefined();
  });
});
