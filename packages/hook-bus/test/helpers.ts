import type { PluginLogger, PluginMutation } from "@elowen/plugin-api";
import type { PromptSubmitInput } from "@elowen/plugin-api/events";
import { HookBus, type HookBusOptions } from "../src/index.js";
import { FakeTime } from "./fake-time.js";

/** One line a bus logged. */
export interface LogLine {
  readonly level: "debug" | "info" | "warn" | "error";
  readonly message: string;
  readonly fields?: Readonly<Record<string, unknown>>;
}

/** A logger that keeps its lines, for assertions. */
export function recordingLogger(): { logger: PluginLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at =
    (level: LogLine["level"]) => (message: string, fields?: Readonly<Record<string, unknown>>) =>
      lines.push(fields === undefined ? { level, message } : { level, message, fields });
  return {
    lines,
    logger: { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") },
  };
}

/** A bus on hand-driven time with a recording logger and the given grants. */
export function testBus(
  grants: Readonly<Record<string, readonly PluginMutation[]>> = {},
  options: HookBusOptions = {},
) {
  const time = new FakeTime();
  const { logger, lines } = recordingLogger();
  const bus = new HookBus({
    clock: time,
    timers: time,
    logger,
    grantsOf: (plugin) => grants[plugin] ?? [],
    ...options,
  });
  return { bus, time, lines };
}

/** A prompt.submit event as the engine raises it. */
export const submitted: PromptSubmitInput = {
  text: "hello",
  wait: false,
  origin: { kind: "composer" },
};

/** Records what a promise settled to, without awaiting it. */
export function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

/** A promise that never settles: a hook that hangs. */
export function never<T = never>(): Promise<T> {
  return new Promise<T>(() => {});
}
