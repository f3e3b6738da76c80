import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

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
  const random = randomBytes(16);
  let tail = "";
  for (const byte of random) tail += ALPHABET[byte % 32];
  return `${prefix}_${time}${tail}`;
}
