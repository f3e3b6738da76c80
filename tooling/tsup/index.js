import { defineConfig } from "tsup";

/**
 * True on `npm start`'s build, which needs JavaScript only: declaration files are for type checks
 * and publishing, and building them is most of a cold build's time.
 */
const jsOnly = process.env.ELOWEN_BUILD_JS_ONLY === "1";

/**
 * The one build preset for every published package: ESM only, bundled declarations (none when
 * `ELOWEN_BUILD_JS_ONLY=1`, the start path's build), sourcemaps, Node 20 target. `entry` maps output names to sources (`{ index: "src/index.ts" }`); extra
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
    ...(jsOnly ? { dts: false } : {}),
  });
}
