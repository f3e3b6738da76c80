import { errorMessage } from "@elowen/plugin-shared/errors";
import type pg from "pg";
import {
  type RelayRequest,
  type RelayResult,
  RelayTimeoutError,
  type TurnRelay,
} from "../../brain/session/turn-relay.js";
import { StoreError } from "../store-error.js";
import type { PgNotifier } from "./notifier.js";

/** Names a relayed request to the instance that is to carry it out: `<target> <id>`. */
export const RELAY_CHANNEL = "elowen_relay";
/** Tells the instance that relayed a request that its result is written: `<origin> <id>`. */
export const RELAY_DONE_CHANNEL = "elowen_relay_done";
/** How long an instance waits for the holder's result before answering 503 (ours). */
export const RELAY_TIMEOUT_MS = 10_000;
/** How often a waiting instance reads its row too, should a notification be lost (ours). */
const RELAY_POLL_MS = 500;

/** The live instance other than `$2` holding the session `$1`. */
const HOLDER = `SELECT h.instance_id FROM session_holds h JOIN instances i ON i.id = h.instance_id
WHERE h.session_id = $1 AND h.instance_id <> $2 AND i.expires_at > clock_timestamp()`;

const SEND = `WITH ins AS (
  INSERT INTO relayed_requests (origin, target, session_id, request) VALUES ($1, $2, $3, $4)
  RETURNING id, target)
SELECT ins.id::text AS id, pg_notify('${RELAY_CHANNEL}', ins.target || ' ' || ins.id) FROM ins`;

/** Carries out a relayed request here (the running instance) and answers its result. */
export type RelayHandler = (request: RelayRequest) => Promise<RelayResult> | RelayResult;

/**
 * The relay through PostgreSQL: the receiving instance writes the request as a row addressed to
 * the instance holding the session and NOTIFYs a pointer to it; the holder reads the row, carries
 * the request out on its own brain, writes the result into the row and NOTIFYs back; the
 * receiver reads the result and deletes the row. A waiting receiver also reads its row every
 * half second, so a notification lost while a listener reconnected costs a delay, not the answer.
 */
export class PgTurnRelay implements TurnRelay {
  readonly #pool: pg.Pool;
  readonly #instanceId: string;
  readonly #log: (message: string) => void;
  readonly #timeoutMs: number;
  readonly #waiting = new Map<string, () => void>();
  #handler: RelayHandler | undefined;

  constructor(
    pool: pg.Pool,
    instanceId: string,
    log: (message: string) => void,
    timeoutMs = RELAY_TIMEOUT_MS,
  ) {
    this.#pool = pool;
    this.#instanceId = instanceId;
    this.#log = log;
    this.#timeoutMs = timeoutMs;
  }

  /** Listens for requests addressed here (carried out by `handler`) and for results. */
  async start(notifier: PgNotifier, handler: RelayHandler): Promise<void> {
    this.#handler = handler;
    await notifier.listen(RELAY_CHANNEL, (payload) => {
      const [target, id] = payload.split(" ");
      if (target === this.#instanceId && id !== undefined) void this.#carryOut(id);
    });
    await notifier.listen(RELAY_DONE_CHANNEL, (payload) => {
      const [origin, id] = payload.split(" ");
      if (origin === this.#instanceId && id !== undefined) this.#waiting.get(id)?.();
    });
  }

  async forward(request: RelayRequest): Promise<RelayResult | undefined> {
    const { rows } = await this.#pool.query<{ instance_id: string }>(HOLDER, [
      request.sessionId,
      this.#instanceId,
    ]);
    const target = rows[0]?.instance_id;
    if (target === undefined) return undefined;
    const sent = await this.#pool.query<{ id: string }>(SEND, [
      this.#instanceId,
      target,
      request.sessionId,
      JSON.stringify(request),
    ]);
    const id = sent.rows[0]?.id;
    if (id === undefined) throw new StoreError("invalid", "the relayed request was not stored");
    try {
      const result = await this.#awaitResult(id);
      if (result === undefined)
        throw new RelayTimeoutError(
          `instance ${target}, which runs this session's turn, did not answer within ${this.#timeoutMs} ms`,
        );
      return result;
    } finally {
      await this.#pool.query("DELETE FROM relayed_requests WHERE id = $1", [id]);
    }
  }

  async #awaitResult(id: string): Promise<RelayResult | undefined> {
    const deadline = Date.now() + this.#timeoutMs;
    try {
      for (;;) {
        const { rows } = await this.#pool.query<{ result: RelayResult | null }>(
          "SELECT result FROM relayed_requests WHERE id = $1",
          [id],
        );
        const result = rows[0]?.result;
        if (result) return result;
        const left = deadline - Date.now();
        if (left <= 0) return undefined;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, RELAY_POLL_MS));
          this.#waiting.set(id, () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    } finally {
      this.#waiting.delete(id);
    }
  }

  async #carryOut(id: string): Promise<void> {
    try {
      const { rows } = await this.#pool.query<{ origin: string; request: RelayRequest }>(
        "SELECT origin, request FROM relayed_requests WHERE id = $1 AND target = $2 AND result IS NULL",
        [id, this.#instanceId],
      );
      const row = rows[0];
      if (!row || !this.#handler) return;
      const result = await this.#handler(row.request);
      await this.#pool.query(
        `WITH done AS (UPDATE relayed_requests SET result = $2 WHERE id = $1 RETURNING origin, id)
         SELECT pg_notify('${RELAY_DONE_CHANNEL}', done.origin || ' ' || done.id) FROM done`,
        [id, JSON.stringify(result)],
      );
    } catch (error) {
      this.#log(`a relayed request (${id}) failed here: ${errorMessage(error)}`);
    }
  }
}
