import type { PickerCommand } from "@elowen/plugin-api/commands";
import { describe, expect, test } from "vitest";
import { startPlugin } from "../../test/start-plugin.js";
import { foreignEntry } from "../../test/test-catalog.js";
import { adminAccess, ownerAccess, type TestHost, userAccess } from "../../test/test-host.js";
import { SKILLS_PICKER_MAX_ROWS } from "./limits.js";

async function aliases(host: TestHost, access = host.access) {
  const provider = host.providers[0];
  if (!provider) throw new Error("no provider registered");
  return provider({ access, surface: "cli" });
}

describe("the alias provider", () => {
  test("projects user-invocable skills with command names as /name → /skill:name", async () => {
    const { host } = await startPlugin();
    await host.callTool("CreateSkill", {
      name: "report-guide",
      description: "Use for reports.",
      content: "x",
    });
    expect(await aliases(host)).toEqual([
      {
        name: "skill-authoring",
        description: expect.stringContaining("Use when saving"),
        target: "/skill:skill-authoring",
      },
      {
        name: "systematic-debugging",
        description: expect.stringContaining("Use when a bug"),
        target: "/skill:systematic-debugging",
      },
      { name: "report-guide", description: "Use for reports.", target: "/skill:report-guide" },
    ]);
  });

  test("refetches the live catalog on every call", async () => {
    const { host } = await startPlugin();
    const before = (await aliases(host)).length;
    await host.callTool("CreateSkill", { name: "fresh", description: "d", content: "x" });
    expect(await aliases(host)).toHaveLength(before + 1);
  });

  test("a 32-character name is an alias, a 33-character name stays reachable only through /skills", async () => {
    const { host } = await startPlugin();
    const thirtyTwo = `a${"b".repeat(31)}`;
    await host.callTool("CreateSkill", { name: thirtyTwo, description: "d", content: "x" });
    await host.callTool("CreateSkill", { name: `${thirtyTwo}c`, description: "d", content: "x" });
    const names = (await aliases(host)).map((alias) => alias.name);
    expect(names).toContain(thirtyTwo);
    expect(names).not.toContain(`${thirtyTwo}c`);
  });

  test("skips skills hidden from user invocation, other accounts' skills, and menus with no account", async () => {
    const { host } = await startPlugin();
    await host.request("POST", "/plugins/skills", {
      query: { owner: "me" },
      body: { name: "quiet", description: "d", content: "x", userInvocable: false },
    });
    await host.callTool("CreateSkill", { name: "mine", description: "d", content: "x" });
    expect((await aliases(host)).map((a) => a.name)).not.toContain("quiet");
    expect((await aliases(host, userAccess(8))).map((a) => a.name)).not.toContain("mine");
    expect(await aliases(host, userAccess(null))).toEqual([]);
  });
});

describe("the /skills picker", () => {
  function picker(host: TestHost): PickerCommand {
    const command = host.commands.find((c) => c.name === "skills");
    if (command?.kind !== "picker") throw new Error("no /skills picker");
    return command;
  }
  const request = (host: TestHost, access = host.access) => ({
    access,
    surface: "cli" as const,
    args: "",
    strings: host.ctx.strings,
  });

  test("lists the user projection with the manifest's strings", async () => {
    const { host } = await startPlugin();
    const rendered = await picker(host).render?.(request(host));
    expect(rendered).toMatchObject({ title: "Skills", keys: { d: "delete" } });
    expect(rendered?.items[0]).toEqual({
      id: "bundled:skill-authoring",
      label: "skill-authoring",
      description: expect.any(String),
      hint: "bundled",
    });
  });

  test(`shows at most ${SKILLS_PICKER_MAX_ROWS} rows`, async () => {
    const { host } = await startPlugin();
    const bundled = (await picker(host).render?.(request(host)))?.items.length ?? 0;
    const entry = (i: number) => foreignEntry({ name: `tool-${i}` });
    for (let i = 0; i < SKILLS_PICKER_MAX_ROWS - bundled; i++) host.catalog.foreign.push(entry(i));
    const full = await picker(host).render?.(request(host));
    expect(full?.items).toHaveLength(SKILLS_PICKER_MAX_ROWS);
    host.catalog.foreign.push(entry(SKILLS_PICKER_MAX_ROWS));
    const over = await picker(host).render?.(request(host));
    expect(over?.items).toHaveLength(SKILLS_PICKER_MAX_ROWS);
    expect(over?.items.at(-1)?.label).toBe(full?.items.at(-1)?.label);
  });

  test("Enter tells how to invoke; d removes a personal skill and refreshes", async () => {
    const { host } = await startPlugin();
    await host.callTool("CreateSkill", { name: "mine", description: "d", content: "x" });
    const act = (itemId: string, action: string, access = host.access) =>
      picker(host).action?.({ ...request(host, access), itemId, action });
    expect(await act("personal:mine", "select")).toEqual({ notice: "Type /skill:mine to use it." });
    expect(await act("bundled:skill-authoring", "d")).toEqual({
      notice: "Only personal and instance skills can be removed here.",
    });
    expect(await act("personal:mine", "d")).toEqual({ notice: "Removed mine.", refresh: true });
    expect(host.catalog.skills.map((s) => s.name)).not.toContain("mine");
  });

  test("removing an instance skill needs an administrator", async () => {
    const { host } = await startPlugin();
    await host.callTool(
      "CreateSkill",
      { name: "shared", description: "d", content: "x", scope: "instance" },
      ownerAccess(),
    );
    const act = (access: ReturnType<typeof userAccess>) =>
      picker(host).action?.({ ...request(host, access), itemId: "instance:shared", action: "d" });
    expect(await act(userAccess(7))).toEqual({
      notice: "removing instance skills needs an administrator session",
    });
    expect(await act(adminAccess())).toEqual({ notice: "Removed shared.", refresh: true });
  });
});
