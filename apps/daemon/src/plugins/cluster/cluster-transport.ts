/**
 * How announcements travel between instances: NOTIFY on a channel per plugin for the PostgreSQL
 * store (store/postgres/plugin-notify-pg), nowhere for the single-instance SQLite store.
 */
export interface ClusterTransport {
  /** True when other instances may hear what is sent. */
  readonly shared: boolean;
  /** This instance's id; what it sent itself comes back to it and is dropped by this id. */
  readonly instanceId: string;
  /** Sends `text` to every instance listening for `plugin` (the sender included). */
  send(plugin: string, text: string): Promise<void>;
  /** Hands every text sent for `plugin` to `handler` from now on. */
  listen(plugin: string, handler: (text: string) => void): Promise<void>;
  /** Runs `handler` whenever texts sent meanwhile may have been lost (a dropped connection). */
  onResume(handler: () => void): void;
}

/** One instance: nothing is sent and nothing arrives. */
export const LOCAL_CLUSTER_TRANSPORT: ClusterTransport = {
  shared: false,
  instanceId: "local",
  async send() {},
  async listen() {},
  onResume() {},
};
