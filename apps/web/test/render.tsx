import { cleanup, render } from "@testing-library/preact";
import type { ComponentChildren } from "preact";
import { afterAll, afterEach, beforeAll } from "vitest";
import { webClient } from "../src/model/web-client.js";
import { AppContext, type AppServices } from "../src/ui/app-context.js";
import { type Clock, ClockContext } from "../src/ui/clock.js";
import { type DaemonProcess, startDaemonProcess } from "./daemon-process.js";

/** A clock the test moves by hand: elapsed displays redraw only when it ticks. */
export class ManualClock implements Clock {
  #now: number;
  readonly #ticks = new Set<() => void>();
  constructor(now = 1_000_000) {
    this.#now = now;
  }
  now(): number {
    return this.#now;
  }
  subscribe(tick: () => void): () => void {
    this.#ticks.add(tick);
    return () => this.#ticks.delete(tick);
  }
  /** How many displays listen (a settled row or card stops listening). */
  get listeners(): number {
    return this.#ticks.size;
  }
  advance(ms: number): void {
    this.#now += ms;
    for (const tick of [...this.#ticks]) tick();
  }
}

/** The signed-in services for the daemon's owner. */
export async function ownerServices(daemon: DaemonProcess): Promise<AppServices> {
  const client = webClient(daemon.token, daemon.url);
  return { client, me: await client.me(), plugins: [] };
}

/** Renders `ui` signed in (when `services` is given) and with `clock`. */
export function renderWith(
  ui: ComponentChildren,
  options: { readonly services?: AppServices; readonly clock?: Clock } = {},
) {
  const clocked = (
    <ClockContext.Provider value={options.clock ?? new ManualClock()}>{ui}</ClockContext.Provider>
  );
  return render(
    options.services ? (
      <AppContext.Provider value={options.services}>{clocked}</AppContext.Provider>
    ) : (
      clocked
    ),
  );
}

/** The origin of the component tests' page (vitest.config.ts sets happy-dom's URL). */
const HAPPY_DOM_ORIGIN = "http://localhost";

/**
 * A daemon process for a component test file, with the owner's services and a fresh session,
 * started before its tests and stopped after them; every test's rendering is cleaned up.
 */
export function componentSuite(options: Parameters<typeof startDaemonProcess>[0] = {}): {
  readonly services: AppServices;
  readonly sessionId: string;
  readonly daemon: DaemonProcess;
} {
  let daemon: DaemonProcess | undefined;
  let services: AppServices | undefined;
  let sessionId: string | undefined;
  beforeAll(async () => {
    // The component tests' page is happy-dom's http://localhost/, not the daemon's own origin,
    // so the daemon is told to take its state-changing requests (as an operator would).
    daemon = await startDaemonProcess({
      ...options,
      config: {
        ...options.config,
        server: { ...options.config?.server, allowedOrigins: [HAPPY_DOM_ORIGIN] },
      },
    });
    services = await ownerServices(daemon);
    sessionId = (await services.client.sessions.create({})).id;
  });
  afterAll(() => daemon?.stop());
  afterEach(cleanup);
  return {
    get services() {
      if (!services) throw new Error("the daemon starts in beforeAll");
      return services;
    },
    get sessionId() {
      if (!sessionId) throw new Error("the daemon starts in beforeAll");
      return sessionId;
    },
    get daemon() {
      if (!daemon) throw new Error("the daemon starts in beforeAll");
      return daemon;
    },
  };
}
