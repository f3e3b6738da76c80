import { ElowenError, isElowenError } from "@elowen/plugin-shared/errors";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { PausedError } from "./brain/brain.js";
import { BRAIN_ERRORS, BrainError } from "./brain/brain-error.js";
import { MissingApiKeyError } from "./brain/model/missing-api-key-error.js";
import { OfflineScriptError } from "./brain/model/offline-script.js";
import { RelayTimeoutError } from "./brain/session/turn-relay.js";
import { OutsideWorkspaceError } from "./brain/tools/workspace-guard.js";
import { ConfigError } from "./config/config-error.js";
import { RequestValidationError } from "./http/validation-error.js";
import { PickerError } from "./plugins/commands/picker-dispatch.js";
import { NotInTurnError } from "./plugins/context/turn-services.js";
import { NoSessionError } from "./plugins/prompt-box/session-target.js";
import { FinalJobError } from "./store/jobs/job-worker.js";
import { HoldLostError } from "./store/postgres/session-holds-pg.js";
import { SchemaTooNewError } from "./store/sqlite/migrate.js";
import { DatabaseLockedError } from "./store/sqlite/open-database.js";
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
      "store.fenced",
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
      "MissingApiKeyError",
      new MissingApiKeyError("anthropic", ["ANTHROPIC_API_KEY"]),
      "model.key_missing",
      "the anthropic provider has no API key: set ANTHROPIC_API_KEY",
    ],
    [
      "OfflineScriptError",
      new OfflineScriptError("script.yaml", ["turns: required"]),
      "model.offline_script_invalid",
      "the offline model's script script.yaml is invalid:\n  - turns: required",
    ],
    [
      "OutsideWorkspaceError",
      new OutsideWorkspaceError("/etc/passwd"),
      "tools.outside_workspace",
      "/etc/passwd is outside this session's workspace; use a path inside it",
    ],
    [
      "RelayTimeoutError",
      new RelayTimeoutError("no answer from instance a within 5000 ms"),
      "relay.timeout",
      "no answer from instance a within 5000 ms",
    ],
    [
      "HoldLostError",
      new HoldLostError("the hold on session s1 was lost"),
      "store.hold_lost",
      "the hold on session s1 was lost",
    ],
    [
      "FinalJobError",
      new FinalJobError("no handler for jobs of kind x"),
      "jobs.final_failure",
      "no handler for jobs of kind x",
    ],
    [
      "DatabaseLockedError",
      new DatabaseLockedError("/data/elowen.db"),
      "store.database_locked",
      "the database /data/elowen.db is locked by another process: is another daemon running with this data directory? Stop it, or start this one with another ELOWEN_HOME.",
    ],
    [
      "SchemaTooNewError",
      new SchemaTooNewError("/data/elowen.db", 9, 6),
      "store.schema_too_new",
      "the database /data/elowen.db has schema version 9, newer than this daemon supports (6): upgrade the daemon, or start it with another data directory (ELOWEN_HOME). It is never migrated down.",
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
