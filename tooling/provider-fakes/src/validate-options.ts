import { DEFAULT_CHUNKS, type FakeProviderOptions, MAX_REQUEST_BYTES } from "./provider.js";
import { ProviderFakeError } from "./provider-fake-error.js";
import { checkInteger } from "./validate-script.js";

/** The options a fake runs with, defaults applied. */
export interface FakeSettings {
  readonly chunks: number;
  readonly fragments: number;
  readonly apiKey: string | undefined;
  readonly maxRequestBytes: number;
  readonly host: string;
  readonly port: number;
}

/** Applies defaults and throws `ProviderFakeError` (code `invalid_option`) on a bad option. */
export function checkOptions(options: FakeProviderOptions): FakeSettings {
  const int = (value: number | undefined, field: string, min: number, max?: number) => {
    if (value !== undefined) checkInteger(value, `options.${field}`, min, max, "invalid_option");
  };
  int(options.chunks, "chunks", 1);
  int(options.fragments, "fragments", 1);
  int(options.maxRequestBytes, "maxRequestBytes", 1);
  int(options.port, "port", 0, 65535);
  for (const field of ["apiKey", "host"] as const) {
    const value = options[field];
    if (value !== undefined && (typeof value !== "string" || value.length === 0)) {
      throw new ProviderFakeError(
        "invalid_option",
        `options.${field}`,
        "a non-empty string",
        value,
      );
    }
  }
  if (options.turns !== undefined && !Array.isArray(options.turns)) {
    throw new ProviderFakeError(
      "invalid_option",
      "options.turns",
      "an array of turns",
      options.turns,
    );
  }
  return {
    chunks: options.chunks ?? DEFAULT_CHUNKS,
    fragments: options.fragments ?? 1,
    apiKey: options.apiKey,
    maxRequestBytes: options.maxRequestBytes ?? MAX_REQUEST_BYTES,
    host: options.host ?? "127.0.0.1",
    port: options.port ?? 0,
  };
}
