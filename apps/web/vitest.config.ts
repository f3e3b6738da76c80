import { definePackageTests } from "@elowen/vitest-config";

export default definePackageTests({
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  test: { testTimeout: 60_000 },
});
