/**
 * `@elowen/plugin-shared/queue`: the one keyed queue. Async work is serialized per key (a file
 * path, a session id, a list); different keys run concurrently.
 */

export { KeyedQueue } from "./keyed-queue.js";
