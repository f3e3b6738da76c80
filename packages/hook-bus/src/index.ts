/** @elowen/hook-bus: Elowen lifecycle hooks and middleware chains: budgets, pinned fields, fail-open dispatch. */
export const PACKAGE_NAME = "@elowen/hook-bus";
