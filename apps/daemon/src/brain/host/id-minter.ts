import { type IdPrefix, mintId } from "../../store/ids.js";

/**
 * Mints the ids the brain hands out: turns, journal entries, submissions, questions, permission
 * prompts, sub-agents and trace rows. Injected through the host so a test can mint a sequence it
 * can name; every id must be unique for the life of the store.
 */
export interface IdMinter {
  mint(prefix: IdPrefix): string;
}

/** The default minter: time-sorted random ids (`mintId`). */
export const randomIds: IdMinter = { mint: (prefix) => mintId(prefix) };
