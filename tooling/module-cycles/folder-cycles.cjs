// The folder-level check (`pnpm cycles`, after the module check): inside each area that
// lib/check.mjs names (FOLDER_AREAS), the folders depend on each other one way. A module-level
// check passes when a.ts → b/x.ts → a/y.ts; this one does not: the folder a and the folder b still
// need each other. Only the area's own modules count (tests left out: they import helpers from
// outside the area), so a cycle that leaves the area is the module check's and the daemon's matter.
const base = require("./dependency-cruiser.cjs");

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-folder-cycle",
      comment:
        "This folder and another of the same area import each other (through any of their modules). Move what both need into the lower one, or into a folder both import; do not suppress it.",
      severity: "error",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: ["(^|/)(node_modules|dist)/", "\\.test\\.ts$", "\\.test-d\\.ts$"] },
  },
};
