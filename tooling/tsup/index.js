import { defineConfig } from "tsup";

/**
 * The one build preset for every published package: ESM only, bundled declarations, sourcemaps,
 * Node 20 target. `entry` maps output names to sources (`{ index: "src/index.ts" }`); extra
 * entries become subpath exports the package.json names.
 */
export function defineLibrary(options = {}) {
  return defineConfig({
    entry: { index: "src/index.ts" },
    format: ["esm"],
    dts: true,
    sourcemap: true,
    clean: true,
    target: "node20",
    platform: "node",
    splitting: false,
    treeshake: true,
    outDir: "dist",
    ...options,
  });
}
