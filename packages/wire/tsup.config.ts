import { defineLibrary } from "@elowen/tsup-config";

export default defineLibrary({
  entry: { index: "src/index.ts", "prompt-box": "src/prompt-box/index.ts" },
});
