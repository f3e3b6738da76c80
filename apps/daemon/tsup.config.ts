import { defineLibrary } from "@elowen/tsup-config";

export default [
  // `testing` and `provider-keys` are the subpaths of the same names; splitting shares one copy of
  // the daemon between them and the main entry, so their classes and module state are the same.
  defineLibrary({
    entry: {
      index: "src/index.ts",
      testing: "src/testing/index.ts",
      "provider-keys": "src/provider-keys.ts",
      // Outside the exports map: the daemon's own child-process fixtures and benches.
      internal: "src/internal.ts",
    },
    clean: false,
    splitting: true,
  }),
  // The bin is bundled (the native better-sqlite3 and the pi toolkit stay outside): resolving
  // and reading hundreds of small modules was most of the cold start. The pi toolkit is loaded as
  // published: its providers carry optional dependencies a bundle cannot resolve. It splits at
  // the daemon core's dynamic import, so the socket listens before that chunk is even read.
  defineLibrary({
    entry: { bin: "src/bin.ts" },
    clean: false,
    dts: false,
    splitting: true,
    noExternal: [/^(?!better-sqlite3|@mariozechner\/)/],
    external: ["better-sqlite3", /^@mariozechner\//],
    shims: true,
    banner: {
      js: "import { createRequire as __elowenRequire } from 'node:module'; const require = __elowenRequire(import.meta.url);",
    },
  }),
];
