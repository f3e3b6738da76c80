import { errorMessage } from "@elowen/plugin-shared/errors";
import type pg from "pg";
import type { HoldRelease, SessionHolds } from "../session-holds.js";
import type { PgInstanceLease } from "./instance-lease-pg.js";
import type { PgNotifier } from "./notifier.js";
import { isForeignKeyViolation } from "./pg-pool.js";

/** The channel on which a released hold names its session, to wake the instances waiting. */
export const HOLD_CHANNEL = "elowen_session_free";

/** Takes the hold unless a live instance other than this one has it. */
const TAKE = `INSERT INTO session_holds (session_id, instance_id) VALUES ($1, $2)
ON CONFLICT (session_id) DO UPDATE SET instance_id = excluded.instance_id, held_since = clock_timestamp()
WHERE session_holds.instance_id = excluded.instance_id OR NOT EXISTS (
  SELECT 1 FROM instances i WHERE i.id = session_holds.instance_id AND i.expires_at > clock_timestamp())
RETURNING session_id`;

/** Sessions with an open turn that no live instance runs. */
const ORPHANED = `SELECT DISTINCT session_id FROM open_turns t WHERE NOT EXISTS (
  SELECT 1 FROM instances i WHERE i.id = t.instance_id AND i.expires_at > clock_timestamp())`;

/** Marks interrupted the turns of a session that dead instances left open; answers how many. */
export type RecoverSession = (sessionId: string) => Promise<number>;

/**
 * Session holds in PostgreSQL: a row of `session_holds` per session whose turn runs, naming the
 * instance that runs it. A hold whose instance's lease ran out may be taken over; taking one
 * first marks the session's orphaned turns interrupted, so a dead instance's turn ends in the
 * journal before the next one starts. A waiter wakes on the released hold's notification, and
 * at every heartbeat (a dead holder sends none). Each heartbeat also marks the orphaned turns of
 * sessions nobody waits for.
 */
export class PgSessionHolds implements SessionHolds {
  readonly #pool: pg.Pool;
  readonly #lease: PgInstanceLease;
  readonly #recover: RecoverSession;
  readonly #log: (message: string) => void;
  readonly #waiters = new Map<string, Set<() => void>>();
  /** The sessions this instance holds now: its own turns and sweeps must not share one either. */
  readonly #held = new Set<string>();
  #sweeping: Promise<number> | undefined;

  constructor(
    pool: pg.Pool,
    lease: PgInstanceLease,
    recover: RecoverSession,
    log: (message: string) => void,
  ) {
    this.#pool = pool;
    this.#lease = lease;
    this.#recover = recover;
    this.#log = log;
  }

  /** Listens for released holds and sweeps at every heartbeat. */
  async start(notifier: PgNotifier): Promise<void> {
    await notifier.listen(HOLD_CHANNEL, (sessionId) => this.#wake(sessionId));
    notifier.onResume(() => this.#wakeAll());
    this.#lease.onBeat(() => {
      this.#wakeAll();
      void this.sweep();
    });
  }

  async acquire(sessionId: string, signal: AbortSignal): Promise<HoldRelease> {
    for (;;) {
      signal.throwIfAborted();
      const woken = this.#waitForWake(sessionId, signal);
      if (await this.#take(sessionId)) {
        woken.cancel();
        const release = this.#releaser(sessionId);
        try {
          await this.#recover(sessionId);
        } catch (error) {
          await release();
          throw error;
        }
        return release;
      }
      await woken.promise;
    }
  }

  /**
   * Marks interrupted the turns that dead instances left open in sessions no instance holds
   * (one sweep at a time); answers how many it marked.
   */
  sweep(): Promise<number> {
    this.#sweeping ??= this.#sweepOnce().finally(() => {
      this.#sweeping = undefined;
    });
    return this.#sweeping;
  }

  async #sweepOnce(): Promise<number> {
    let marked = 0;
    try {
      const { rows } = await this.#pool.query<{ session_id: string }>(ORPHANED);
      for (const { session_id: sessionId } of rows) {
        if (!(await this.#take(sessionId))) continue;
        const release = this.#releaser(sessionId);
        try {
          marked += await this.#recover(sessionId);
        } finally {
          await release();
        }
      }
    } catch (error) {
      this.#log(`marking a dead instance's turns failed: ${errorMessage(error)}`);
    }
    return marked;
  }

  async #take(sessionId: string): Promise<boolean> {
    if (this.#held.has(sessionId)) return false;
    this.#held.add(sessionId);
    let taken = false;
    try {
      const { rowCount } = await this.#pool.query(TAKE, [sessionId, this.#lease.instanceId]);
      taken = rowCount === 1;
      return taken;
    } catch (error) {
      // This instance's own row is gone (it lost its lease): the next heartbeat brings it back.
      if (isForeignKeyViolation(error)) return false;
      throw error;
    } finally {
      if (!taken) this.#held.delete(sessionId);
    }
  }

  #releaser(sessionId: string): HoldRelease {
    let released: Promise<void> | undefined;
    return () => {
      released ??= this.#pool
        .query(
          "WITH gone AS (DELETE FROM session_holds WHERE session_id = $1 AND instance_id = $2) SELECT pg_notify($3, $1)",
          [sessionId, this.#lease.instanceId, HOLD_CHANNEL],
        )
        .then(
          () => undefined,
          // A hold left behind is taken back by this instance's next turn, or by another once
          // this one's lease runs out.
          (error: unknown) => this.#log(`releasing session ${sessionId}: ${errorMessage(error)}`),
        )
        .finally(() => {
          this.#held.delete(sessionId);
          // A local waiter needs no notification's round trip.
          this.#wake(sessionId);
        });
      return released;
    };
  }

  /** Resolves on a wake-up for the session, or at the next heartbeat; rejects on abort. */
  #waitForWake(sessionId: string, signal: AbortSignal) {
    let cancel = () => undefined as void;
    const promise = new Promise<void>((resolve, reject) => {
      let set = this.#waiters.get(sessionId);
      if (!set) {
        set = new Set();
        this.#waiters.set(sessionId, set);
      }
      const waiters = set;
      const onAbort = () => {
        done();
        reject(signal.reason);
      };
      const wake = () => {
        done();
        resolve();
      };
      const done = () => {
        waiters.delete(wake);
        if (waiters.size === 0 && this.#waiters.get(sessionId) === waiters)
          this.#waiters.delete(sessionId);
        signal.removeEventListener("abort", onAbort);
      };
      waiters.add(wake);
      signal.addEventListener("abort", onAbort, { once: true });
      cancel = done;
    });
    promise.catch(() => undefined);
    return { promise, cancel };
  }

  #wake(sessionId: string): void {
    for (const wake of [...(this.#waiters.get(sessionId) ?? [])]) wake();
  }

  #wakeAll(): void {
    for (const sessionId of [...this.#waiters.keys()]) this.#wake(sessionId);
  }
}
