import { ElowenError, errorMessage, isElowenError } from "@elowen/plugin-shared/errors";
import { describe, expect, test } from "vitest";
import { RunBoundaryError } from "./problems.js";

describe("RunBoundaryError", () => {
  test("is an ElowenError with its stable code, recognised by isElowenError", () => {
    const error = new RunBoundaryError("boundary.run_settled", "the run settled");
    expect(error).toBeInstanceOf(ElowenError);
    expect(error).toBeInstanceOf(Error);
    expect(isElowenError(error, "boundary.run_settled")).toBe(true);
    expect(error.name).toBe("RunBoundaryError");
    expect(errorMessage(error)).not.toBe("");
  });
});
