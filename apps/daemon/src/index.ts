/** @elowen/daemon: The Elowen reference host: config, store, plugin loader, brain, HTTP API. */
export const PACKAGE_NAME = "@elowen/daemon";
