import { describe, expect, test } from "vitest";
import {
  CORE_VERSION,
  checkPluginCompatibility,
  checkUiApi,
  HOST_UI_API_VERSION,
  HOST_VERSIONS,
  MIN_SHARED_API_VERSION,
  SHARED_API_VERSION,
} from "./versions.js";

const plugin = { name: "@acme/notes", core: "^0.30.7", sharedApi: 14 };

describe("checkPluginCompatibility", () => {
  test("accepts the versions the specification's plugins declare", () => {
    expect(CORE_VERSION).toBe("0.30.7");
    expect(SHARED_API_VERSION).toBe(17);
    expect(MIN_SHARED_API_VERSION).toBe(14);
    expect(HOST_UI_API_VERSION).toBe(55);
    expect(checkPluginCompatibility({ ...plugin, uiApi: 55 })).toEqual({ ok: true });
  });

  test("refuses an unmet core range, naming both sides", () => {
    const result = checkPluginCompatibility({ ...plugin, core: "^0.31.0" });
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          field: "core",
          plugin: "^0.31.0",
          host: "0.30.7",
          message: "@acme/notes needs core ^0.31.0, but this host is core 0.30.7",
        },
      ],
      message: "@acme/notes needs core ^0.31.0, but this host is core 0.30.7",
    });
  });

  test.each([
    ["0.30.7", "^0.30.7", true],
    ["0.31.0", "^0.30.7", false],
    ["1.3.0", "~1.2.3", false],
    ["1.5.0", "1.2.3 - 1.5", true],
    ["3.0.0", "^1.0.0 || ^2.0.0", false],
    ["1.0.0-rc.1", "^1.0.0", false],
    ["1.0.0-rc.2", ">=1.0.0-rc.1 <2", true],
    ["not-a-version", "*", false],
    ["1.2.3", ">=>=1", false],
  ])("host core %s meets the declared range %s: %s", (core, range, ok) => {
    const host = { ...HOST_VERSIONS, core };
    expect(checkPluginCompatibility({ ...plugin, core: range }, host).ok).toBe(ok);
  });

  test.each([
    [14, true],
    [15, true],
    [16, true],
    [17, true],
    [18, false],
    [13, false],
  ])("shared API %i is accepted: %s", (sharedApi, ok) => {
    const result = checkPluginCompatibility({ ...plugin, sharedApi });
    expect(result.ok).toBe(ok);
    if (!result.ok)
      expect(result.message).toContain(
        `declares shared API ${sharedApi}, but this host loads shared API 14 to 17`,
      );
  });

  test.each([54, 56])("refuses a browser bundle declaring UI API %i", (uiApi) => {
    const result = checkPluginCompatibility({ ...plugin, uiApi });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.message).toBe(
        `@acme/notes's browser bundle needs host UI API ${uiApi}, but this host serves UI API 55`,
      );
  });

  test("lists every unmet declaration at once", () => {
    const result = checkPluginCompatibility({ ...plugin, core: "^1.0.0", sharedApi: 99, uiApi: 1 });
    expect(result.ok ? [] : result.problems.map((p) => p.field)).toEqual([
      "core",
      "sharedApi",
      "uiApi",
    ]);
  });
});

describe("checkUiApi", () => {
  test("accepts exactly the host UI API, and refuses one either side naming both", () => {
    expect(checkUiApi("@acme/notes", 55)).toBeUndefined();
    expect(checkUiApi("@acme/notes", 54)).toEqual({
      field: "uiApi",
      plugin: "54",
      host: "55",
      message: "@acme/notes's browser bundle needs host UI API 54, but this host serves UI API 55",
    });
    expect(checkUiApi("@acme/notes", 56)?.message).toBe(
      "@acme/notes's browser bundle needs host UI API 56, but this host serves UI API 55",
    );
    expect(checkUiApi("@acme/notes", 56, 56)).toBeUndefined();
  });
});
