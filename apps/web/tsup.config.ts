import { defineLibrary } from "@elowen/tsup-config";

// The Node entry only (where the built app lives); `vite build` writes the app into dist/app after it.
export default defineLibrary({ entry: { index: "src/index.ts" } });
