import { ElowenError, errorMessage, isElowenError } from "@elowen/plugin-shared/errors";
import { describe, expect, test } from "vitest";
import { HookBusError } from "./errors.js";

describe("HookBusError", () => {
  test("is an ElowenError with its stable code, recognised by isElowenError", () => {
    const error = new HookBusError("chains.refused_rewrite", "refused", "text");
    expect(error).toBeInstanceOf(ElowenError);
    expect(error).toBeInstanceOf(Error);
    expect(isElowenError(error, "chains.refused_rewrite")).toBe(true);
    expect(error.name).toBe("HookBusError");
    expect(errorMessage(error)).not.toBe("");
  });
});
