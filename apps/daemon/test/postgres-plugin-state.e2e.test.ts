import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ElowenClient } from "@elowen/client";
import { parseEntryData } from "@elowen/wire";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";
import { openConnections, useTestDatabase } from "./helpers/test-database.js";

// Two daemons on one PostgreSQL database, each with its own ELOWEN_HOME and both pointing
// `plugins.dataDir` at one shared directory: the Skills plugin's files are the same on both, and
// its announcements (ctx.cluster, NOTIFY) make the other instance reload without a restart.
const database = useTestDatabase();
const shared = mkdtempSync(join(tmpdir(), "elowen-shared-plugin-data-"));
const running: TestDaemon[] = [];
afterEach(async () => {
  for (const daemon of running.splice(0)) await daemon.close();
});
afterAll(() => rmSync(shared, { recursive: true, force: true }));

const OTHER_BUNDLED = [
  "@elowen/plugin-askuser",
  "@elowen/plugin-todo",
  "@elowen/plugin-code-mode",
  "@elowen/plugin-mcp",
];

async function instance(): Promise<TestDaemon> {
  const daemon = await startTestDaemon({
    config: {
      store: { kind: "postgres", url: database.url, poolSize: 4 },
      // The bundled Skills plugin alone (it has turnContext by default, for `/skill:`).
      plugins: { dataDir: shared, bundled: true, disabled: OTHER_BUNDLED },
    },
  });
  running.push(daemon);
  return daemon;
}

interface ListedSkill {
  readonly name: string;
  readonly catalogSource: string;
  readonly content?: string;
}

async function listed(daemon: TestDaemon, token: string): Promise<readonly ListedSkill[]> {
  const response = await daemon.request("/plugins/skills/list", { token });
  expect(response.status).toBe(200);
  return ((await response.json()) as { skills: ListedSkill[] }).skills;
}

/** Polls `daemon`'s list (no restart in between) until `check` holds; answers that list. */
async function listedUntil(
  daemon: TestDaemon,
  token: string,
  check: (skills: readonly ListedSkill[]) => boolean,
): Promise<readonly ListedSkill[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const skills = await listed(daemon, token);
    if (check(skills)) return skills;
    if (Date.now() > deadline)
      throw new Error(`the list never changed as expected: ${JSON.stringify(skills)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function send(
  daemon: TestDaemon,
  method: string,
  path: string,
  body: unknown,
  token: string,
): Promise<{ status: number; json: unknown }> {
  const response = await daemon.request(path, {
    method,
    token,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

/** What the model read of a turn's text (a `/skill:` expansion shows here). */
async function modelText(client: ElowenClient, text: string): Promise<string> {
  const session = await client.sessions.create();
  await client.sessions.submitTurn(session.id, { text, waitForSettle: true });
  const { entries } = await client.sessions.history(session.id);
  for (const entry of entries) {
    const data = parseEntryData(entry as never);
    if (data?.kind === "user") return data.data.modelText ?? data.data.text;
  }
  throw new Error("the turn wrote no user entry");
}

const named = (name: string) => (skills: readonly ListedSkill[]) =>
  skills.some((skill) => skill.name === name);

describe("a plugin's live state on two daemons sharing one database", () => {
  test("a skill created through A is listed and usable through B without restart; edited and moved on A, deleted on B, gone on A", async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const owner = a.ownerToken;
    const ownerOnB = new ElowenClient({ baseUrl: b.url, token: owner });
    expect(await listed(b, owner)).not.toContainEqual(
      expect.objectContaining({ name: "deploy-notes" }),
    );

    const created = await send(
      a,
      "POST",
      "/plugins/skills?owner=instance",
      {
        name: "deploy-notes",
        description: "How we deploy",
        content: "Run the deploy checklist first.",
      },
      owner,
    );
    expect(created.status).toBe(201);
    const onB = await listedUntil(b, owner, named("deploy-notes"));
    expect(onB).toContainEqual(
      expect.objectContaining({ name: "deploy-notes", catalogSource: "instance" }),
    );
    const used = await modelText(ownerOnB, "/skill:deploy-notes Q3 release");
    expect(used).toContain('<skill name="deploy-notes"');
    expect(used).toContain("Run the deploy checklist first.");

    const edited = await send(
      a,
      "PATCH",
      "/plugins/skills/deploy-notes?owner=instance",
      { content: "Run the NEW deploy checklist." },
      owner,
    );
    expect(edited.status).toBe(200);
    await listedUntil(b, owner, (skills) =>
      skills.some((skill) => skill.content?.includes("Run the NEW deploy checklist.") === true),
    );
    expect(await modelText(ownerOnB, "/skill:deploy-notes")).toContain(
      "Run the NEW deploy checklist.",
    );

    const moved = await send(
      a,
      "POST",
      "/plugins/skills/deploy-notes/owner?owner=instance",
      { owner: "me" },
      owner,
    );
    expect(moved.status).toBe(200);
    await listedUntil(b, owner, (skills) =>
      skills.some((skill) => skill.name === "deploy-notes" && skill.catalogSource === "personal"),
    );

    const deleted = await send(b, "DELETE", "/plugins/skills/deploy-notes?owner=me", {}, owner);
    expect(deleted).toEqual({ status: 200, json: { deleted: "deploy-notes" } });
    await listedUntil(a, owner, (skills) => !named("deploy-notes")(skills));
    expect(await modelText(a.owner, "/skill:deploy-notes")).not.toContain(
      '<skill name="deploy-notes"',
    );
  }, 240_000);

  test("a personal skill of a user created through B reaches that user on A, and stopped daemons leave no connection", async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const user = await a.account("casey");
    const created = await send(
      b,
      "POST",
      "/plugins/skills?owner=me",
      { name: "casey-notes", description: "Casey's notes", content: "Casey's way." },
      user.token,
    );
    expect(created.status).toBe(201);
    await listedUntil(a, user.token, named("casey-notes"));
    expect(await listed(a, a.ownerToken)).not.toContainEqual(
      expect.objectContaining({ name: "casey-notes" }),
    );
    for (const daemon of running.splice(0)) await daemon.close();
    expect(await openConnections(database.name)).toBe(0);
  }, 240_000);
});
