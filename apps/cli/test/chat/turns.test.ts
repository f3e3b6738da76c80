import { describe, expect, test } from "vitest";
import { until } from "../support/until.js";
import { liveChat } from "./app-harness.js";

const live = liveChat();

const CTRL_C = "\x03";

describe("a running turn", () => {
  test("pins a card above the status bar whose clock counts locally, never showing the unpinned card, and freezes when the turn is stopped", async () => {
    const t = await live.daemon({
      bundled: false,
      script: `turns:\n  - steps:\n      - tools: [{ name: Clock, args: { label: "Building" } }]\n      - tools: [{ name: Slow, args: { reason: "Waiting for the build" } }]\n`,
    });
    const chat = await live.chat(t, { fresh: true });
    chat.submit("build it");
    await chat.see("┃ Clock");
    const card = chat.app.session.cards.get("clock");
    const startedAt = card?.items?.[0]?.startedAt ?? 0;
    chat.clock.now = startedAt + 65_000;
    await chat.see("Building · 1m 05s");
    chat.clock.now = startedAt + 125_400;
    const screen = await chat.see("Building · 2m 05s");
    expect(screen).not.toContain("Not pinned");
    expect(chat.app.session.cards.has("hidden")).toBe(true);
    // Aborting settles the item: its clock freezes at the durationMs the card now carries.
    chat.keys(CTRL_C);
    const stopped = await chat.see(/┃ ⊘ Building · \d/);
    const durationMs = chat.app.session.cards.get("clock")?.items?.[0]?.durationMs;
    expect(durationMs).toBeGreaterThanOrEqual(0);
    const frozen = /┃ ⊘ Building · ([^\n]+?)\s*\n/.exec(stopped)?.[1];
    chat.clock.now = startedAt + 600_000;
    expect(await chat.see(`┃ ⊘ Building · ${frozen}`)).not.toMatch(/Building · 10m \d\ds/);
  });

  test("shows the running tool's reason beside the spinner, and Ctrl+C aborts it; the transcript marks the turn interrupted", async () => {
    const t = await live.daemon({
      bundled: false,
      script: `turns:\n  - steps:\n      - tools: [{ name: Slow, args: { reason: "Waiting for the build" } }]\n`,
    });
    const chat = await live.chat(t, { fresh: true });
    chat.submit("wait");
    await chat.see(/Waiting for the build · \d/);
    chat.keys(CTRL_C);
    await chat.see("⏹ interrupted after");
    expect(await chat.screen()).toContain("Stopping the turn · ctrl+c again quits");
    expect(chat.app.session.activity.running).toBeUndefined();
    chat.keys(CTRL_C);
    expect(await chat.app.done).toBe(0);
  });

  test("asks for a tool's permission as a selector and goes on once it is allowed", async () => {
    const t = await live.daemon({
      bundled: false,
      script: `turns:\n  - steps:\n      - tools: [{ name: Deploy, args: { target: "staging" } }]\n      - text: "Deployed."\n`,
    });
    const chat = await live.chat(t, { fresh: true });
    chat.submit("deploy");
    const asked = await chat.see("deploy to staging");
    expect(asked).toMatch(/› ● .*/);
    chat.keys("\r");
    const done = await chat.see("Deployed.");
    expect(done).toMatch(/● Deploy {2}staging/);
    await until(() => chat?.app.screen.dialog === undefined, "the prompt to close");
  });
});
