import { defineLibrary } from "@elowen/tsup-config";

export default [
  defineLibrary({ entry: { index: "src/index.ts" }, clean: false }),
  // The bin splits at each command's dynamic import: `elowen --help` loads none of them.
  defineLibrary({ entry: { bin: "src/bin.ts" }, clean: false, dts: false, splitting: true }),
];
