import { defineLibrary } from "@elowen/tsup-config";

// The sandbox worker is its own entry: the bundle starts it as dist/sandbox-worker.js.
export default defineLibrary({
  entry: { index: "src/index.ts", "sandbox-worker": "src/sandbox/worker-main.ts" },
});
