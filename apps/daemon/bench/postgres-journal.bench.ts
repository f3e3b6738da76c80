import { record, summarize } from "@elowen/bench";
import { openPostgresStore } from "../dist/internal.js";
import { benchDatabase } from "./pg-fixtures.js";

// Journal commits on PostgreSQL: the store's append of one entry (its own transaction: the
// session row locked, seq and parent chained, the entry inserted, the leaf moved, NOTIFY sent)
// against raw `pg` inserts of the same rows (one INSERT of the same entry, autocommit) on the
// same pool. One commit at a time, alternating ours and the peer, after a warm-up; the figure is
// commits per second from the medians, the ratio ours/peer (below 1: ours commits fewer).
const WARMUP = 300;
const COMMITS = 3000;
const database = await benchDatabase();
const store = await openPostgresStore({ url: database.url, poolSize: 4 });
try {
  const owner = await store.accounts.create({ name: "bench", role: "owner" });
  const ours = await store.sessions.create({ ownerId: owner.id, kind: "interactive" });
  const theirs = await store.sessions.create({ ownerId: owner.id, kind: "interactive" });
  const data = JSON.stringify({ text: "A user message of ordinary length, as a turn would send." });
  let seq = 0;
  let parent: string | null = null;
  const append = async () => {
    const started = performance.now();
    await store.journal.append(ours.id, [{ kind: "user", data: JSON.parse(data) }]);
    return performance.now() - started;
  };
  const insert = async () => {
    const id = `e_peer${String(seq).padStart(20, "0")}`;
    const started = performance.now();
    await store.pool.query(
      `INSERT INTO entries (id, session_id, parent_id, seq, kind, custom_type, hidden, off_branch, data, created_at)
       VALUES ($1, $2, $3, $4, 'user', NULL, false, false, $5, $6)`,
      [id, theirs.id, parent, seq, data, Date.now()],
    );
    const took = performance.now() - started;
    parent = id;
    seq += 1;
    return took;
  };
  for (let i = 0; i < WARMUP; i += 1) {
    await append();
    await insert();
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < COMMITS; i += 1) {
    if (i % 2 === 0) {
      a.push(await append());
      b.push(await insert());
    } else {
      b.push(await insert());
      a.push(await append());
    }
  }
  const oursStats = summarize(a);
  const peerStats = summarize(b);
  const perSecond = (ms: number) => Math.round(1000 / ms);
  record({
    name: "journal commits per second on PostgreSQL, one entry per commit, one at a time",
    unit: "commits/s",
    value: perSecond(oursStats.p50),
    peer: "raw pg INSERT of the same rows (autocommit)",
    peerValue: perSecond(peerStats.p50),
    ratio: Number((perSecond(oursStats.p50) / perSecond(peerStats.p50)).toFixed(3)),
    target: "measured (ours/peer commits per second)",
  });
  console.log(
    `  one commit: ours p50 ${oursStats.p50.toFixed(3)} ms p99 ${oursStats.p99.toFixed(3)} ms; raw pg p50 ${peerStats.p50.toFixed(3)} ms p99 ${peerStats.p99.toFixed(3)} ms`,
  );
} finally {
  await store.close();
  await database.drop();
}
