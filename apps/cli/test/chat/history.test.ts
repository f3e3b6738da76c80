import { afterEach, describe, expect, test } from "vitest";
import { HISTORY_LOAD_MAX, loadHistory } from "../../src/chat/history-loader.js";
import { startCliDaemon, type TestDaemon } from "../support/daemon.js";
import { type ScreenHarness, screenHarness } from "../support/screen-harness.js";
import { TurnFixture } from "../support/wire.js";

let t: TestDaemon | undefined;
let h: ScreenHarness | undefined;
afterEach(async () => {
  h?.close();
  h = undefined;
  await t?.close();
  t = undefined;
});

describe("a reload", () => {
  test("reads every entry page by page when the session holds at most the maximum, and only the newest past it", async () => {
    t = await startCliDaemon({
      bundled: false,
      script: "turns:\n  - steps:\n      - text: Hello.\n  - steps:\n      - text: Again.\n",
    });
    const { id } = await t.owner.sessions.create({});
    await t.submitTurn(id, "one");
    await t.submitTurn(id, "two");
    const all = (await t.owner.sessions.history(id)).entries;
    expect(all.length).toBeGreaterThan(3);
    const whole = await loadHistory(t.owner, id, { max: all.length, pageLimit: 2 });
    expect(whole).toEqual({ entries: all, truncated: false });
    const cut = await loadHistory(t.owner, id, { max: all.length - 1, pageLimit: 2 });
    expect(cut).toEqual({ entries: all.slice(1), truncated: true });
    const odd = await loadHistory(t.owner, id, { max: all.length - 2, pageLimit: 3 });
    expect(odd).toEqual({ entries: all.slice(2), truncated: true });
  });

  test("says above the oldest entry it drew that older entries were left unread", async () => {
    h = screenHarness({ columns: 100 });
    const turn = new TurnFixture().start("the oldest prompt still loaded").complete("Done.", 10);
    h.session.historyTruncated = true;
    h.load(turn.entries);
    const lines = (await h.draw()).map((line) => line.trimEnd());
    expect(lines[0]).toBe(
      `  Older entries of this session are not shown: a reload reads the newest ${HISTORY_LOAD_MAX.toLocaleString("en-US")}.`,
    );
    expect(lines[2]).toContain("❯ the oldest prompt still loaded");
    h.session.historyTruncated = false;
    expect((await h.draw()).join("\n")).not.toContain("Older entries");
  });
});
