/** `@elowen/plugin-api/versions`. The compatibility rules the loader applies to a manifest: core range, shared API, UI API. */

export type { CompatibilityProblem, CompatibilityResult } from "../versions.js";
export { checkPluginCompatibility, checkUiApi } from "../versions.js";
