/**
 * `@elowen/plugin-api/versions`. The compatibility rules the loader applies to a manifest: core
 * range, shared API, UI API; and the core version a host reports (without the manifest schema).
 */

export type { CompatibilityProblem, CompatibilityResult } from "../versions.js";
export { CORE_VERSION, checkPluginCompatibility, checkUiApi } from "../versions.js";
