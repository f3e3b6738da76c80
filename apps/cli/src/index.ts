/** @elowen/cli: elowen: the terminal client of Elowen (pi-tui), and the daemon launcher. */
export const PACKAGE_NAME = "@elowen/cli";
