// The module-cycle check (`pnpm cycles`, run by `npm run check`): no import cycle in any package's
// src/. Type-only imports (`import type`) count too: a cycle through types still ties two modules
// together, so a change to one forces a look at the other, and a folder that only needs another's
// types can import them from a neutral types file instead.
/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment:
        "This module is part of an import cycle. Break it by moving what both sides share (a type, a helper, a constant) into a neutral module both can import; do not suppress it.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "relative-import-resolves",
      comment:
        "A relative import that does not resolve to a file would hide the cycles that run through it: fix the path (TypeScript sources import './x.js' for './x.ts').",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, path: "^[.]" },
    },
  ],
  options: {
    // Type-only imports are dependencies too (see above).
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
    moduleSystems: ["es6", "cjs"],
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
