import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type ElowenClient,
  parseEntryData,
  parseSessionEvent,
  type SessionEvent,
  type ToolResultEntryData,
  type TypedSessionEvent,
} from "@elowen/client";
import type { ElowenConfigInput } from "../../src/config/schema.js";
import { startTestDaemon, type TestDaemon, tempHome } from "./test-daemon.js";

/** Writes an offline model script into `dir` and returns its path. */
export function scriptFile(dir: string, yaml: string): string {
  const file = join(dir, `script-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, yaml);
  return file;
}

/** A session's live events as a client receives them over SSE, parsed by type. */
export interface EventLog {
  readonly raw: SessionEvent[];
  readonly events: TypedSessionEvent[];
  /** Resolves with the first event (already received or later) that matches. */
  next<T extends TypedSessionEvent["type"]>(
    type: T,
    where?: (event: Extract<TypedSessionEvent, { type: T }>) => boolean,
  ): Promise<Extract<TypedSessionEvent, { type: T }>>;
  of<T extends TypedSessionEvent["type"]>(type: T): Extract<TypedSessionEvent, { type: T }>[];
  close(): Promise<void>;
}

/** Subscribes to a session's events over real SSE; resolves once the stream is open. */
export async function subscribe(client: ElowenClient, sessionId: string): Promise<EventLog> {
  const raw: SessionEvent[] = [];
  const events: TypedSessionEvent[] = [];
  const waiters: {
    test: (e: TypedSessionEvent) => boolean;
    resolve: (e: TypedSessionEvent) => void;
  }[] = [];
  let opened!: () => void;
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const subscription = client.sessions.events(sessionId, {
    onOpen: () => opened(),
    onEvent: (event) => {
      raw.push(event);
      const parsed = parseSessionEvent(event);
      if (!parsed) return;
      events.push(parsed);
      for (const waiter of [...waiters]) {
        if (waiter.test(parsed)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(parsed);
        }
      }
    },
  });
  await open;
  return {
    raw,
    events,
    next(type, where) {
      const test = (e: TypedSessionEvent) =>
        e.type === type && (where === undefined || where(e as never));
      const found = events.find(test);
      if (found) return Promise.resolve(found as never);
      return new Promise((resolve) => waiters.push({ test, resolve: resolve as never }));
    },
    of(type) {
      return events.filter((e) => e.type === type) as never;
    },
    close: () => subscription.close(),
  };
}

/** Starts a daemon with the brain-kit fixture plugin (consent given), an offline script and settings. */
export async function startBrainDaemon(
  options: {
    readonly script?: string;
    readonly settings?: Record<string, unknown>;
    readonly config?: ElowenConfigInput;
    readonly home?: string;
  } = {},
): Promise<TestDaemon> {
  const home = options.home ?? tempHome();
  const script = options.script === undefined ? undefined : scriptFile(home, options.script);
  return startTestDaemon({
    home,
    plugins: ["brain-kit"],
    config: {
      ...options.config,
      model: { ...(script === undefined ? {} : { script }), ...options.config?.model },
      plugins: {
        consent: { "brain-kit": { mutates: ["tools", "runBoundary", "prompt", "turnContext"] } },
        settings: { "brain-kit": options.settings ?? {} },
        ...options.config?.plugins,
      },
    },
  });
}

/** The tool results of a session's history, in journal order. */
export async function toolResults(
  client: ElowenClient,
  sessionId: string,
): Promise<ToolResultEntryData[]> {
  const { entries } = await client.sessions.history(sessionId);
  return entries.flatMap((e) => {
    const parsed = parseEntryData(e);
    return parsed?.kind === "tool_result" ? [parsed.data] : [];
  });
}
