import { defineLibrary } from "@elowen/tsup-config";

export default [
  defineLibrary({ entry: { index: "src/index.ts" }, clean: false }),
  defineLibrary({ entry: { bin: "src/bin.ts" }, clean: false, dts: false }),
];
