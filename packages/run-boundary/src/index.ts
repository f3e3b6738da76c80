/** @elowen/run-boundary: brain.run.beforeSettle patches and the per-run continuation policy. */
export const PACKAGE_NAME = "@elowen/run-boundary";
