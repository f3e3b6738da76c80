import type { PluginRouteMethod } from "@elowen/plugin-api";
import type { PluginRouteHandler } from "@elowen/plugin-api/routes";
import {
  PLUGIN_REGISTRATION_ERRORS,
  PluginRegistrationError,
} from "../context/registration-error.js";

/** A declared route with its owner and (once registered) its handler. */
export interface RouteEntry {
  readonly plugin: string;
  readonly method: PluginRouteMethod;
  readonly pattern: string;
  readonly segments: readonly string[];
  readonly grantable: boolean;
  handler?: PluginRouteHandler;
}

/** The outcome of matching a raw request path. */
export type RouteMatch =
  | {
      readonly ok: true;
      readonly entry: RouteEntry;
      readonly params: Readonly<Record<string, string>>;
    }
  | { readonly ok: false; readonly status: 400 | 404; readonly error: string };

/**
 * Plugin routes, matched as complete declared patterns against the raw (still encoded) path:
 * the segment count must be equal, literals compare exactly, and each `:name` segment is decoded
 * exactly once into `params.name`. An undeclared path or suffix is a 404 before any handler runs.
 * A parameter that decodes to `.`/`..` or holds a separator or NUL is refused with 400: a
 * parameter is one segment.
 */
export class RouteTable {
  readonly #entries: RouteEntry[] = [];

  /** Declares a manifest route; refuses one another plugin declared, naming both owners. */
  declare(plugin: string, method: PluginRouteMethod, pattern: string, grantable: boolean): void {
    const shape = `${method} ${pattern.replace(/:[^/]+/g, ":")}`;
    const clash = this.#entries.find(
      (e) => `${e.method} ${e.pattern.replace(/:[^/]+/g, ":")}` === shape,
    );
    if (clash) {
      throw new PluginRegistrationError({
        code: PLUGIN_REGISTRATION_ERRORS.duplicate,
        summary: `route ${method} ${pattern} is already declared by ${clash.plugin}; ${plugin} cannot declare it too`,
      });
    }
    this.#entries.push({
      plugin,
      method,
      pattern,
      segments: pattern.split("/").slice(1),
      grantable,
    });
  }

  /** The declared entry a handler belongs to, or an error naming what is not declared. */
  find(plugin: string, method: string, pattern: string): RouteEntry | undefined {
    return this.#entries.find(
      (e) => e.plugin === plugin && e.method === method && e.pattern === pattern,
    );
  }

  /** Every declared route, in declaration order (the OpenAPI document lists them). */
  entries(): readonly RouteEntry[] {
    return this.#entries;
  }

  /** Withdraws every route of a plugin (its registration failed). */
  withdraw(plugin: string): void {
    for (let i = this.#entries.length - 1; i >= 0; i -= 1) {
      if (this.#entries[i]?.plugin === plugin) this.#entries.splice(i, 1);
    }
  }

  /** Matches a method and a raw path (no query). Literal segments beat parameters. */
  match(method: string, rawPath: string): RouteMatch {
    const segments = rawPath.split("/").slice(1);
    let best: { entry: RouteEntry; literals: number } | undefined;
    for (const entry of this.#entries) {
      if (entry.method !== method || entry.segments.length !== segments.length) continue;
      let literals = 0;
      let ok = true;
      for (let i = 0; i < segments.length; i += 1) {
        const declared = entry.segments[i] as string;
        if (declared.startsWith(":")) {
          // A parameter matches one non-empty segment.
          if (segments[i] === "") {
            ok = false;
            break;
          }
          continue;
        }
        if (declared !== segments[i]) {
          ok = false;
          break;
        }
        literals += 1;
      }
      if (ok && (!best || literals > best.literals)) best = { entry, literals };
    }
    if (!best) return { ok: false, status: 404, error: `no plugin route ${method} ${rawPath}` };
    const params: Record<string, string> = {};
    for (let i = 0; i < segments.length; i += 1) {
      const declared = best.entry.segments[i] as string;
      if (!declared.startsWith(":")) continue;
      const name = declared.slice(1);
      let value: string;
      try {
        value = decodeURIComponent(segments[i] as string);
      } catch {
        return {
          ok: false,
          status: 400,
          error: `path parameter ${name} is not valid percent-encoding`,
        };
      }
      if (value === "" || value === "." || value === ".." || /[/\\\0]/.test(value)) {
        return {
          ok: false,
          status: 400,
          error: `path parameter ${name} must be one path segment (not empty, ".", "..", or holding "/", "\\" or NUL)`,
        };
      }
      params[name] = value;
    }
    return { ok: true, entry: best.entry, params };
  }
}
