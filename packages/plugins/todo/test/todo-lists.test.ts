import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { PluginLogger } from "@elowen/plugin-api";
import { describe, expect, test } from "vitest";
import type { TodoItem } from "../src/todo-items.js";
import { TodoLists } from "../src/todo-lists.js";
import { tempDir } from "./temp-dir.js";

const item = (id: string, status: TodoItem["status"] = "pending"): TodoItem => ({
  id,
  text: `Task ${id}`,
  status,
  ...(status === "in_progress" ? { startedAt: 1_000 } : {}),
});

function recordingLog(): PluginLogger & { lines: string[] } {
  const lines: string[] = [];
  const push = (level: string) => (message: string) => lines.push(`${level}: ${message}`);
  return {
    lines,
    debug: push("debug"),
    info: push("info"),
    warn: push("warn"),
    error: push("error"),
  };
}

const session = { sessionId: "session-1" };

describe("TodoLists", () => {
  test("reads a list written before a restart, with its start times", async () => {
    const dir = await tempDir();
    await new TodoLists({ dir }).update(session, () => [item("a", "in_progress"), item("b")]);
    const restarted = new TodoLists({ dir });
    expect(await restarted.read(session)).toEqual([item("a", "in_progress"), item("b")]);
  });

  test("keeps one file per list with the session it belongs to", async () => {
    const dir = await tempDir();
    const lists = new TodoLists({ dir });
    await lists.update(session, () => [item("a")]);
    await lists.update({ sessionId: "session-1", agentId: "agent-1" }, () => [item("z")]);
    expect((await readdir(dir)).sort()).toEqual(
      [lists.fileOf(session), lists.fileOf({ sessionId: "session-1", agentId: "agent-1" })]
        .map((f) => f.slice(dir.length + 1))
        .sort(),
    );
    expect(JSON.parse(await readFile(lists.fileOf(session), "utf8"))).toEqual({
      version: 1,
      sessionId: "session-1",
      items: [item("a")],
    });
    expect(await lists.read({ sessionId: "session-1", agentId: "agent-1" })).toEqual([item("z")]);
  });

  test("removes the file when the list is emptied", async () => {
    const dir = await tempDir();
    const lists = new TodoLists({ dir });
    await lists.update(session, () => [item("a")]);
    await lists.update(session, () => []);
    expect(await readdir(dir)).toEqual([]);
    expect(await new TodoLists({ dir }).read(session)).toEqual([]);
  });

  test("applies concurrent changes one at a time, in call order", async () => {
    const lists = new TodoLists({ dir: await tempDir() });
    const writes = Array.from({ length: 20 }, (_, i) =>
      lists.update(session, (previous) => [...previous, item(String(i))]),
    );
    await Promise.all(writes);
    expect((await lists.read(session)).map((i) => i.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => String(i)),
    );
  });

  test("reads a list it evicted from memory back from disk", async () => {
    const lists = new TodoLists({ dir: await tempDir(), maxInMemory: 1 });
    await lists.update({ sessionId: "s1" }, () => [item("one", "in_progress")]);
    await lists.update({ sessionId: "s2" }, () => [item("two")]);
    expect(await lists.read({ sessionId: "s1" })).toEqual([item("one", "in_progress")]);
  });

  test.each([
    ["invalid JSON", "{not json"],
    ["a list of another shape", JSON.stringify({ version: 2, sessionId: "session-1", items: [] })],
  ])(
    "logs a file holding %s and reads it as empty; the next change replaces it",
    async (_, text) => {
      const dir = await tempDir();
      const log = recordingLog();
      const lists = new TodoLists({ dir, log });
      await writeFile(lists.fileOf(session), text);
      expect(await lists.read(session)).toEqual([]);
      expect(log.lines).toHaveLength(1);
      expect(log.lines[0]).toMatch(/^warn: todo list .* reading it as empty$/);
      await lists.update(session, () => [item("a")]);
      expect(await new TodoLists({ dir }).read(session)).toEqual([item("a")]);
    },
  );

  test("keeps a change in memory and logs it when the disk refuses the write", async () => {
    const root = await tempDir();
    const dir = join(root, "lists");
    await writeFile(dir, "a file where the directory should be");
    const log = recordingLog();
    const lists = new TodoLists({ dir, log });
    expect(await lists.update(session, () => [item("a")])).toEqual([item("a")]);
    expect(await lists.read(session)).toEqual([item("a")]);
    expect(log.lines).toHaveLength(2);
    expect(log.lines[0]).toMatch(/^warn: todo list .* cannot be read .*ENOTDIR/);
    expect(log.lines[1]).toMatch(/^error: todo list .* was not saved/);
  });

  test("does not read another session's file as its own", async () => {
    const dir = await tempDir();
    const lists = new TodoLists({ dir });
    await mkdir(dir, { recursive: true });
    const other = { version: 1, sessionId: "someone-else", items: [item("x")] };
    await writeFile(lists.fileOf(session), JSON.stringify(other));
    expect(await lists.read(session)).toEqual([]);
  });
});
