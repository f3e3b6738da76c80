import { errorMessage } from "@elowen/plugin-shared/errors";
import pg from "pg";
import { StoreError } from "../store-error.js";

/** How long the listener waits before reconnecting after its connection dropped. */
export const LISTEN_RETRY_MS = 500;

type Handler = (payload: string) => void;

/**
 * One dedicated connection that LISTENs on the store's channels and hands each notification to
 * its handlers. A dropped connection is reopened; since notifications sent meanwhile are lost,
 * every `onResume` handler runs once it listens again (to re-read what it caches).
 */
export class PgNotifier {
  readonly #url: string;
  readonly #log: (message: string) => void;
  readonly #handlers = new Map<string, Set<Handler>>();
  readonly #resumed = new Set<() => void>();
  #client: pg.Client | undefined;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;

  constructor(url: string, log: (message: string) => void) {
    this.#url = url;
    this.#log = log;
  }

  /** Connects and listens on every channel with a handler. */
  async start(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#url,
      application_name: "elowen-listen",
    });
    client.on("notification", (message) => {
      for (const handler of this.#handlers.get(message.channel) ?? []) {
        try {
          handler(message.payload ?? "");
        } catch (error) {
          this.#log(`a ${message.channel} handler failed: ${errorMessage(error)}`);
        }
      }
    });
    client.on("error", (error) => this.#lost(client, error));
    client.on("end", () => this.#lost(client, new Error("connection ended")));
    await client.connect();
    for (const channel of this.#handlers.keys()) await client.query(`LISTEN ${channel}`);
    this.#client = client;
  }

  /** Calls `handler` with the payload of every notification on `channel` (a plain identifier). */
  async listen(channel: string, handler: Handler): Promise<void> {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel))
      throw new StoreError(
        "invalid",
        `bad channel name ${channel}: a channel is a lowercase SQL identifier of at most 63 characters`,
      );
    let set = this.#handlers.get(channel);
    if (!set) {
      set = new Set();
      this.#handlers.set(channel, set);
      await this.#client?.query(`LISTEN ${channel}`);
    }
    set.add(handler);
  }

  /** Runs `handler` whenever the listener reconnected (notifications may have been missed). */
  onResume(handler: () => void): void {
    this.#resumed.add(handler);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  #lost(client: pg.Client, error: Error) {
    if (this.#closed || this.#client !== client) return;
    this.#client = undefined;
    this.#log(`the notification listener lost its connection (${error.message}); reconnecting`);
    client.end().catch(() => undefined);
    const again = () => {
      if (this.#closed) return;
      this.start().then(
        () => {
          for (const handler of this.#resumed) handler();
        },
        () => {
          this.#retry = setTimeout(again, LISTEN_RETRY_MS);
          this.#retry.unref();
        },
      );
    };
    this.#retry = setTimeout(again, LISTEN_RETRY_MS);
    this.#retry.unref();
  }
}
