import { HOST_UI_API_VERSION } from "@elowen/plugin-api";
import { isElowenError } from "@elowen/plugin-shared/errors";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startWebDaemon, type WebDaemon } from "../../test/e2e/harness.js";
import { createHostUi, HostApiError } from "./host-ui.js";
import { interpolate } from "./interpolate.js";

let daemon: WebDaemon;
beforeAll(async () => {
  daemon = await startWebDaemon();
});
afterAll(() => daemon?.close());

const skillsHost = () =>
  createHostUi({
    client: daemon.owner,
    plugin: "@elowen/plugin-skills",
    strings: { "skills.deleted": "Removed {name}." },
  });

describe("the host UI API a plugin's browser view runs against", () => {
  test("is API 55, with the plugin's strings, interpolate and the shared duration formatter", () => {
    const host = skillsHost();
    expect(host.uiApi).toBe(HOST_UI_API_VERSION);
    expect(host.uiApi).toBe(55);
    expect(
      host.utils.interpolate(host.strings["skills.deleted"] ?? "", { name: "report-guide" }),
    ).toBe("Removed report-guide.");
    expect(host.utils.formatDuration(61_000)).toBe("1m 01s");
    expect(host.utils.formatDuration(undefined)).toBe("");
    expect(Object.isFrozen(host.strings)).toBe(true);
  });

  test("calls the plugin's own routes with the account's token and resolves their JSON", async () => {
    const answer = await skillsHost().api<{ skills: { catalogSource: string }[] }>(
      "/plugins/skills/list",
    );
    expect(answer.skills.some((s) => s.catalogSource === "bundled")).toBe(true);
  });

  test("rejects an error answer with its status and the route's sentence", async () => {
    const failure = await skillsHost()
      .api("/plugins/skills", {
        method: "POST",
        json: { name: "x", description: "d", content: "c" },
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HostApiError);
    expect(isElowenError(failure, "web.host_api_refused")).toBe(true);
    expect(failure).toMatchObject({
      name: "HostApiError",
      status: 400,
      message: 'owner is required: "instance", "me" or an account id',
    });
  });

  test.each([
    [
      "another plugin's route",
      "/plugins/todo/list",
      /^path must be this plugin's own route, \/plugins\/skills or below/,
    ],
    ["a core route", "/sessions", /^path must be this plugin's own route/],
    [
      "a prefix that only looks like it",
      "/plugins/skillsx/list",
      /^path must be this plugin's own route/,
    ],
    [
      "a climb out of the plugin",
      "/plugins/skills/../todo",
      /^path must not contain "\." or "\.\." segments/,
    ],
  ])("refuses %s before sending anything", async (_label, path, message) => {
    await expect(skillsHost().api(path)).rejects.toThrow(message);
  });

  test("refuses a method a plugin route cannot declare", async () => {
    await expect(
      skillsHost().api("/plugins/skills/list", { method: "HEAD" as never }),
    ).rejects.toThrow(/^method must be one of GET, POST, PUT, PATCH, DELETE, received "HEAD"/);
  });
});

describe("interpolate", () => {
  test.each([
    [
      "fills every placeholder",
      "Removed {name} ({count})",
      { name: "a", count: 2 },
      "Removed a (2)",
    ],
    ["keeps a placeholder without a value", "Hi {who}", {}, "Hi {who}"],
    [
      "leaves braces that are not a placeholder",
      "{ not one } {1x}",
      { "1x": "no" },
      "{ not one } {1x}",
    ],
    ["treats values as text, never as markup or patterns", "{v}", { v: "$& <b>" }, "$& <b>"],
  ])("%s", (_label, text, values, expected) => {
    expect(interpolate(text, values)).toBe(expected);
  });

  test("refuses a value that is not text or a finite number, naming its key", () => {
    expect(() => interpolate("{n}", { n: Number.NaN })).toThrow(
      "values.n must be a string or a finite number, received NaN",
    );
    expect(() => interpolate("{n}", { n: {} as never })).toThrow(
      /^values\.n must be a string or a finite number/,
    );
  });

  test("never throws on text and string values, and changes nothing without placeholders", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string()),
        (text, values) => {
          const out = interpolate(text, values);
          if (!/\{[A-Za-z_]/.test(text)) expect(out).toBe(text);
        },
      ),
    );
  });
});
