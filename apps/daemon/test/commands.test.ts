import { OPEN_URL_MAX_CHARS } from "@elowen/plugin-api/limits";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { json } from "./helpers/json.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon;
let user: Awaited<ReturnType<TestDaemon["account"]>>;
beforeAll(async () => {
  t = await startTestDaemon({ plugins: ["good", "grantable"] });
  user = await t.account("user");
});
afterAll(() => t.close());

const action = (itemId: string, args: string) =>
  t.request("/commands/pick/action", {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": "fr-CA,fr;q=0.9" },
    body: JSON.stringify({ surface: "cli", itemId, args }),
  });

describe("the command catalog", () => {
  test("lists core, plugin and alias commands with kind, mechanism and owner", async () => {
    const { commands } = await t.owner.commands("cli");
    expect(commands.find((c) => c.name === "help")).toMatchObject({
      mechanism: "builtin",
      owner: "core",
    });
    expect(commands.find((c) => c.name === "greet")).toEqual({
      name: "greet",
      description: "Greet someone",
      kind: "prompt",
      mechanism: "prompt",
      owner: "acme-good",
      adminOnly: false,
      argumentHint: "<name>",
    });
    expect(commands.find((c) => c.name === "pick")).toMatchObject({
      kind: "picker",
      mechanism: "picker",
      cliPicker: { scope: "account" },
    });
    expect(commands.find((c) => c.name === "alias-one")).toMatchObject({
      mechanism: "alias",
      target: "/skill:alias-one",
      owner: "acme-good",
    });
  });

  test("aliases never shadow static commands and invalid alias names are dropped", async () => {
    const { commands } = await t.owner.commands("cli");
    expect(commands.filter((c) => c.name === "greet").length).toBe(1);
    expect(commands.some((c) => c.name === "Bad Name")).toBe(false);
  });

  test("providers are asked per account", async () => {
    expect(
      (await user.client.commands("cli")).commands.some((c) => c.name === `for-${user.id}`),
    ).toBe(true);
  });

  test("a web-only picker is listed for the web and not for the CLI", async () => {
    expect((await t.owner.commands("web")).commands.some((c) => c.name === "webonly")).toBe(true);
    expect((await t.owner.commands("cli")).commands.some((c) => c.name === "webonly")).toBe(false);
  });

  test("adminOnly hides a command from non-administrators and refuses its dispatch", async () => {
    expect((await t.owner.commands("web")).commands.some((c) => c.name === "secret")).toBe(true);
    expect((await user.client.commands("web")).commands.some((c) => c.name === "secret")).toBe(
      false,
    );
  });

  test("a user-grantable plugin's commands appear only once the account is granted", async () => {
    expect((await user.client.commands("web")).commands.some((c) => c.name === "granted")).toBe(
      false,
    );
    await t.owner.accounts.setGrants(user.id, { plugins: ["acme-grantable"], pluginSkills: true });
    expect((await user.client.commands("web")).commands.some((c) => c.name === "granted")).toBe(
      true,
    );
    await t.owner.accounts.setGrants(user.id, { plugins: [], pluginSkills: true });
  });

  test("an unknown surface is a 400 naming it", async () => {
    const response = await t.request("/commands?surface=tv");
    expect(response.status).toBe(400);
    expect((await json(response)).path).toBe("querystring.surface");
  });
});

describe("pickers", () => {
  test("render receives the arguments and the view strings", async () => {
    expect(await t.owner.renderPicker("pick", { surface: "cli", args: "x y" })).toEqual({
      title: "Items",
      items: [{ id: "a", label: "args=x y" }],
    });
  });

  test("an action's openUrl is normalized and its notice uses the reader's language", async () => {
    const response = await action("open", "HTTPS://Example.COM/a/../b?q=1");
    expect(await json(response)).toEqual({
      notice: "Se connecter",
      openUrl: "https://example.com/b?q=1",
    });
  });

  test("an action without openUrl leaves browser handling inactive", async () => {
    expect(await json(await action("plain", ""))).toEqual({ notice: "done" });
    expect(await json(await action("none", ""))).toEqual({});
  });

  test.each([
    ["javascript:alert(1)", /must be http or https, not javascript/],
    ["file:///etc/passwd", /must be http or https, not file/],
    ["https://user:pass@example.com/", /must not embed credentials/],
    ["not a url", /not an absolute URL/],
  ])("refuses openUrl %s", async (url, reason) => {
    const response = await action("open", url);
    expect(response.status).toBe(502);
    expect((await json(response)).error).toMatch(reason);
  });

  test("an openUrl of exactly OPEN_URL_MAX_CHARS is accepted and one more is refused", async () => {
    const exact = await json(await action("long", String(OPEN_URL_MAX_CHARS)));
    expect(exact.openUrl.length).toBe(OPEN_URL_MAX_CHARS);
    const over = await action("long", String(OPEN_URL_MAX_CHARS + 1));
    expect(over.status).toBe(502);
    expect((await json(over)).error).toMatch(/longer than 4096 characters/);
  });

  test("dispatching an adminOnly command as a user is refused even without the catalog", async () => {
    const response = await t.request("/commands/secret/render", {
      token: user.token,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ surface: "web" }),
    });
    expect(response.status).toBe(403);
  });

  test("rendering a prompt command or an unknown one is a 404", async () => {
    await expect(t.owner.renderPicker("greet", { surface: "web" })).rejects.toMatchObject({
      status: 404,
    });
    await expect(t.owner.renderPicker("nope", { surface: "web" })).rejects.toMatchObject({
      status: 404,
    });
  });
});
