import { describe, expect, test } from "vitest";
import { authoringReason } from "./authoring-reason.js";

const streamed = (script: string) => JSON.stringify({ script });

describe("authoringReason", () => {
  test("follows the note of an exec call as its arguments stream", () => {
    const json = streamed(
      'const ls = await tools.Bash({ command: "ls", description: "List the files" });\nconst r = await tools.Read({ path: "a" });\nawait tools.Read({ path: "b", reason: "Read b" });',
    );
    const seen = new Set<string | undefined>();
    for (let cut = 0; cut <= json.length; cut++)
      seen.add(authoringReason("exec", json.slice(0, cut)));
    expect([...seen]).toEqual([undefined, "List the files", "Read b"]);
  });

  test("answers undefined for any tool but exec", () => {
    expect(authoringReason("Bash", streamed('tools.A({ reason: "x" })'))).toBeUndefined();
  });

  test("answers undefined for arguments that are not an exec object", () => {
    expect(authoringReason("exec", "not json")).toBeUndefined();
    expect(authoringReason("exec", "")).toBeUndefined();
  });
});
