import type { ClusterEvent, ClusterJson, PluginCluster } from "@elowen/plugin-api/cluster";
import { describe, expect, test } from "vitest";
import { SKILLS_CHANGED_TOPIC, syncAcrossInstances } from "./cluster-sync.js";

/** A host's cluster seam as a plugin sees it: what was announced, and a way to deliver events. */
function testCluster(shared: boolean, fail?: Error) {
  const announced: { topic: string; payload: ClusterJson | undefined }[] = [];
  const listeners: ((event: ClusterEvent) => void | Promise<void>)[] = [];
  const cluster: PluginCluster = {
    shared,
    async announce(topic, payload) {
      if (fail) throw fail;
      announced.push({ topic, payload });
    },
    subscribe(listener) {
      listeners.push(listener);
      return () => undefined;
    },
  };
  const deliver = async (event: ClusterEvent) => {
    for (const listener of listeners) await listener(event);
  };
  return { cluster, announced, listeners, deliver };
}

function counter() {
  const calls = { reloads: 0 };
  const reload = async () => {
    calls.reloads += 1;
  };
  return { calls, reload };
}

const log = { debug() {}, info() {}, warn() {}, error() {} };

describe("skills across instances", () => {
  test("a change made here reloads here, then announces skills.changed", async () => {
    const { cluster, announced } = testCluster(true);
    const { calls, reload } = counter();
    await syncAcrossInstances(cluster, reload, log)();
    expect(calls.reloads).toBe(1);
    expect(announced).toEqual([{ topic: SKILLS_CHANGED_TOPIC, payload: undefined }]);
  });

  test("another instance's skills.changed and a resync reload here without announcing; other topics do not", async () => {
    const { cluster, announced, deliver } = testCluster(true);
    const { calls, reload } = counter();
    syncAcrossInstances(cluster, reload, log);
    const from = { kind: "announcement", payload: null, instance: "i-b" } as const;
    await deliver({ ...from, topic: SKILLS_CHANGED_TOPIC });
    await deliver({ ...from, topic: "skills.other" });
    await deliver({ kind: "resync" });
    expect(calls.reloads).toBe(2);
    expect(announced).toEqual([]);
  });

  test("one instance (not shared): the reload is unchanged and nothing subscribes", async () => {
    const { cluster, listeners, announced } = testCluster(false);
    const { reload } = counter();
    expect(syncAcrossInstances(cluster, reload, log)).toBe(reload);
    expect(syncAcrossInstances(undefined, reload, log)).toBe(reload);
    expect(listeners).toEqual([]);
    expect(announced).toEqual([]);
  });

  test("a failed announcement is logged; the change stands", async () => {
    const { cluster } = testCluster(true, new Error("connection lost"));
    const { calls, reload } = counter();
    const warned: string[] = [];
    await syncAcrossInstances(cluster, reload, { ...log, warn: (m: string) => warned.push(m) })();
    expect(calls.reloads).toBe(1);
    expect(warned).toEqual([
      "could not tell the other instances that skills changed: connection lost",
    ]);
  });
});
