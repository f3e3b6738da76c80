// The daemon's own built seams for what runs outside vitest's transform: the child-process test
// fixtures and the benches, which measure the build. Not in the package's exports map, so no
// other package can import it: it is not public API.
export type { ElowenConfigInput } from "./config/schema.js";
export type { HostedDaemon } from "./lifecycle/daemon.js";
export { startHostedDaemon } from "./lifecycle/daemon.js";
export { openPostgresStore } from "./store/postgres/postgres-store.js";
export { openSqliteStore } from "./store/sqlite/sqlite-store.js";
