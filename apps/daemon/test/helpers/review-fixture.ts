import type { Context } from "@mariozechner/pi-ai";
import { captureRequest } from "../../src/brain/model/captured-request.js";
import type { ModelRequest, ModelRuntime } from "../../src/brain/model/model-runtime.js";
import { createOfflineModel } from "../../src/brain/model/offline-model.js";
import { parseOfflineScript } from "../../src/brain/model/offline-script.js";
import { ProviderConnections } from "../../src/brain/review/provider-connections.js";
import { ProviderQuotaStore } from "../../src/brain/review/provider-quota.js";
import type { ReviewSource } from "../../src/brain/review/review-admission.js";
import type { ReviewClosureDeps, ReviewEvent } from "../../src/brain/review/review-closure.js";
import { ReviewRunnerPool } from "../../src/brain/review/runner-pool.js";

/** The clock of the review tests. */
export const NOW = 1_800_000_000_000;

/** A settled source made the way the brain makes one: a real offline request, captured. */
export interface ReviewFixture {
  readonly runtime: ModelRuntime;
  readonly connections: ProviderConnections;
  readonly source: ReviewSource;
  /** Every request the model was asked for after the source, with its context. */
  readonly requests: { readonly context: Context; readonly request: ModelRequest }[];
  readonly events: ReviewEvent[];
  readonly charges: {
    readonly cacheRead: number;
    readonly input: number;
    readonly generation: number;
  }[];
  /** The live callback's answers, in order; the last repeats. */
  live: boolean[];
  liveCalls: number;
  leaf: string | null;
  readonly controller: AbortController;
  deps(overrides?: Partial<ReviewClosureDeps>): ReviewClosureDeps;
}

/**
 * Plays a source turn on the offline model (the script's first turn answers it) and returns what
 * a review of it needs, with the closure's reads (live authority, the session's leaf) held in
 * fields a test changes. `auth` is the connection's kind (the offline model's is `none`).
 */
export async function reviewFixture(
  script: string,
  auth: "none" | "oauth" | "api-key" = "none",
): Promise<ReviewFixture> {
  const offline = createOfflineModel(parseOfflineScript(script));
  const requests: ReviewFixture["requests"] = [];
  const runtime: ModelRuntime = {
    ...offline,
    auth,
    stream(model, context, options, request) {
      if (request.purpose === "review") requests.push({ context, request });
      return offline.stream(model, context, options, request);
    },
  };
  const connections = new ProviderConnections();
  connections.add({ providerId: "offline", connectionId: "model", auth });
  const context: Context = {
    systemPrompt: "You are Elowen.",
    messages: [{ role: "user", content: "Deploy the site, please.", timestamp: 1 }],
    tools: [
      {
        name: "Bash",
        description: "Runs a command",
        parameters: { type: "object", properties: {} } as never,
      },
    ],
  };
  const { captured, options } = captureRequest(runtime.model, context, { sessionId: "s1" }, NOW, {
    connection: () => connections.pin("model"),
    response: () => undefined,
  });
  const stream = runtime.stream(runtime.model, context, options, {
    sessionId: "s1",
    turnOrdinal: 0,
    step: 0,
    purpose: "turn",
  });
  const finalAnswer = runtime.finish(await stream.result());
  const controller = new AbortController();
  const fixture: ReviewFixture = {
    runtime,
    connections,
    source: { userId: 7, sessionId: "s1", leafId: "e-leaf", request: captured, finalAnswer },
    requests,
    events: [],
    charges: [],
    live: [true],
    liveCalls: 0,
    leaf: "e-leaf",
    controller,
    deps: (overrides = {}) => {
      let ordinal = 0;
      return {
        model: runtime,
        connections,
        quota: new ProviderQuotaStore(),
        runners: new ReviewRunnerPool(1),
        live: async () => {
          const answer = fixture.live[Math.min(fixture.liveCalls, fixture.live.length - 1)];
          fixture.liveCalls += 1;
          return answer ?? true;
        },
        currentLeaf: async () => fixture.leaf,
        now: () => NOW,
        quotaStaleMs: 15 * 60_000,
        signal: controller.signal,
        nextOrdinal: () => ordinal++,
        charge: async (response, pin) => {
          fixture.charges.push({
            cacheRead: response.usage.cacheRead,
            input: response.usage.input,
            generation: pin.generation,
          });
        },
        observe: async (event) => {
          fixture.events.push(event);
        },
        ...overrides,
      };
    },
  };
  return fixture;
}
