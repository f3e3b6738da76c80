import type { PluginContext } from "@elowen/plugin-api";
import type { Access } from "@elowen/plugin-api/access";
import { parseEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
import { accountAccess, runWithAccess } from "../src/plugins/call-scope/access-scope.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const probe = () =>
  (globalThis as { __elowenAccessProbe?: PluginContext }).__elowenAccessProbe as PluginContext;

async function modelText(daemon: TestDaemon, client: TestDaemon["owner"], text: string) {
  const session = await client.sessions.create();
  await client.sessions.submitTurn(session.id, { text, waitForSettle: true });
  const [user] = (await client.sessions.history(session.id)).entries;
  const parsed = parseEntryData(user as never);
  if (parsed?.kind !== "user") throw new Error(`no user entry in ${daemon.home}`);
  return parsed.data.modelText ?? parsed.data.text;
}

async function startProbe(brain: { adminSessionsAllAccess?: boolean } = {}) {
  return startTestDaemon({
    plugins: ["access-probe"],
    config: {
      brain,
      plugins: { consent: { "acme-access-probe": { mutates: ["turnContext"] } } },
    },
  });
}

describe("the access a plugin's calls run in", () => {
  test("an input transform runs in the turn's access", async () => {
    t = await startProbe();
    const ada = await t.account("ada");
    expect(await modelText(t, ada.client, "hi")).toBe(`hi [user ${ada.id} confined]`);
  });

  test("an administrator's turns are confined unless brain.adminSessionsAllAccess is on", async () => {
    t = await startProbe();
    expect(await modelText(t, t.owner, "hi")).toBe("hi [user 1 confined]");
    await t.close();
    t = await startProbe({ adminSessionsAllAccess: true });
    expect(await modelText(t, t.owner, "hi")).toBe("hi [user 1 all-access]");
    const ada = await t.account("ada");
    expect(await modelText(t, ada.client, "hi")).toBe(`hi [user ${ada.id} confined]`);
  });

  test("currentAccountUserId is a delegated run's inherited account, else the acting one", async () => {
    t = await startProbe();
    const delegated: Access = {
      ...accountAccess({ id: 5, role: "user" }, "delegated", []),
      userId: null,
      delegatedFrom: 5,
    };
    expect(await runWithAccess(delegated, () => probe().currentAccountUserId())).toBe(5);
    const own = accountAccess({ id: 6, role: "user" }, "web", []);
    expect(await runWithAccess(own, () => probe().currentAccountUserId())).toBe(6);
  });
});

describe("ctx.skillCatalog.readSkill", () => {
  test("substitutes args into the body and the whole source, and counts the lines served", async () => {
    t = await startProbe();
    const access = accountAccess({ id: 1, role: "owner" }, "web", []);
    const read = await probe().skillCatalog.readSkill("greeter", {
      access,
      args: 'Ada "Grace Hopper"',
    });
    if (!read.ok) throw new Error(read.message);
    expect(read.body).toBe("Greet Ada warmly.\nEveryone named: Ada Grace Hopper\n");
    expect(read.source).toContain("name: greeter\n");
    expect(read.source).toContain("Greet Ada warmly.");
    expect(read.lineCount).toBe(6);
  });

  test("without args the skill is served as written", async () => {
    t = await startProbe();
    const read = await probe().skillCatalog.readSkill("greeter", {
      access: accountAccess({ id: 1, role: "owner" }, "web", []),
    });
    expect(read.ok && read.body).toBe("Greet $1 warmly.\nEveryone named: $ARGUMENTS\n");
  });
});

describe("typed slash commands", () => {
  test("an alias is forwarded to its target with the separator and tail byte for byte", async () => {
    t = await startTestDaemon({ plugins: ["good"] });
    expect(await modelText(t, t.owner, "/alias-one\tQ3  numbers\nand more")).toBe(
      "/skill:alias-one\tQ3  numbers\nand more",
    );
    expect(await modelText(t, t.owner, "/alias-one")).toBe("/skill:alias-one");
  });

  test("a plugin prompt command is expanded with its arguments", async () => {
    t = await startTestDaemon({ plugins: ["good"] });
    expect(await modelText(t, t.owner, "/greet Ada")).toBe("Say hello to Ada");
  });

  test("builtins, an adminOnly command's name for a user, unknown names and a prefix of a name stay the person's text", async () => {
    t = await startTestDaemon({ plugins: ["good"] });
    const ada = await t.account("ada");
    for (const text of ["/help me", "/nope x", "/alias-onex", " /greet Ada"])
      expect(await modelText(t, t.owner, text)).toBe(text);
    expect(await modelText(t, ada.client, "/secret")).toBe("/secret");
  });
});

describe("the operator's consent to bundled plugins", () => {
  const others = ["@elowen/plugin-askuser", "@elowen/plugin-todo", "@elowen/plugin-code-mode"];

  test("the bundled Skills plugin has turnContext by default; an explicit entry replaces the default", async () => {
    t = await startTestDaemon({ config: { plugins: { bundled: true, disabled: others } } });
    expect(t.daemon.host.registry.granted.get("@elowen/plugin-skills")).toEqual(["turnContext"]);
    await t.close();
    t = await startTestDaemon({
      config: {
        plugins: {
          bundled: true,
          disabled: others,
          consent: { "@elowen/plugin-skills": { mutates: [] } },
        },
      },
    });
    expect(t.daemon.host.registry.granted.get("@elowen/plugin-skills")).toEqual([]);
  });
});
