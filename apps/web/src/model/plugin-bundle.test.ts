import { describe, expect, test } from "vitest";
import { checkPluginBundle, viewTitle } from "./plugin-bundle.js";

const view = { title: "Main", mount: () => undefined };
const bundle = (uiApi: unknown, views: unknown = { main: view }) => ({ default: { uiApi, views } });

describe("checkPluginBundle", () => {
  test("accepts a bundle written against host UI API 55", async () => {
    const loaded = await import("../../test/fixtures/bundles/notes-view.js");
    const checked = checkPluginBundle("notes", loaded);
    expect(checked.ok && Object.keys(checked.bundle.views)).toEqual(["main", "second"]);
  });

  test.each([
    [54, "notes's browser bundle needs host UI API 54, but this host serves UI API 55"],
    [56, "notes's browser bundle needs host UI API 56, but this host serves UI API 55"],
  ])("refuses a bundle declaring UI API %i, naming both sides", (uiApi, message) => {
    expect(checkPluginBundle("notes", bundle(uiApi))).toEqual({ ok: false, message });
  });

  test("refuses a bundle whose declaration disagrees with its manifest's uiApi", () => {
    expect(checkPluginBundle("notes", bundle(55), 54)).toEqual({
      ok: false,
      message: "notes's browser bundle declares host UI API 55, but its manifest declares 54",
    });
  });

  test.each([
    [
      "no default export",
      {},
      "notes's browser bundle has no default export: it must export { uiApi, views }",
    ],
    [
      "a uiApi that is not an integer",
      bundle("55"),
      "notes's browser bundle: default.uiApi must be an integer (the host UI API it needs)",
    ],
    [
      "views that are not an object",
      bundle(55, []),
      "notes's browser bundle: default.views must be an object of views by id",
    ],
    [
      "a view without a title",
      bundle(55, { main: { mount() {} } }),
      "notes's browser bundle: default.views.main.title must be a non-empty string",
    ],
    [
      "a view without mount",
      bundle(55, { main: { title: "Main" } }),
      "notes's browser bundle: default.views.main.mount must be a function",
    ],
  ])("refuses %s, naming the field", (_label, module, message) => {
    expect(checkPluginBundle("notes", module)).toEqual({ ok: false, message });
  });
});

describe("viewTitle", () => {
  test("shows the view string a title names, and the title itself when it names none", () => {
    const strings = { "notes.more": "Plus de notes", toString: "own key" };
    expect(viewTitle("notes.more", strings)).toBe("Plus de notes");
    expect(viewTitle("Notes", strings)).toBe("Notes");
    expect(viewTitle("toString", strings)).toBe("own key");
    expect(viewTitle("constructor", strings)).toBe("constructor");
  });
});
