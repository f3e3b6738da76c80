import type { Options } from "tsup";
/** The one build preset: ESM, bundled declarations, sourcemaps, Node 20. */
export declare function defineLibrary(
  options?: Options,
): ReturnType<typeof import("tsup").defineConfig>;
