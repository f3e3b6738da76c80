import { defineLibrary } from "@elowen/tsup-config";

export default defineLibrary({ entry: { index: "src/index.ts" } });
