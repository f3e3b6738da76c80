import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { hasWebBuild, WEB_INDEX_FILE, webRoot } from "./web-root.js";

describe("webRoot", () => {
  test("points at the built app, dist/app of this package", () => {
    expect(webRoot()).toBe(join(import.meta.dirname, "..", "dist", "app"));
    expect(hasWebBuild()).toBe(true);
  });

  test("says a directory without the app's index.html holds no build", () => {
    const dir = mkdtempSync(join(tmpdir(), "web-root-"));
    expect(hasWebBuild(dir)).toBe(false);
    writeFileSync(join(dir, WEB_INDEX_FILE), "<!doctype html>");
    expect(hasWebBuild(dir)).toBe(true);
  });
});
