import { PERMISSION_OUTCOMES, PermissionRecordSchema } from "@elowen/plugin-api/questions";
import { describe, expect, test } from "vitest";
import { isApproved, permissionRecord } from "./permission.js";

const base = { tool: "Bash", summary: "rm -rf build/" };

describe("permissionRecord", () => {
  test.each([
    ["once", ["Allow once"], undefined],
    ["always", ["Always allow"], "session"],
    ["deny", ["Deny"], undefined],
    ["expired", [], undefined],
  ] as const)("a %s decision selects %j and validates", (outcome, selected, scope) => {
    const built = permissionRecord({ ...base, outcome, ...(scope ? { scope } : {}) });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.value).toEqual({
      question: "Allow Bash to run?",
      header: "Permission",
      selected,
      outcome,
      approval: { ...base, ...(scope ? { scope } : {}) },
    });
    expect(PermissionRecordSchema.safeParse(built.value).success).toBe(true);
  });

  test("keeps the approval facts the person saw: tool, summary, and the scope of always", () => {
    const built = permissionRecord({
      ...base,
      outcome: "always",
      scope: "account",
      question: "Run it?",
    });
    expect(built.ok && built.value.approval).toEqual({
      tool: "Bash",
      summary: "rm -rf build/",
      scope: "account",
    });
    expect(built.ok && built.value.question).toBe("Run it?");
  });

  test("refuses always without a scope and a scope on any other outcome", () => {
    const always = permissionRecord({ ...base, outcome: "always" });
    expect(always.ok ? "" : always.problem.message).toBe(
      "permission.scope: an `always` decision states its scope",
    );
    const once = permissionRecord({ ...base, outcome: "once", scope: "session" });
    expect(once.ok ? "" : once.problem.issues[0]?.path).toBe("permission.scope");
  });

  test("refuses an unknown outcome and an empty tool name, naming the fields", () => {
    const unknown = permissionRecord({ ...base, outcome: "maybe" as "once" });
    expect(unknown.ok ? "" : unknown.problem.issues[0]?.path).toBe("permission.outcome");
    const empty = permissionRecord({ ...base, tool: "", outcome: "once" });
    expect(empty.ok ? "" : `${empty.problem.code} ${empty.problem.issues[0]?.path}`).toBe(
      "invalid-permission permission.tool",
    );
  });

  test("approves only once and always", () => {
    expect(PERMISSION_OUTCOMES.filter(isApproved)).toEqual(["once", "always"]);
  });
});
