import { statSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { startProviderFake } from "@elowen/provider-fakes";
import { describe, expect, test } from "vitest";
import { MODEL_ERRORS } from "../src/brain/model/model-error.js";
import { PROVIDER_KEYS_FILE, saveProviderKey } from "../src/brain/model/provider-keys.js";
import { closedAfterEach } from "./helpers/closed-after-each.js";
import { startBrainDaemon, subscribe } from "./helpers/live-events.js";
import { startTestDaemon, tempHome } from "./helpers/test-daemon.js";

const KEY = "sk-elowen-test-KEY-0123456789abcdef";
const keep = closedAfterEach();

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

describe("/model: the session's model", () => {
  test("lists the configured provider's models and the offline model, switches live, and keeps the choice across a restart", async () => {
    const fake = keep(
      await startProviderFake("openai-completions", {
        turns: [{ type: "reply", content: [{ type: "text", text: "from the provider" }] }],
      }),
    );
    const home = tempHome();
    const daemon = await startBrainDaemon({
      home,
      config: {
        model: {
          provider: "openai-completions",
          id: "gpt-4.1",
          baseUrl: fake.baseUrl,
          apiKey: KEY,
        },
      },
    });
    const session = await daemon.owner.sessions.create();
    const listed = await daemon.owner.sessions.models(session.id);
    expect(listed.current).toEqual({
      provider: "openai-completions",
      id: "gpt-4.1",
      label: "GPT-4.1 (openai-completions)",
    });
    expect(listed.models.map((m) => `${m.provider}/${m.id}`)).toEqual(
      expect.arrayContaining([
        "openai-completions/gpt-4.1",
        "openai-completions/gpt-4o",
        "offline/offline",
      ]),
    );
    expect(listed.models.some((m) => m.provider === "anthropic")).toBe(false);

    await daemon.owner.sessions.submitTurn(session.id, { text: "hi", waitForSettle: true });
    expect(fake.requests).toHaveLength(1);

    const switched = await daemon.owner.sessions.setModel(session.id, {
      provider: "offline",
      id: "offline",
    });
    expect(switched.current.provider).toBe("offline");
    const log = await subscribe(daemon.owner, session.id);
    await daemon.owner.sessions.submitTurn(session.id, { text: "again", waitForSettle: true });
    const started = await log.next("turn_started");
    expect(started.data.model).toMatchObject({ provider: "offline", offline: true });
    expect(fake.requests).toHaveLength(1);
    await log.close();

    const restarted = keep(await daemon.restart());
    expect((await restarted.owner.sessions.models(session.id)).current).toEqual(switched.current);
    const other = await restarted.owner.sessions.create();
    expect((await restarted.owner.sessions.models(other.id)).current.id).toBe("gpt-4.1");
  }, 120_000);

  test("refuses a model the daemon does not offer with 400 naming the field, and another account's session with 404", async () => {
    const daemon = keep(await startBrainDaemon());
    const session = await daemon.owner.sessions.create();
    const refused = await daemon.request(`/sessions/${session.id}/model`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ provider: "anthropic", id: "claude-sonnet-4-5" }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^model: "anthropic\/claude-sonnet-4-5" is not a model this daemon offers/,
    );
    const stranger = await daemon.account("stranger");
    await expect(stranger.client.sessions.models(session.id)).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("provider keys stored by `elowen login`", () => {
  test("a key stored while the daemon runs lists that provider's models without a restart; the file is 0600", async () => {
    const home = tempHome();
    const daemon = keep(await startBrainDaemon({ home }));
    const session = await daemon.owner.sessions.create();
    const before = await daemon.owner.sessions.models(session.id);
    expect(before.models.map((m) => m.provider)).toEqual(["offline"]);

    await saveProviderKey(home, "anthropic", `  ${KEY}\n`);
    expect(statSync(join(home, PROVIDER_KEYS_FILE)).mode & 0o777).toBe(0o600);
    const after = await daemon.owner.sessions.models(session.id);
    expect(after.models).toContainEqual({
      provider: "anthropic",
      id: "claude-sonnet-4-5",
      label: expect.stringMatching(/^Claude Sonnet 4\.5.* \(anthropic\)$/),
    });
    const chosen = await daemon.owner.sessions.setModel(session.id, {
      provider: "anthropic",
      id: "claude-sonnet-4-5",
    });
    expect(chosen.current.provider).toBe("anthropic");
  });

  test("the configured provider runs on the stored key, and without one the start names the variables and `elowen login`", async () => {
    const fake = keep(
      await startProviderFake("anthropic-messages", {
        turns: [{ type: "reply", content: [{ type: "text", text: "signed in" }] }],
      }),
    );
    const home = tempHome();
    const config = {
      model: { provider: "anthropic" as const, id: "claude-sonnet-4-5", baseUrl: fake.baseUrl },
    };
    await expect(startTestDaemon({ home, config })).rejects.toThrow(
      "the anthropic provider has no API key: set ELOWEN_API_KEY or ANTHROPIC_API_KEY, or run `elowen login anthropic` (no restart needed)",
    );
    await saveProviderKey(home, "anthropic", KEY);
    const daemon = keep(await startTestDaemon({ home, config }));
    const session = await daemon.owner.sessions.create();
    await daemon.owner.sessions.submitTurn(session.id, { text: "hi", waitForSettle: true });
    expect(fake.requests[0]?.headers["x-api-key"]).toBe(KEY);
  });

  test.each([
    ["", "is empty", MODEL_ERRORS.keyEmpty],
    ["sk-one sk-two", "holds whitespace", MODEL_ERRORS.keyWhitespace],
  ])("refuses to store the key %j: it %s", async (key, rule, code) => {
    await expect(saveProviderKey(tempHome(), "openai", key)).rejects.toMatchObject({
      code,
      message: expect.stringContaining(rule),
    });
  });
});

describe("a provider that cannot be reached", () => {
  test("is reported once, with its URL, in plain words", async () => {
    const port = await closedPort();
    const baseUrl = `http://127.0.0.1:${port}/v1`;
    const daemon = keep(
      await startBrainDaemon({
        config: { model: { provider: "openai-compatible", id: "local", baseUrl } },
      }),
    );
    const session = await daemon.owner.sessions.create();
    const log = await subscribe(daemon.owner, session.id);
    const reply = await daemon.owner.sessions.submitTurn(session.id, {
      text: "hi",
      waitForSettle: true,
    });
    expect(reply).toMatchObject({ outcome: { reason: "error" } });
    await log.next("turn_completed");
    const errors = log.of("error").map((e) => e.data.message);
    expect(errors).toEqual([`cannot reach ${baseUrl}`]);
    expect(JSON.stringify(log.raw)).not.toContain("Connection error");
    await log.close();
  });
});
