import {
  CLUSTER_PAYLOAD_MAX_BYTES,
  CLUSTER_TOPIC_MAX_CHARS,
  type ClusterEvent,
  type PluginCluster,
} from "@elowen/plugin-api/cluster";
import { afterEach, describe, expect, test } from "vitest";
import { useTestDatabase } from "../../../test/helpers/test-database.js";
import { openPostgresStore, type PostgresStore } from "../../store/postgres/postgres-store.js";
import { LOCAL_CLUSTER_TRANSPORT } from "./cluster-transport.js";
import { openClusterHub } from "./open-cluster.js";
import { ClusterHub } from "./plugin-cluster.js";

const database = useTestDatabase();
const opened: PostgresStore[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

/** One daemon instance's hub on the shared test database, and what its logger was told. */
async function instance() {
  const store = await openPostgresStore({ url: database.url, poolSize: 2 });
  opened.push(store);
  const logged: string[] = [];
  const hub = openClusterHub(store, (message) => logged.push(message));
  return { hub, logged };
}

/** Subscribes and collects what arrives. */
function heard(cluster: PluginCluster): ClusterEvent[] {
  const events: ClusterEvent[] = [];
  cluster.subscribe((event) => {
    events.push(event);
  });
  return events;
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`waited 10 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A payload whose JSON text is exactly `bytes` long. */
function payloadOf(bytes: number): { readonly pad: string } {
  return { pad: "x".repeat(bytes - '{"pad":""}'.length) };
}

describe("ctx.cluster on PostgreSQL", () => {
  test("an announcement reaches the same plugin on every other instance, not the sender and not another plugin", async () => {
    const [a, b, c] = await Promise.all([instance(), instance(), instance()]);
    const fromA = a.hub.forPlugin("@acme/notes");
    const selfHeard = heard(fromA);
    const onB = heard(b.hub.forPlugin("@acme/notes"));
    const onC = heard(c.hub.forPlugin("@acme/notes"));
    const otherPlugin = heard(b.hub.forPlugin("@acme/other"));
    await Promise.all([a.hub.listening(), b.hub.listening(), c.hub.listening()]);

    expect(fromA.shared).toBe(true);
    await fromA.announce("notes.changed", { id: 7, tags: ["a", "b"] });
    await until(() => onB.length > 0 && onC.length > 0, "B and C to hear A");
    const expected = {
      kind: "announcement",
      topic: "notes.changed",
      payload: { id: 7, tags: ["a", "b"] },
      instance: expect.stringMatching(/^i-/),
    };
    expect(onB).toEqual([expected]);
    expect(onC).toEqual([expected]);
    // A later announcement from B has arrived at A after the first: anything A sent itself would
    // have come before it on the same connection.
    await b.hub.forPlugin("@acme/other").announce("other.changed");
    await b.hub.forPlugin("@acme/notes").announce("notes.changed");
    await until(() => selfHeard.length > 0, "A to hear B");
    expect(selfHeard).toEqual([{ ...expected, payload: null }]);
    expect(otherPlugin).toEqual([]);
  });

  test("a payload of exactly the cap arrives whole; one byte more is refused before sending", async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const onB = heard(b.hub.forPlugin("@acme/notes"));
    await b.hub.listening();
    const sender = a.hub.forPlugin("@acme/notes");
    await sender.announce("notes.changed", payloadOf(CLUSTER_PAYLOAD_MAX_BYTES));
    await expect(
      sender.announce("notes.changed", payloadOf(CLUSTER_PAYLOAD_MAX_BYTES + 1)),
    ).rejects.toThrow(
      `cluster.announce: payload is ${CLUSTER_PAYLOAD_MAX_BYTES + 1} bytes of JSON, more than ${CLUSTER_PAYLOAD_MAX_BYTES}`,
    );
    await sender.announce("notes.done");
    await until(() => onB.length === 2, "both announcements that were sent");
    expect(onB.map((event) => (event.kind === "announcement" ? event.payload : event))).toEqual([
      payloadOf(CLUSTER_PAYLOAD_MAX_BYTES),
      null,
    ]);
  });

  test("a listener that throws is logged and the others still hear", async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const cluster = b.hub.forPlugin("@acme/notes");
    cluster.subscribe(() => {
      throw new Error("listener broke");
    });
    const after = heard(cluster);
    await b.hub.listening();
    await a.hub.forPlugin("@acme/notes").announce("notes.changed");
    await until(() => after.length === 1, "the second listener");
    expect(b.logged).toEqual([
      '@acme/notes: a cluster listener failed on "notes.changed": listener broke',
    ]);
  });
});

describe("ctx.cluster on one instance (SQLite)", () => {
  test("is not shared and sends nothing, but still checks what is announced", async () => {
    const cluster = new ClusterHub(LOCAL_CLUSTER_TRANSPORT, () => undefined).forPlugin("@acme/x");
    expect(cluster.shared).toBe(false);
    const events = heard(cluster);
    await cluster.announce("x.changed", { ok: true });
    expect(events).toEqual([]);
    await expect(cluster.announce("X changed")).rejects.toThrow(
      `cluster.announce: topic "X changed" must be lowercase words joined by '.', '_' or '-' (skills.changed)`,
    );
  });

  const cluster = new ClusterHub(LOCAL_CLUSTER_TRANSPORT, () => undefined).forPlugin("@acme/x");
  test.each([
    ["a topic of the longest length", "t".repeat(CLUSTER_TOPIC_MAX_CHARS), null, undefined],
    [
      "a topic one past the longest",
      "t".repeat(CLUSTER_TOPIC_MAX_CHARS + 1),
      null,
      `must be at most ${CLUSTER_TOPIC_MAX_CHARS} characters`,
    ],
    ["an empty topic", "", null, "must be lowercase words"],
    ["a function in the payload", "x", { run: () => 1 }, "payload.run is a function"],
    ["a number JSON cannot carry", "x", [1, Number.NaN], "payload[1] is NaN"],
    ["a class instance", "x", { at: new Date(0) }, "payload.at is a Date"],
    ["a bigint", "x", { n: 1n }, "payload.n is a bigint"],
  ])("%s", async (_name, topic, payload, error) => {
    const sent = cluster.announce(topic, payload as never);
    if (error === undefined) await expect(sent).resolves.toBeUndefined();
    else await expect(sent).rejects.toThrow(error);
  });

  test("a payload nested past the limit is refused", async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 17; i += 1) deep = [deep];
    await expect(cluster.announce("x", deep as never)).rejects.toThrow(
      "nests deeper than 16 levels",
    );
  });
});
