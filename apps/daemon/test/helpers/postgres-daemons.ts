import { ElowenClient } from "@elowen/client";
import { closedAfterEach } from "./closed-after-each.js";
import { ASK_THEN_ANSWER, startBrainDaemon, subscribe } from "./live-events.js";
import type { TestDaemon } from "./test-daemon.js";
import { useTestDatabase } from "./test-database.js";

/**
 * In-process daemons on one PostgreSQL test database (created for the file), each with brain-kit
 * and the {@link ASK_THEN_ANSWER} script, closed after each test. `leaseMs` is their lease unless
 * an `instance` call names another.
 */
export function postgresDaemons(leaseMs: number) {
  const database = useTestDatabase();
  const keep = closedAfterEach();
  const instance = async (lease = leaseMs): Promise<TestDaemon> =>
    keep(
      await startBrainDaemon({
        script: ASK_THEN_ANSWER,
        config: { store: { kind: "postgres", url: database.url, poolSize: 4, leaseMs: lease } },
      }),
    );
  return {
    database,
    instance,
    /**
     * Two instances, A and B (`viaB`: the owner's client through B), and a session on A whose first
     * turn ("one") runs on A and now waits on its question (`asked`). `first` settles with that
     * turn; it may fail without an unhandled rejection, for a test that expects it to.
     */
    async turnAskingOnA() {
      const [a, b] = [await instance(), await instance()];
      const viaB = new ElowenClient({ baseUrl: b.url, token: a.ownerToken });
      const session = await a.owner.sessions.create();
      const log = await subscribe(a.owner, session.id);
      const first = a.owner.sessions.submitTurn(session.id, { text: "one", waitForSettle: true });
      first.catch(() => undefined);
      const asked = await log.next("question_asked");
      return { a, b, viaB, session, log, first, asked };
    },
  };
}
