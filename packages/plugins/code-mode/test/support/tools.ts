import { errorResult, type ToolResult, textResult } from "@elowen/plugin-api/tools";
import type { NestedTool } from "@elowen/plugin-api/trace";
import { onePixelPng } from "./png.js";

const record = (value: unknown) =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error("aborted"));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new Error("aborted"));
      },
      { once: true },
    );
  });
}

/** Named gates a test opens: a Gate call stays running until the test opens its gate. */
export class Gates {
  private readonly gates = new Map<string, { promise: Promise<void>; open: () => void }>();

  private gate(name: string) {
    let gate = this.gates.get(name);
    if (!gate) {
      let open = () => {};
      const promise = new Promise<void>((resolve) => {
        open = resolve;
      });
      gate = { promise, open };
      this.gates.set(name, gate);
    }
    return gate;
  }

  /** Resolves once `name` is opened, or rejects when `signal` aborts first. */
  wait(name: string, signal?: AbortSignal): Promise<void> {
    const { promise } = this.gate(name);
    if (!signal) return promise;
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(new Error("aborted"));
      signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
      promise.then(resolve);
    });
  }

  /** Lets every call waiting on `name` finish. */
  open(name: string): void {
    this.gate(name).open();
  }
}

/** The calls each test tool saw: its call id and arguments, in start order. */
export interface ToolLog {
  readonly calls: { readonly tool: string; readonly callId: string; readonly args: unknown }[];
  readonly aborted: string[];
}

/**
 * Real nested tools for tests, each doing its work for real: Echo answers its call id and
 * arguments, Sleep waits (and honours the abort signal), Screenshot returns a PNG, Fail returns an
 * error result, Throw throws, Gate waits for the test to open its gate, Big answers `chars`
 * characters, and ShowView is model-only.
 */
export function testTools(
  log: ToolLog = { calls: [], aborted: [] },
  gates: Gates = new Gates(),
): NestedTool[] {
  const tool = (
    name: string,
    execute: (
      callId: string,
      args: Record<string, unknown>,
      signal?: AbortSignal,
    ) => Promise<ToolResult>,
    extra: Partial<NestedTool> = {},
  ): NestedTool => ({
    name,
    description: `${name} (test tool)`,
    parameters: { type: "object" },
    ...extra,
    async execute(callId, args, signal) {
      log.calls.push({ tool: name, callId, args });
      signal?.addEventListener("abort", () => log.aborted.push(callId), { once: true });
      return execute(callId, record(args), signal);
    },
  });
  return [
    tool("Echo", async (callId, args) => textResult(JSON.stringify({ callId, args }))),
    tool("Sleep", async (_id, args, signal) => {
      const ms = Number(args.ms ?? 0);
      await sleep(ms, signal);
      return textResult(`slept ${ms}`);
    }),
    tool("Screenshot", async (_id, args, signal) => {
      await sleep(Number(args.ms ?? 0), signal);
      const shade = Number(args.shade ?? 0);
      return {
        content: [
          { type: "text", text: `screenshot ${shade}` },
          { type: "image", data: onePixelPng(shade, 0, 0), mimeType: "image/png" },
        ],
      };
    }),
    tool("Gate", async (_id, args, signal) => {
      await gates.wait(String(args.name), signal);
      return textResult(`gate ${String(args.name)} opened`);
    }),
    tool("Big", async (_id, args) => textResult("x".repeat(Number(args.chars ?? 0)))),
    tool("Fail", async (_id, args) => errorResult(String(args.message ?? "failed"))),
    tool("Throw", async (_id, args) => {
      throw new Error(String(args.message ?? "thrown"));
    }),
    tool("ShowView", async () => textResult("shown"), { modelOnly: true }),
  ];
}
