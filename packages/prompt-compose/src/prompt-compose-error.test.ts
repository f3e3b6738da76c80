import { ElowenError, errorMessage, isElowenError } from "@elowen/plugin-shared/errors";
import { describe, expect, test } from "vitest";
import { PromptComposeError } from "./prompt-compose-error.js";

describe("PromptComposeError", () => {
  test("is an ElowenError with its stable code, recognised by isElowenError", () => {
    const error = new PromptComposeError("duplicate", "fragment x is registered twice", {
      field: "name",
    });
    expect(error).toBeInstanceOf(ElowenError);
    expect(error).toBeInstanceOf(Error);
    expect(isElowenError(error, "duplicate")).toBe(true);
    expect(error.name).toBe("PromptComposeError");
    expect(errorMessage(error)).not.toBe("");
  });
});
