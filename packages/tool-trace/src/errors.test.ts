import { ElowenError, errorMessage, isElowenError } from "@elowen/plugin-shared/errors";
import { describe, expect, test } from "vitest";
import { ToolTraceError } from "./errors.js";

describe("ToolTraceError", () => {
  test("is an ElowenError with its stable code, recognised by isElowenError", () => {
    const error = new ToolTraceError("unknown-row", "no row r9");
    expect(error).toBeInstanceOf(ElowenError);
    expect(error).toBeInstanceOf(Error);
    expect(isElowenError(error, "unknown-row")).toBe(true);
    expect(error.name).toBe("ToolTraceError");
    expect(errorMessage(error)).not.toBe("");
  });
});
