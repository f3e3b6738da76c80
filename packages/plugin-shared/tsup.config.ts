import { defineLibrary } from "@elowen/tsup-config";

export default defineLibrary({
  entry: {
    index: "src/index.ts",
    errors: "src/errors/index.ts",
    queue: "src/queue/index.ts",
    atomicText: "src/atomic-text/index.ts",
    atomicJson: "src/atomic-json/index.ts",
    record: "src/record/index.ts",
    xml: "src/xml/index.ts",
    duration: "src/duration/index.ts",
  },
  // Shared chunks, so the root and a subpath hand out the same ElowenError class, not two copies.
  splitting: true,
});
