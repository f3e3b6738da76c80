import { isPostgresStore } from "../../store/postgres/is-postgres-store.js";
import { pgClusterTransport } from "../../store/postgres/plugin-notify-pg.js";
import type { Store } from "../../store/store.js";
import { LOCAL_CLUSTER_TRANSPORT } from "./cluster-transport.js";
import { ClusterHub } from "./plugin-cluster.js";

/**
 * The plugins' `ctx.cluster` for this store: NOTIFY between the instances of a PostgreSQL
 * database, nothing beyond this process on SQLite (one instance).
 */
export function openClusterHub(store: Store, log: (message: string) => void): ClusterHub {
  return new ClusterHub(
    isPostgresStore(store) ? pgClusterTransport(store) : LOCAL_CLUSTER_TRANSPORT,
    log,
  );
}
