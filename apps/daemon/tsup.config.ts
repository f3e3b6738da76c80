import { defineLibrary } from "@elowen/tsup-config";

export default [
  defineLibrary({ entry: { index: "src/index.ts" }, clean: false }),
  // The bin is one bundled file (only the native better-sqlite3 stays outside): resolving and
  // reading hundreds of small modules was most of the cold start.
  defineLibrary({
    entry: { bin: "src/bin.ts" },
    clean: false,
    dts: false,
    noExternal: [/^(?!better-sqlite3)/],
    external: ["better-sqlite3"],
    shims: true,
    banner: {
      js: "import { createRequire as __elowenRequire } from 'node:module'; const require = __elowenRequire(import.meta.url);",
    },
  }),
];
