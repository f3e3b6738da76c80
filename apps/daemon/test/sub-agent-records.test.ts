import { afterEach, describe, expect, test } from "vitest";
import { AGENTS_LISTED_PER_SESSION } from "../src/brain/agents/sub-agents.js";
import { startBrainDaemon } from "./helpers/live-events.js";
import type { TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** One turn delegating `count` tasks in a row, each sub-agent answering its number. */
function delegations(count: number): string {
  const calls = Array.from(
    { length: count },
    (_, i) => `      - tools: [{ name: Delegate, args: { task: "task ${i}" } }]`,
  );
  const agents = Array.from({ length: count }, (_, i) => `  - steps: [{ text: "done ${i}" }]`);
  return `turns:\n  - steps:\n${calls.join("\n")}\n      - text: "all delegated"\nagents:\n${agents.join("\n")}\n`;
}

type Listed = { readonly agentId: string; readonly state: string };

describe("sub-agents listed per session", () => {
  test("at 50 finished sub-agents every one is listed; one more drops the oldest", async () => {
    expect(AGENTS_LISTED_PER_SESSION).toBe(50);
    t = await startBrainDaemon({
      script: delegations(AGENTS_LISTED_PER_SESSION + 1),
      // One model request per delegation, then the answer.
      config: { brain: { maxSteps: 100 } },
    });
    const session = await t.owner.sessions.create();
    const reply = await t.owner.sessions.submitTurn(session.id, {
      text: "go",
      waitForSettle: true,
    });
    expect(reply).toMatchObject({ outcome: { reason: "answer", answer: "all delegated" } });
    // The whole branch: history pages hold 50 entries.
    const branch = await t.daemon.host.store.journal.branch(session.id);
    const results = branch
      .filter((e) => e.kind === "tool_result")
      .map((e) => e.data as { details: unknown });
    expect(results).toHaveLength(AGENTS_LISTED_PER_SESSION + 1);
    const details = results.map((r) => r.details as { agentId: string; agents: Listed[] });
    const atCap = details[AGENTS_LISTED_PER_SESSION - 1];
    const past = details[AGENTS_LISTED_PER_SESSION];
    expect(atCap?.agents.map((a) => a.agentId)).toEqual(
      details.slice(0, AGENTS_LISTED_PER_SESSION).map((d) => d.agentId),
    );
    expect(past?.agents.map((a) => a.agentId)).toEqual(details.slice(1).map((d) => d.agentId));
    expect(past?.agents.every((a) => a.state === "completed")).toBe(true);
  });
});
