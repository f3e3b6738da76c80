import { ElowenError, isElowenError } from "@elowen/plugin-shared/errors";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { PausedError } from "./brain/brain.js";
import { BRAIN_ERRORS, BrainError } from "./brain/brain-error.js";
import { ConfigError } from "./config/config-error.js";
import { RequestValidationError } from "./http/validation-error.js";
import { PickerError } from "./plugins/commands/picker-dispatch.js";
import { NotInTurnError } from "./plugins/context/turn-services.js";
import { NoSessionError } from "./plugins/prompt-box/session-target.js";
import { StoreError } from "./store/store-error.js";
import { TestingError } from "./testing/testing-error.js";

const invalidBody = z.strictObject({ title: z.string().max(3) }).safeParse({ title: "long" });

describe("the daemon's error classes", () => {
  test.each<[string, ElowenError, string, string]>([
    [
      "ConfigError",
      new ConfigError("/etc/elowen.yaml", [{ path: "server.port", message: "too big" }]),
      "config_invalid",
      "invalid configuration in /etc/elowen.yaml:\n  - server.port: too big",
    ],
    [
      "RequestValidationError",
      new RequestValidationError("body", (invalidBody.error as z.ZodError) ?? new z.ZodError([])),
      "http.request_invalid",
      "body.title: Too big: expected string to have <=3 characters",
    ],
    [
      "PickerError",
      new PickerError(404, "/x has no actions"),
      "plugins.picker_failed",
      "/x has no actions",
    ],
    [
      "NotInTurnError",
      new NotInTurnError("steer"),
      "not_in_turn",
      "ctx.steer is not available outside a turn: it acts on the current session's turn, and this call runs in none (or the host has no turn runner yet)",
    ],
    [
      "NoSessionError",
      new NoSessionError("prompt.set"),
      "no_session",
      "ctx.prompt.set is not available outside a turn, hook or request of a session: it acts on a session's prompt box; name one with { sessionId }",
    ],
    [
      "StoreError",
      new StoreError("fenced", "the session hold lapsed"),
      "fenced",
      "the session hold lapsed",
    ],
    [
      "PausedError",
      new PausedError(),
      "brain.paused",
      "the daemon is stopping and takes no new turns; submit again once it has restarted",
    ],
    [
      "BrainError",
      new BrainError({
        code: BRAIN_ERRORS.agentTooDeep,
        summary: "agent.spawn: sub-agents nest at most 4 deep",
      }),
      "brain.agent_too_deep",
      "agent.spawn: sub-agents nest at most 4 deep",
    ],
    [
      "TestingError",
      new TestingError("wait_timeout", "nothing came"),
      "wait_timeout",
      "nothing came",
    ],
  ])("%s is an ElowenError with its stable code and its message", (name, error, code, message) => {
    expect(error).toBeInstanceOf(ElowenError);
    expect(isElowenError(error, code)).toBe(true);
    expect({ name: error.name, code: error.code, message: error.message }).toEqual({
      name,
      code,
      message,
    });
  });

  test("a TestingError keeps the cause it was given", () => {
    const cause = new Error("socket closed");
    expect(new TestingError("stream_closed", "closed", { cause }).cause).toBe(cause);
  });
});
