import type { ToolResult } from "@elowen/plugin-api/tools";
import type { CodeModeCompositionRequest } from "@elowen/plugin-api/trace";
import { afterEach, describe, expect, test } from "vitest";
import { createCodeModeControl } from "../src/control.js";
import { EXEC_TOOL_NAME, WAIT_TOOL_NAME } from "../src/limits.js";
import { TestTurn } from "./support/host.js";
import { testTools } from "./support/tools.js";

const textOf = (result: ToolResult) =>
  result.content.map((block) => (block.type === "text" ? block.text : "")).join("\n");

let turn: TestTurn | undefined;
afterEach(() => turn?.close());

const request = (tools = testTools()): CodeModeCompositionRequest => ({
  sessionId: "s",
  turnId: "t",
  userId: null,
  tools,
  signal: new AbortController().signal,
  trace: () => {
    throw new Error("no cell runs in this test");
  },
});

describe("compose", () => {
  test("offers exec and wait and withdraws the tools scripts can call, never ShowView", async () => {
    const control = createCodeModeControl({ warmWorkers: 0 });
    const composition = await control.compose(request());
    expect(composition?.tools.map((t) => t.name)).toEqual([EXEC_TOOL_NAME, WAIT_TOOL_NAME]);
    expect(composition?.hide).toEqual([
      "Echo",
      "Sleep",
      "Screenshot",
      "Gate",
      "Big",
      "Fail",
      "Throw",
    ]);
    control.close();
  });

  test("leaves the direct tools visible when hideDirectTools is false", async () => {
    const control = createCodeModeControl({ warmWorkers: 0, hideDirectTools: false });
    expect((await control.compose(request()))?.hide).toBeUndefined();
    control.close();
  });

  test("composes nothing for a turn without a tool a script may call", async () => {
    const control = createCodeModeControl({ warmWorkers: 0 });
    const onlyModelOnly = testTools().filter((t) => t.name === "ShowView");
    expect(await control.compose(request(onlyModelOnly))).toBeUndefined();
    control.close();
  });

  test("composes nothing once closed", async () => {
    const control = createCodeModeControl({ warmWorkers: 0 });
    control.close();
    expect(await control.compose(request())).toBeUndefined();
  });

  test("describes each callable tool to the model, and not ShowView", async () => {
    const control = createCodeModeControl({ warmWorkers: 0, yieldAfterMs: 2500 });
    const exec = (await control.compose(request()))?.tools[0];
    expect(exec?.description).toContain(
      '- tools.Echo(args): Echo (test tool)\n  args: {"type":"object"}',
    );
    expect(exec?.description).toContain("reported as running");
    expect(exec?.description).toContain("after 2.5s");
    expect(exec?.description).not.toContain("ShowView");
    control.close();
  });

  test("authoringReason follows exec's partial arguments and no other tool's", () => {
    const control = createCodeModeControl({ warmWorkers: 0 });
    const partial =
      '{"script":"await tools.Bash({ command: \\"ls\\", description: \\"List\\" }); await tools.Read({';
    expect(control.authoringReason?.(EXEC_TOOL_NAME, partial)).toBe("List");
    expect(control.authoringReason?.("Bash", partial)).toBeUndefined();
    control.close();
  });
});

describe("wrapper arguments", () => {
  test("a script calling ShowView fails in the script without a row", async () => {
    turn = new TestTurn();
    const { result } = await turn.exec('await tools.ShowView({ view: "x" })');
    expect(textOf(result)).toContain(
      "TypeError: tools.ShowView is not a tool this script can call",
    );
    expect(result.details?.toolTrace).toEqual([]);
    expect(turn.toolLog.calls).toEqual([]);
  });

  test.each([
    [{}, "exec: script must be a string of JavaScript"],
    [{ script: "" }, "exec: script must not be empty"],
    [{ script: 5 }, "exec: script must be a string of JavaScript"],
    [{ script: "1", extra: true }, 'exec: unknown argument "extra"'],
  ])("exec refuses %j with an error naming the field", async (args, message) => {
    turn = new TestTurn();
    const { result } = await turn.call(EXEC_TOOL_NAME, args);
    expect(result).toEqual({ content: [{ type: "text", text: message }], isError: true });
  });

  test.each([
    [{ cellId: "" }, "wait: cellId must not be empty"],
    [{ cellId: 1 }, "wait: cellId must be a string, as an exec result names it"],
    [{ cellId: "x".repeat(33) }, "wait: cellId must be at most 32 characters"],
  ])("wait refuses %j with an error naming the field, drawing no row", async (args, message) => {
    turn = new TestTurn();
    const { result } = await turn.call(WAIT_TOOL_NAME, args);
    expect(result).toEqual({
      content: [{ type: "text", text: message }],
      details: { ownRow: false },
      isError: true,
    });
  });
});
