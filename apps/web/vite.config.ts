import { defineConfig } from "vite";

/**
 * The browser app: `index.html` and `src/main.tsx`, built into `dist/app` (served by the daemon
 * from the same origin). Everything is bundled: no CDN, no external fonts.
 */
export default defineConfig({
  base: "./",
  // Transpile only (tsc checks types with tsconfig.json, whose shared chain goes through a
  // workspace symlink the transformer would resolve from the wrong directory).
  tsconfig: "tsconfig.vite.json",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: "dist/app",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  server: { strictPort: false },
});
