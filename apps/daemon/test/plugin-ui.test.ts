import { cpSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { json } from "./helpers/json.js";
import {
  fixturePlugin,
  startTestDaemon,
  type TestDaemon,
  tempHome,
} from "./helpers/test-daemon.js";

const KIT = "@acme/plugin-view-kit";
const KIT_URL = "/ui/plugins/%40acme%2Fplugin-view-kit/bundle.js";

let t: TestDaemon;
let linked: string;
beforeAll(async () => {
  // A plugin whose bundle is a link leading out of its directory.
  const outside = tempHome();
  writeFileSync(join(outside, "stolen.js"), "export default {};\n");
  linked = join(tempHome(), "view-linked");
  cpSync(fixturePlugin("view-grantable"), linked, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(linked, "package.json"), "utf8"));
  manifest.name = "view-linked";
  manifest.elowen.grantable = false;
  manifest.elowen.browser.entry = "linked.js";
  writeFileSync(join(linked, "package.json"), JSON.stringify(manifest));
  symlinkSync(join(outside, "stolen.js"), join(linked, "linked.js"));
  const fixtures = ["view-kit", "view-grantable", "view-escape", "view-missing", "view-old-ui"];
  t = await startTestDaemon({
    config: { plugins: { dirs: [...[...fixtures, "box-kit"].map(fixturePlugin), linked] } },
  });
});
afterAll(() => t.close());

const list = async (token?: string, language?: string) =>
  json(
    await t.request("/ui/plugins", {
      ...(token === undefined ? {} : { token }),
      ...(language === undefined ? {} : { headers: { "accept-language": language } }),
    }),
  );

describe("GET /ui/plugins", () => {
  test("lists the loaded plugins with their strings, and each browser bundle with its UI API and URL", async () => {
    expect((await list()).plugins).toEqual([
      {
        name: KIT,
        displayName: "View kit",
        strings: { title: "Notes", count: "{count} notes" },
        browser: { uiApi: 55, url: KIT_URL },
      },
      { name: "box-kit", strings: {} },
    ]);
    // The client parses it with the same schema.
    expect((await t.owner.pluginUi()).plugins.map((p) => p.name)).toEqual([KIT, "box-kit"]);
  });

  test.each([
    ["fr", "Carnet"],
    ["fr-CA", "Carnet"],
    ["pt-BR", "Anotações"],
    ["de, pt-BR;q=0.8", "Anotações"],
    ["pt-BR;q=0.5, fr;q=0.9", "Carnet"],
    ["fr;q=0, de", "Notes"],
    ["de", "Notes"],
    ["*", "Notes"],
  ])(
    "resolves strings for Accept-Language %j with the manifest's overrides",
    async (language, title) => {
      const kit = (await list(undefined, language)).plugins.find(
        (p: { name: string }) => p.name === KIT,
      );
      expect(kit.strings).toEqual({ title, count: "{count} notes" });
    },
  );

  test("shows a user-grantable plugin only to an account granted it", async () => {
    const user = await t.account("viewer");
    const names = async () => (await list(user.token)).plugins.map((p: { name: string }) => p.name);
    expect(await names()).toEqual([KIT, "box-kit"]);
    await t.owner.accounts.setGrants(user.id, { plugins: ["view-grantable"], pluginSkills: true });
    expect(await names()).toEqual([KIT, "view-grantable", "box-kit"]);
  });

  test("refuses a plugin whose bundle escapes its directory, is missing, or needs another UI API, naming why", async () => {
    const { plugins } = await t.owner.status();
    const reasons = Object.fromEntries(plugins.map((p) => [p.name, p.reason]));
    expect(reasons).toMatchObject({
      "view-escape": "browser.entry ../view-kit/web/view.js resolves outside the plugin directory",
      "view-missing": "browser.entry web/none.js is not a file in the plugin directory",
      "view-linked": "browser.entry linked.js resolves outside the plugin directory",
      "view-old-ui":
        "view-old-ui's browser bundle needs host UI API 54, but this host serves UI API 55",
    });
  });

  test("needs a token", async () => {
    expect((await t.request("/ui/plugins", { token: null })).status).toBe(401);
  });
});

describe("a plugin's browser bundle", () => {
  test("is served at its URL with the token, as an uncached JavaScript module", async () => {
    const response = await t.request(KIT_URL);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toBe(
      readFileSync(join(fixturePlugin("view-kit"), "web", "view.js"), "utf8"),
    );
  });

  test("is refused without the token, and to an account not granted its plugin", async () => {
    expect((await t.request(KIT_URL, { token: null })).status).toBe(401);
    const user = await t.account("ungranted");
    const grantable = "/ui/plugins/view-grantable/bundle.js";
    expect((await t.request(grantable, { token: user.token })).status).toBe(404);
    expect((await t.request(grantable)).status).toBe(404);
  });

  test("is a 404 for a plugin without a bundle, a refused plugin, or no plugin", async () => {
    for (const name of ["box-kit", "view-escape", "nobody"]) {
      const response = await t.request(`/ui/plugins/${name}/bundle.js`);
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({
        error: `no plugin named ${name} offers a browser bundle here`,
      });
    }
  });

  test("is not served once its file stops being one inside the plugin's directory", async () => {
    const copy = join(tempHome(), "view-moved");
    cpSync(fixturePlugin("view-kit"), copy, { recursive: true });
    const moved = await startTestDaemon({ config: { plugins: { dirs: [copy] } } });
    try {
      const outside = join(tempHome(), "elsewhere.js");
      writeFileSync(outside, "export default {};\n");
      const bundle = join(copy, "web", "view.js");
      rmSync(bundle);
      symlinkSync(outside, bundle);
      const response = await moved.request(KIT_URL);
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({
        error: `${KIT}'s browser bundle is not available: browser.entry web/view.js resolves outside the plugin directory`,
      });
    } finally {
      await moved.close();
    }
  });
});

describe("the OpenAPI document", () => {
  test("describes the plugin UI routes", async () => {
    const doc = await json(await t.request("/openapi.json"));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/ui/plugins", "/ui/plugins/{plugin}/bundle.js"]),
    );
  });
});
