import type { ConnectionPin } from "../model/captured-request.js";
import { MODEL_ERRORS, ModelError } from "../model/model-error.js";
import type { ConnectionAuth } from "../model/model-runtime.js";

/** A provider connection as it stands now. */
export interface ProviderConnection extends ConnectionPin {
  readonly auth: ConnectionAuth;
}

/**
 * The daemon's provider connections and their generations. A connection's generation grows when
 * its credentials are replaced; a removed connection is gone. A request pins the connection and
 * generation it went out on, so work that reuses it later (a skill review) can tell the
 * credentials it was made with are no longer the ones in force.
 */
export class ProviderConnections {
  readonly #connections = new Map<string, ProviderConnection>();

  /** Adds a connection at generation 1; refuses an id already present. */
  add(connection: Omit<ProviderConnection, "generation">): ProviderConnection {
    if (this.#connections.has(connection.connectionId))
      throw new ModelError({
        code: MODEL_ERRORS.connectionExists,
        summary: `provider connection ${connection.connectionId} already exists`,
      });
    const added = { ...connection, generation: 1 };
    this.#connections.set(connection.connectionId, added);
    return added;
  }

  /** The connection now, or undefined once removed. */
  current(connectionId: string): ProviderConnection | undefined {
    return this.#connections.get(connectionId);
  }

  /** Records replaced credentials: the next generation. Undefined for an unknown connection. */
  replace(connectionId: string): ProviderConnection | undefined {
    const current = this.#connections.get(connectionId);
    if (!current) return undefined;
    const next = { ...current, generation: current.generation + 1 };
    this.#connections.set(connectionId, next);
    return next;
  }

  /** Removes a connection (signed out, deleted). True when it existed. */
  remove(connectionId: string): boolean {
    return this.#connections.delete(connectionId);
  }

  /** The pin of a connection now: what a request dispatched now records. */
  pin(connectionId: string): ConnectionPin | undefined {
    const current = this.#connections.get(connectionId);
    return current
      ? {
          providerId: current.providerId,
          connectionId: current.connectionId,
          generation: current.generation,
        }
      : undefined;
  }
}
