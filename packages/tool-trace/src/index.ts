/** @elowen/tool-trace: Rows for nested work: trace sinks, records, drain, in-place settlement, budgets and share reservations. */
export const PACKAGE_NAME = "@elowen/tool-trace";
