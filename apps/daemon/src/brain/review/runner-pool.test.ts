import { describe, expect, test } from "vitest";
import { MODEL_ERRORS } from "../model/model-error.js";
import { ProviderConnections } from "./provider-connections.js";
import { ReviewRunnerPool } from "./runner-pool.js";

describe("ReviewRunnerPool", () => {
  test("admits up to its size at once and never queues the next one", () => {
    const pool = new ReviewRunnerPool(2);
    const first = pool.tryAdmit();
    const second = pool.tryAdmit();
    expect(first && second).toBeTypeOf("function");
    expect(pool.tryAdmit()).toBe(undefined);
    first?.();
    expect(pool.active).toBe(1);
    expect(pool.tryAdmit()).toBeTypeOf("function");
  });

  test("a release counts once however often it is called", () => {
    const pool = new ReviewRunnerPool(1);
    const release = pool.tryAdmit();
    release?.();
    release?.();
    expect(pool.active).toBe(0);
    pool.tryAdmit();
    expect(pool.tryAdmit()).toBe(undefined);
  });

  test("a pool of size 0 is disabled and a closed pool admits nothing", () => {
    expect(new ReviewRunnerPool(0).tryAdmit()).toBe(undefined);
    const pool = new ReviewRunnerPool(3);
    pool.close();
    expect(pool.tryAdmit()).toBe(undefined);
  });

  test("refuses a size that is not a whole number from 0", () => {
    expect(() => new ReviewRunnerPool(-1)).toThrow(/whole number >= 0, got -1/);
    expect(() => new ReviewRunnerPool(1.5)).toThrow(/got 1.5/);
  });
});

describe("ProviderConnections", () => {
  test("a connection starts at generation 1, replaced credentials bump it, and removal ends it", () => {
    const connections = new ProviderConnections();
    connections.add({ providerId: "anthropic", connectionId: "model", auth: "api-key" });
    expect(connections.pin("model")).toEqual({
      providerId: "anthropic",
      connectionId: "model",
      generation: 1,
    });
    expect(connections.replace("model")?.generation).toBe(2);
    expect(connections.remove("model")).toBe(true);
    expect(connections.current("model")).toBe(undefined);
    expect(connections.pin("model")).toBe(undefined);
    expect(connections.replace("model")).toBe(undefined);
  });

  test("refuses a second connection with the same id", () => {
    const connections = new ProviderConnections();
    connections.add({ providerId: "codex", connectionId: "model", auth: "oauth" });
    expect(() =>
      connections.add({ providerId: "codex", connectionId: "model", auth: "oauth" }),
    ).toThrow(/already exists/);
    expect(() =>
      connections.add({ providerId: "codex", connectionId: "model", auth: "oauth" }),
    ).toThrow(expect.objectContaining({ code: MODEL_ERRORS.connectionExists }));
  });
});
