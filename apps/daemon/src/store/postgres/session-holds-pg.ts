import { ElowenError, errorMessage } from "@elowen/plugin-shared/errors";
import type pg from "pg";
import type { HoldRelease, SessionHolds } from "../session-holds.js";
import type { PgInstanceLease } from "./instance-lease-pg.js";
import type { PgNotifier } from "./notifier.js";
import { isForeignKeyViolation } from "./pg-pool.js";

/** The channel on which a released hold names its session, to wake the instances waiting. */
export const HOLD_CHANNEL = "elowen_session_free";

/** Takes the hold unless a live instance other than this one has it. */
const TAKE = `INSERT INTO session_holds (session_id, instance_id) VALUES ($1, $2)
ON CONFLICT (session_id) DO UPDATE SET instance_id = excluded.instance_id, held_since = clock_timestamp(),
  generation = excluded.generation
WHERE session_holds.instance_id = excluded.instance_id OR NOT EXISTS (
  SELECT 1 FROM instances i WHERE i.id = session_holds.instance_id AND i.expires_at > clock_timestamp())
RETURNING generation::text AS generation`;

/** The holds this instance has in the database now, with their generations. */
const MINE =
  "SELECT session_id, generation::text AS generation FROM session_holds WHERE instance_id = $1";

/** Sessions with an open turn that no live instance runs. */
const ORPHANED = `SELECT DISTINCT session_id FROM open_turns t WHERE NOT EXISTS (
  SELECT 1 FROM instances i WHERE i.id = t.instance_id AND i.expires_at > clock_timestamp())`;

/** Marks interrupted the turns of a session that dead instances left open; answers how many. */
export type RecoverSession = (sessionId: string) => Promise<number>;

/** Thrown into a turn whose hold another instance took over (this one's lease had lapsed). */
export class HoldLostError extends ElowenError<"store.hold_lost"> {
  override readonly name = "HoldLostError";
  constructor(message: string) {
    super({ code: "store.hold_lost", summary: message });
  }
}

/**
 * Session holds in PostgreSQL: a row of `session_holds` per session whose turn runs, naming the
 * instance that runs it. A hold whose instance's lease ran out may be taken over; taking one
 * first marks the session's orphaned turns interrupted, so a dead instance's turn ends in the
 * journal before the next one starts. A waiter wakes on the released hold's notification, and
 * at every heartbeat (a dead holder sends none). Each heartbeat also marks the orphaned turns of
 * sessions nobody waits for.
 *
 * Fencing: each take gets a new `generation`. The journal checks, inside each write's transaction,
 * that this instance still has the hold at the generation it took ({@link fence}); a hold that
 * lapsed and was taken over (or reaped with this instance's row) refuses the stale turn's writes.
 * Each heartbeat also compares the holds in the database with those taken here and stops (through
 * `onLost`) the turns whose hold is gone.
 */
export class PgSessionHolds implements SessionHolds {
  readonly #pool: pg.Pool;
  readonly #lease: PgInstanceLease;
  readonly #recover: RecoverSession;
  readonly #log: (message: string) => void;
  readonly #waiters = new Map<string, Set<() => void>>();
  /**
   * The sessions this instance holds now, with the generation of each take ("" while the take is
   * in flight): its own turns and sweeps must not share one either.
   */
  readonly #held = new Map<string, string>();
  /** How to stop the turn running under each hold, should the hold be lost. */
  readonly #onLost = new Map<string, (reason: Error) => void>();
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
      void this.#checkHeld();
      void this.sweep();
    });
  }

  /**
   * The generation of this instance's hold on the session, when it holds it: the journal checks
   * it in each write's transaction. Undefined when this instance does not hold the session.
   */
  fence(sessionId: string): string | undefined {
    const generation = this.#held.get(sessionId);
    return generation === "" ? undefined : generation;
  }

  async acquire(
    sessionId: string,
    signal: AbortSignal,
    onLost?: (reason: Error) => void,
  ): Promise<HoldRelease> {
    for (;;) {
      signal.throwIfAborted();
      const woken = this.#waitForWake(sessionId, signal);
      if (await this.#take(sessionId)) {
        woken.cancel();
        if (onLost) this.#onLost.set(sessionId, onLost);
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

  /** Stops the turns whose hold the database no longer gives this instance at their generation. */
  async #checkHeld(): Promise<void> {
    if (this.#onLost.size === 0) return;
    let rows: { session_id: string; generation: string }[];
    try {
      ({ rows } = await this.#pool.query(MINE, [this.#lease.instanceId]));
    } catch (error) {
      this.#log(`checking this instance's session holds failed: ${errorMessage(error)}`);
      return;
    }
    const inDatabase = new Map(rows.map((row) => [row.session_id, row.generation]));
    for (const [sessionId, stop] of [...this.#onLost]) {
      const generation = this.#held.get(sessionId);
      if (generation === undefined || generation === "") continue;
      if (inDatabase.get(sessionId) === generation) continue;
      this.#onLost.delete(sessionId);
      this.#log(
        `instance ${this.#lease.instanceId} lost its hold on session ${sessionId} (generation ${generation}; its lease lapsed and the hold was taken over or removed): its turn is stopped and commits nothing more`,
      );
      stop(new HoldLostError(`the hold on session ${sessionId} was lost`));
    }
  }

  async #take(sessionId: string): Promise<boolean> {
    if (this.#held.has(sessionId)) return false;
    this.#held.set(sessionId, "");
    let taken = false;
    try {
      const { rows } = await this.#pool.query<{ generation: string }>(TAKE, [
        sessionId,
        this.#lease.instanceId,
      ]);
      const generation = rows[0]?.generation;
      taken = generation !== undefined;
      if (generation !== undefined) this.#held.set(sessionId, generation);
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
    const generation = this.#held.get(sessionId) ?? "";
    return () => {
      this.#onLost.delete(sessionId);
      // Only the take it releases: a hold another take has since is not this one's to delete.
      released ??= this.#pool
        .query(
          "WITH gone AS (DELETE FROM session_holds WHERE session_id = $1 AND instance_id = $2 AND generation::text = $4) SELECT pg_notify($3, $1)",
          [sessionId, this.#lease.instanceId, HOLD_CHANNEL, generation],
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
