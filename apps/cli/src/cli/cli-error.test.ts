import { ElowenError, isElowenError } from "@elowen/plugin-shared/errors";
import { describe, expect, test } from "vitest";
import { CliError, describeFailure, usageError } from "./cli-error.js";
import { EXIT_CODES } from "./exit-codes.js";

describe("CliError", () => {
  test.each([
    [EXIT_CODES.failure, "cli.failure"],
    [EXIT_CODES.usage, "cli.usage"],
    [EXIT_CODES.unreachable, "cli.unreachable"],
    [EXIT_CODES.unauthorized, "cli.unauthorized"],
    [EXIT_CODES.notFound, "cli.not_found"],
    [EXIT_CODES.config, "cli.config"],
    [EXIT_CODES.interrupted, "cli.interrupted"],
  ])("exit code %i is an ElowenError with the code %s", (exitCode, code) => {
    const error = new CliError(exitCode, "it failed");
    expect(error).toBeInstanceOf(ElowenError);
    expect(isElowenError(error, code)).toBe(true);
    expect({ name: error.name, exitCode: error.exitCode, message: error.message }).toEqual({
      name: "CliError",
      exitCode,
      message: "it failed",
    });
  });

  test("a usage error carries cli.usage and the message as given", () => {
    expect(usageError("--port must be a number")).toMatchObject({
      code: "cli.usage",
      exitCode: 2,
      message: "--port must be a number",
    });
  });

  test("anything else a command threw becomes cli.failure, keeping it as the cause", () => {
    const thrown = new RangeError("out of range");
    const failure = describeFailure(thrown);
    expect(failure).toMatchObject({ code: "cli.failure", exitCode: 1, message: "out of range" });
    expect(failure.cause).toBe(thrown);
  });
});
