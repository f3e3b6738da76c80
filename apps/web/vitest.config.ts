import { definePackageTests } from "@elowen/vitest-config";

export default definePackageTests({
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  test: {
    testTimeout: 60_000,
    // Component tests (`// @vitest-environment happy-dom`) talk to a real daemon on loopback.
    environmentOptions: {
      happyDOM: {
        url: "http://localhost/",
        settings: { fetch: { disableSameOriginPolicy: true } },
      },
    },
  },
});
