import type { InstructionFile } from "@elowen/plugin-api/events";
import { describe, expect, test } from "vitest";
import { brokenDispatcher, hookBus } from "../../test/test-chains.js";
import {
  composeContext,
  contextBlocksToSend,
  frameInstructionFiles,
  renderContextBlocks,
} from "./context-blocks.js";

const AGENTS: InstructionFile = { path: "/repo/AGENTS.md", kind: "project", text: "Use pnpm." };
const USER: InstructionFile = {
  path: "/home/a/.elowen/AGENTS.md",
  kind: "user",
  text: "Be terse.",
};
const FACTS = {
  instructionFiles: [AGENTS],
  userEmail: "a@example.com",
  currentDate: "Today is 2026-10-10.",
};

describe("composeContext", () => {
  test("builds claudeMd, userEmail, attachedProject and currentDate, each only when present, then extra blocks", async () => {
    const result = await composeContext({
      dispatcher: hookBus(),
      facts: { ...FACTS, blocks: [{ name: "acme:ticket", text: "Ticket 7." }] },
    });
    expect(result.blocks.map((b) => b.name)).toEqual([
      "claudeMd",
      "userEmail",
      "currentDate",
      "acme:ticket",
    ]);
    expect(result.blocks[0]?.text).toBe(frameInstructionFiles([AGENTS]));
    expect(result.instructionFiles).toEqual([AGENTS]);
    expect(result.problems).toEqual([]);
  });

  test("renders every block under # name inside one system reminder", async () => {
    const result = await composeContext({
      dispatcher: hookBus(),
      facts: { userEmail: "a@example.com", currentDate: "Today." },
    });
    expect(result.text).toBe(
      "<system-reminder>\nAs you answer, you can use the following context:\n# userEmail\na@example.com\n\n# currentDate\nToday.\n</system-reminder>",
    );
  });

  test("with no instruction files there is no claudeMd block and no files", async () => {
    const result = await composeContext({
      dispatcher: hookBus(),
      facts: { currentDate: "Today." },
    });
    expect(result.blocks.map((b) => b.name)).toEqual(["currentDate"]);
    expect(result.instructionFiles).toEqual([]);
  });

  test("a hook adds, drops and rewrites blocks", async () => {
    const bus = hookBus();
    bus.on("acme", "prompt.context", async (_$, e, next) => {
      const r = await next({ ...e, blocks: e.blocks.filter((b) => b.name !== "userEmail") });
      return {
        ...r,
        blocks: [
          ...r.blocks.map((b) => (b.name === "currentDate" ? { ...b, text: "Friday." } : b)),
          { name: "acme:note", text: "N" },
        ],
      };
    });
    const result = await composeContext({ dispatcher: bus, facts: FACTS });
    expect(result.blocks.map((b) => [b.name, b.name === "claudeMd" ? "…" : b.text])).toEqual([
      ["claudeMd", "…"],
      ["currentDate", "Friday."],
      ["acme:note", "N"],
    ]);
    expect(result.instructionFiles).toEqual([AGENTS]);
  });

  test("files a hook changed under an unchanged claudeMd text are framed into it again", async () => {
    const bus = hookBus();
    bus.on("acme", "prompt.context", (_$, e, next) =>
      next({ ...e, instructionFiles: [...(e.instructionFiles ?? []), USER] }),
    );
    const result = await composeContext({ dispatcher: bus, facts: FACTS });
    expect(result.instructionFiles).toEqual([AGENTS, USER]);
    expect(result.blocks[0]).toEqual({
      name: "claudeMd",
      text: frameInstructionFiles([AGENTS, USER]),
    });
  });

  test("dropping every file drops the claudeMd block", async () => {
    const bus = hookBus();
    bus.on("acme", "prompt.context", (_$, e, next) => next({ ...e, instructionFiles: [] }));
    const result = await composeContext({ dispatcher: bus, facts: FACTS });
    expect(result.blocks.map((b) => b.name)).toEqual(["userEmail", "currentDate"]);
    expect(result.instructionFiles).toEqual([]);
  });

  test("a claudeMd text a hook rewrote leaves the files unknown", async () => {
    const bus = hookBus();
    bus.on("acme", "prompt.context", async (_$, e, next) => {
      const r = await next(e);
      return {
        blocks: r.blocks.map((b) =>
          b.name === "claudeMd" ? { ...b, text: "Only: use pnpm." } : b,
        ),
      };
    });
    const result = await composeContext({ dispatcher: bus, facts: FACTS });
    expect(result.blocks[0]?.text).toBe("Only: use pnpm.");
    expect(result).not.toHaveProperty("instructionFiles");
  });

  test("a rewritten text with files that frame to it keeps them", async () => {
    const bus = hookBus();
    bus.on("acme", "prompt.context", () => ({
      blocks: [{ name: "claudeMd", text: frameInstructionFiles([USER]) }],
      instructionFiles: [USER],
    }));
    const result = await composeContext({ dispatcher: bus, facts: FACTS });
    expect(result.instructionFiles).toEqual([USER]);
  });

  test("a hook that drops claudeMd leaves no files behind it", async () => {
    const bus = hookBus();
    bus.on("acme", "prompt.context", async (_$, e, next) => {
      const r = await next(e);
      return { blocks: r.blocks.filter((b) => b.name !== "claudeMd") };
    });
    expect((await composeContext({ dispatcher: bus, facts: FACTS })).instructionFiles).toEqual([]);
  });

  test("a repeated block name is left out and reported", async () => {
    const result = await composeContext({
      dispatcher: hookBus(),
      facts: { currentDate: "Today.", blocks: [{ name: "currentDate", text: "Again." }] },
    });
    expect(result.blocks).toEqual([{ name: "currentDate", text: "Today." }]);
    expect(result.problems).toEqual([
      expect.objectContaining({ code: "duplicate-context-block", id: "currentDate" }),
    ]);
  });

  test("a chain engine answering something else is reported and the engine's blocks are sent", async () => {
    const answer = { blocks: [{ name: "", text: 1 }] };
    const result = await composeContext({
      dispatcher: brokenDispatcher({ answer }, ["prompt.context"]),
      facts: FACTS,
    });
    expect(result.blocks.map((b) => b.name)).toEqual(["claudeMd", "userEmail", "currentDate"]);
    expect(result.instructionFiles).toEqual([AGENTS]);
    expect(result.problems.map((p) => p.code)).toEqual(["invalid-chain-result"]);
  });
});

describe("renderContextBlocks", () => {
  test("skips blocks without text and is empty when none has any", () => {
    expect(renderContextBlocks([{ name: "claudeMd", text: "" }])).toBe("");
    expect(renderContextBlocks([])).toBe("");
  });
});

describe("contextBlocksToSend", () => {
  const blocks = [
    { name: "userEmail", text: "b@example.com" },
    { name: "currentDate", text: "Saturday." },
    { name: "gitStatus", text: "clean" },
    { name: "acme:ticket", text: "Ticket 8." },
    { name: "acme:new", text: "New." },
  ];

  test("sends a routed block again when its text differs, another block only when none was sent", () => {
    const sent = new Map([
      ["userEmail", "b@example.com"],
      ["currentDate", "Friday."],
      ["acme:ticket", "Ticket 7."],
    ]);
    expect(contextBlocksToSend(blocks, sent).map((b) => b.name)).toEqual([
      "currentDate",
      "gitStatus",
      "acme:new",
    ]);
  });
});
