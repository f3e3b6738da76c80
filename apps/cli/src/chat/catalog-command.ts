import type { CommandCatalog } from "@elowen/wire";

/** One row of the command catalog as the daemon sends it (`chatCommands('cli')`). */
export type CatalogCommand = CommandCatalog["commands"][number];
