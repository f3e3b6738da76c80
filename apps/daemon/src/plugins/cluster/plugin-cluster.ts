import type { ClusterEvent, PluginCluster } from "@elowen/plugin-api/cluster";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { announcementText, parseClusterMessage } from "./cluster-payload.js";
import type { ClusterTransport } from "./cluster-transport.js";

type Listener = (event: ClusterEvent) => void | Promise<void>;

/**
 * Every plugin's `ctx.cluster` on one transport. A plugin listens on its own channel from its
 * first `subscribe`; {@link ClusterHub.listening} resolves once every channel asked for so far is
 * listened on, so the daemon reports ready only when no announcement can slip past a subscriber.
 */
export class ClusterHub {
  readonly #transport: ClusterTransport;
  readonly #log: (message: string) => void;
  readonly #pending = new Set<Promise<void>>();

  constructor(transport: ClusterTransport, log: (message: string) => void) {
    this.#transport = transport;
    this.#log = log;
  }

  /** Resolves once every subscription made so far listens (never rejects: a failure is logged). */
  async listening(): Promise<void> {
    await Promise.all([...this.#pending]);
  }

  /** The `ctx.cluster` of one plugin. */
  forPlugin(plugin: string): PluginCluster {
    const transport = this.#transport;
    const listeners = new Set<Listener>();
    let listened = false;
    const tell = (event: ClusterEvent) => {
      for (const listener of listeners) this.#call(plugin, listener, event);
    };
    const heard = (text: string) => {
      const message = parseClusterMessage(text);
      if (!message) return this.#log(`${plugin}: an announcement not in the wire form was dropped`);
      if (message.i === transport.instanceId) return;
      tell({ kind: "announcement", topic: message.t, payload: message.p, instance: message.i });
    };
    const listen = () => {
      listened = true;
      transport.onResume(() => tell({ kind: "resync" }));
      const pending = transport
        .listen(plugin, heard)
        .catch((error: unknown) =>
          this.#log(`${plugin}: could not listen for announcements: ${errorMessage(error)}`),
        )
        .finally(() => this.#pending.delete(pending));
      this.#pending.add(pending);
    };
    return {
      shared: transport.shared,
      async announce(topic, payload = null) {
        const text = announcementText(transport.instanceId, topic, payload);
        if (transport.shared) await transport.send(plugin, text);
      },
      subscribe(listener) {
        if (typeof listener !== "function")
          throw new TypeError("cluster.subscribe: listener must be a function");
        listeners.add(listener);
        if (!listened) listen();
        return () => {
          listeners.delete(listener);
        };
      },
    };
  }

  #call(plugin: string, listener: Listener, event: ClusterEvent): void {
    const failed = (error: unknown) =>
      this.#log(
        `${plugin}: a cluster listener failed on ${describe(event)}: ${errorMessage(error)}`,
      );
    try {
      const answer = listener(event);
      if (answer instanceof Promise) answer.catch(failed);
    } catch (error) {
      failed(error);
    }
  }
}

function describe(event: ClusterEvent): string {
  return event.kind === "resync" ? "a resync" : `"${event.topic}"`;
}
