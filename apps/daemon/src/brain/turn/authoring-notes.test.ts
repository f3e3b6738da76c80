import type { PluginContext } from "@elowen/plugin-api";
import { AUTHORING_THROTTLE_MS } from "@elowen/plugin-api/limits";
import type { CodeModeControl } from "@elowen/plugin-api/trace";
import codeMode from "@elowen/plugin-code-mode";
import { describe, expect, test } from "vitest";
import { AuthoringNotes, type AuthoringSource } from "./authoring-notes.js";

/** Code mode's own reader, as the plugin hands it to the host through `registerCodeMode`. */
async function codeModeReader(): Promise<
  (toolName: string, partial: string) => string | undefined
> {
  let control: CodeModeControl | undefined;
  const ctx = {
    settings: {},
    registerCodeMode: (registered: CodeModeControl) => {
      control = registered;
    },
    registerHook: () => undefined,
  };
  await codeMode.register(ctx as unknown as PluginContext);
  const reason = control?.authoringReason?.bind(control);
  if (reason === undefined) throw new Error("the code-mode plugin registered no authoring reader");
  return reason;
}

function notes(source: AuthoringSource | undefined) {
  let now = 0;
  let asked = 0;
  const counted: AuthoringSource | undefined =
    source?.kind === "owner"
      ? {
          kind: "owner",
          reason: (name, partial) => {
            asked += 1;
            return source.reason(name, partial);
          },
        }
      : source;
  const authoring = new AuthoringNotes(
    () => counted,
    () => now,
  );
  return {
    authoring,
    at: (ms: number) => {
      now = ms;
    },
    asked: () => asked,
  };
}

describe("authoring notes", () => {
  test("the owner's reader is asked at most once per AUTHORING_THROTTLE_MS per call, even when nothing changed", () => {
    const n = notes({ kind: "owner", reason: () => "listing files" });
    expect(n.authoring.delta("c1", "exec", '{"scr')).toBe("listing files");
    n.at(AUTHORING_THROTTLE_MS - 1);
    expect(n.authoring.delta("c1", "exec", "ipt")).toBeUndefined();
    expect(n.asked()).toBe(1);
    n.at(AUTHORING_THROTTLE_MS);
    expect(n.authoring.delta("c1", "exec", '":"')).toBeUndefined();
    expect(n.asked()).toBe(2);
  });

  test("an empty delta (the chunk that only names the call) does not spend the throttle window", () => {
    const n = notes({ kind: "field", field: "why" });
    expect(n.authoring.delta("c1", "Survey", "")).toBeUndefined();
    expect(n.authoring.delta("c1", "Survey", '{"why":"checking"}')).toBe("checking");
  });

  test("each streaming call has its own throttle", () => {
    const n = notes({
      kind: "owner",
      reason: (_name, partial) => (partial.length > 3 ? "a" : undefined),
    });
    n.authoring.delta("c1", "exec", "{}");
    expect(n.authoring.delta("c2", "exec", "{ ok }")).toBe("a");
  });

  test("code mode's reader gives the note of the script written so far, joined across deltas", async () => {
    const n = notes({ kind: "owner", reason: await codeModeReader() });
    n.authoring.delta("c1", "exec", '{"script":"await tools.Bash({ command: \\"ls\\", ');
    n.at(AUTHORING_THROTTLE_MS);
    expect(n.authoring.delta("c1", "exec", 'description: \\"Listing the build\\" })')).toBe(
      "Listing the build",
    );
  });

  test("a tool's reason field is read from its partial arguments", () => {
    const n = notes({ kind: "field", field: "description" });
    expect(n.authoring.delta("c1", "bash", '{"command":"ls","description":"Look around"')).toBe(
      "Look around",
    );
  });

  test("a tool without a source has no note, and a reader that throws gives none", () => {
    expect(notes(undefined).authoring.delta("c1", "read", '{"path":"a"}')).toBeUndefined();
    const n = notes({
      kind: "owner",
      reason: () => {
        throw new Error("broken reader");
      },
    });
    expect(n.authoring.delta("c1", "exec", "{}")).toBeUndefined();
  });
});
