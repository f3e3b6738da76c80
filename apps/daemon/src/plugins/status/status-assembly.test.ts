import type { BrainStatusProvider } from "@elowen/plugin-api/status";
import { describe, expect, test } from "vitest";
import {
  assembleStatus,
  OFFLINE_MODEL,
  STATUS_PROVIDER_BUDGET_MS,
  type StatusSources,
} from "./status-assembly.js";

function sources(...providers: BrainStatusProvider[]): StatusSources & { logs: string[] } {
  const logs: string[] = [];
  return {
    providers: providers.map((provider, i) => ({ plugin: `p${i}`, provider })),
    model: () => OFFLINE_MODEL,
    admitsNewWork: () => true,
    plugins: () => [],
    log: (m) => logs.push(m),
    logs,
  };
}
const admin = { isAdmin: true, userId: 1 };

describe("assembleStatus", () => {
  test("with no provider the MCP section is absent and the model says offline", async () => {
    const status = await assembleStatus(sources(), admin);
    expect("mcp" in status).toBe(false);
    expect(status.model.offline).toBe(true);
  });

  test("a provider's null is kept as null, and omitted stays absent", async () => {
    expect(
      (
        await assembleStatus(
          sources(() => ({ mcp: null })),
          admin,
        )
      ).mcp,
    ).toBeNull();
    expect(
      "mcp" in
        (await assembleStatus(
          sources(
            () => ({}),
            () => undefined,
            () => null,
          ),
          admin,
        )),
    ).toBe(false);
  });

  test("rows from any provider win over another's null, in provider order", async () => {
    const row = (name: string) => ({ name, status: "ok", auth: { state: "none" as const } });
    const status = await assembleStatus(
      sources(
        () => ({ mcp: null }),
        () => ({ mcp: [row("a")] }),
        () => ({ mcp: [row("b")] }),
      ),
      admin,
    );
    expect(status.mcp?.map((r) => r.name)).toEqual(["a", "b"]);
  });

  test("asynchronous and synchronous providers mix; rows keep provider order", async () => {
    const row = (name: string) => ({ name, status: "ok", auth: { state: "none" as const } });
    const status = await assembleStatus(
      sources(
        () => ({ mcp: [row("a")] }),
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          return { mcp: [row("b")] };
        },
        () => ({ mcp: [row("c")] }),
        async () => ({ mcp: null }),
      ),
      admin,
    );
    expect(status.mcp?.map((r) => r.name)).toEqual(["a", "b", "c"]);
  });

  test("each provider gets arguments of its own, and a thenable that is not a promise is awaited", async () => {
    const row = (name: string) => ({ name, status: "ok", auth: { state: "none" as const } });
    const seen: boolean[] = [];
    const status = await assembleStatus(
      sources(
        (args) => {
          seen.push(args.isAdmin);
          (args as { isAdmin: boolean }).isAdmin = false;
          return { mcp: [row("a")] };
        },
        (args) => {
          seen.push(args.isAdmin);
          return {
            // biome-ignore lint/suspicious/noThenProperty: a library-style thenable, on purpose
            then: (resolve: (value: unknown) => void) => resolve({ mcp: [row("b")] }),
          } as unknown as Promise<{ mcp: ReturnType<typeof row>[] }>;
        },
      ),
      admin,
    );
    expect(seen).toEqual([true, true]);
    expect(status.mcp?.map((r) => r.name)).toEqual(["a", "b"]);
  });

  test("MCP rows are projected to name, status and auth.state; unknown fields and invalid rows are dropped", async () => {
    const provider = () => ({
      mcp: [
        {
          name: "docs",
          status: "connected",
          auth: { state: "needs-sign-in", url: "https://x", token: "t" },
          secret: 1,
        },
        { name: "bad", status: "connected", auth: { state: "logged-in" } },
      ],
    });
    const s = sources(provider as unknown as BrainStatusProvider);
    const status = await assembleStatus(s, admin);
    expect(status.mcp).toEqual([
      { name: "docs", status: "connected", auth: { state: "needs-sign-in" } },
    ]);
    expect(s.logs).toContain("status provider of p0 gave an invalid MCP row; dropped");
  });

  test("MCP rows are for administrators only", async () => {
    const provider = () => ({
      mcp: [{ name: "docs", status: "ok", auth: { state: "none" as const } }],
    });
    expect("mcp" in (await assembleStatus(sources(provider), { isAdmin: false, userId: 2 }))).toBe(
      false,
    );
  });

  test("providers are told who reads", async () => {
    const seen: unknown[] = [];
    await assembleStatus(
      sources((args) => void seen.push(args)),
      { isAdmin: false, userId: 7 },
    );
    expect(seen).toEqual([{ isAdmin: false, userId: 7 }]);
  });

  test("a provider that throws or overruns its budget contributes nothing", async () => {
    const s = sources(
      () => {
        throw new Error("boom");
      },
      () => new Promise(() => {}),
      async () => ({ mcp: null }),
    );
    const status = await assembleStatus(s, admin);
    expect(status.mcp).toBeNull();
    expect(s.logs).toEqual([
      "status provider of p0 failed: boom",
      `status provider of p1 took longer than ${STATUS_PROVIDER_BUDGET_MS} ms; skipped`,
    ]);
  });

  test("fields outside the status envelope are dropped and logged", async () => {
    const s = sources((() => ({ model: "hijack", mcp: null })) as unknown as BrainStatusProvider);
    const status = await assembleStatus(s, admin);
    expect(status.model).toEqual(OFFLINE_MODEL);
    expect(s.logs).toEqual([
      "status provider of p0 set model, which is not a status field; dropped",
    ]);
  });
});
