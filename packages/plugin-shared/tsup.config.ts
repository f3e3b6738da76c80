import { defineLibrary } from "@elowen/tsup-config";

export default defineLibrary({
  entry: {
    index: "src/index.ts",
    errors: "src/errors/index.ts",
    atomicJson: "src/atomic-json/index.ts",
    record: "src/record/index.ts",
    xml: "src/xml/index.ts",
    duration: "src/duration/index.ts",
  },
});
