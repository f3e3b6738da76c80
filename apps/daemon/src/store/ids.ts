import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

// Random bytes are drawn from the CSPRNG a pool at a time: one call per id cost more than the id.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let used = 0;
function nextRandomByte(): number {
  if (used === POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    used = 0;
  }
  return pool[used++] as number;
}

/**
 * What an id names: a session, a journal entry, a turn, a submission, a question, a permission
 * prompt, a sub-agent, or a trace row of nested work.
 */
export type IdPrefix = "s" | "e" | "t" | "u" | "q" | "p" | "a" | "r";

/**
 * A host-minted id: a prefix, ten characters of time (milliseconds, base 32) and sixteen random
 * ones. Ids sort by creation time, and never need escaping in a URL or a path.
 */
export function mintId(prefix: IdPrefix, now: number = Date.now()): string {
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i += 1) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  let tail = "";
  for (let i = 0; i < 16; i += 1) tail += ALPHABET[nextRandomByte() % 32];
  return `${prefix}_${time}${tail}`;
}
