import { errorMessage } from "@elowen/plugin-shared/errors";
import type pg from "pg";

/**
 * This instance's row in `instances`: inserted at start, its lease renewed by a heartbeat every
 * quarter of `leaseMs` (measured on the database's clock, so the instances' clocks need not
 * agree), deleted at a clean stop. Each beat also removes the instances whose lease ran out
 * (their session holds go with them) and then tells the `onBeat` listeners.
 */
export class PgInstanceLease {
  readonly instanceId: string;
  readonly leaseMs: number;
  readonly #pool: pg.Pool;
  readonly #log: (message: string) => void;
  readonly #beaten = new Set<() => void>();
  #timer: NodeJS.Timeout | undefined;
  #beating: Promise<void> | undefined;
  #stopped = false;

  constructor(pool: pg.Pool, instanceId: string, leaseMs: number, log: (message: string) => void) {
    this.#pool = pool;
    this.instanceId = instanceId;
    this.leaseMs = leaseMs;
    this.#log = log;
  }

  /** The time between two heartbeats. */
  get beatMs(): number {
    return Math.max(100, Math.floor(this.leaseMs / 4));
  }

  /** Inserts the row and starts the heartbeat. */
  async start(): Promise<void> {
    await this.#join();
    this.#timer = setInterval(() => {
      this.#beating ??= this.#beat().finally(() => {
        this.#beating = undefined;
      });
    }, this.beatMs);
    this.#timer.unref();
  }

  /** Runs `listener` after every heartbeat (dead instances were removed just before). */
  onBeat(listener: () => void): void {
    this.#beaten.add(listener);
  }

  /** Stops the heartbeat and deletes the row: the sessions it held are free at once. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#beating;
    await this.#pool.query("DELETE FROM instances WHERE id = $1", [this.instanceId]);
  }

  async #join(): Promise<void> {
    await this.#pool.query(
      `INSERT INTO instances (id, expires_at) VALUES ($1, clock_timestamp() + $2 * interval '1 millisecond')
       ON CONFLICT (id) DO UPDATE SET expires_at = excluded.expires_at`,
      [this.instanceId, this.leaseMs],
    );
  }

  async #beat(): Promise<void> {
    if (this.#stopped) return;
    try {
      const renewed = await this.#pool.query(
        "UPDATE instances SET expires_at = clock_timestamp() + $2 * interval '1 millisecond' WHERE id = $1",
        [this.instanceId, this.leaseMs],
      );
      if (renewed.rowCount === 0) {
        // Another instance found this one dead (it could not beat for a whole lease) and marked
        // its running turns interrupted; it joins again for the turns still to come.
        this.#log(`instance ${this.instanceId} had lost its lease and joins again`);
        await this.#join();
      }
      const reaped = await this.#pool.query<{ id: string }>(
        "DELETE FROM instances WHERE expires_at < clock_timestamp() RETURNING id",
      );
      for (const row of reaped.rows)
        this.#log(`instance ${row.id} stopped beating; its sessions are free`);
    } catch (error) {
      this.#log(`the instance heartbeat failed: ${errorMessage(error)}`);
      return;
    }
    for (const listener of this.#beaten) listener();
  }
}
