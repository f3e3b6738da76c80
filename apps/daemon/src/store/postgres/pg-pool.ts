import pg from "pg";

/** A connection that runs queries: the pool itself, or one client inside a transaction. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, "query">;

// int8 (counts, ids, millisecond times) as numbers: every value the store writes is a safe integer.
const INT8_OID = 20;
const parseInt8 = (text: string) => Number(text);
const TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID && format !== "binary"
      ? parseInt8
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Opens a pool on `url` whose int8 columns read as numbers. */
export function openPool(url: string, max: number): pg.Pool {
  return new pg.Pool({ connectionString: url, max, types: TYPES, application_name: "elowen" });
}

/**
 * Runs `work` in one transaction on one pooled client: committed when it resolves, rolled back
 * when it throws (the error is rethrown). The client goes back to the pool either way.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** True for PostgreSQL's unique-violation error (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "23505";
}

/** True for PostgreSQL's foreign-key-violation error (SQLSTATE 23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "23503";
}
