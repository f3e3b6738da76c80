import type { ViteUserConfig } from "vitest/config";
/** The shared test preset, merged with `overrides`. */
export declare function definePackageTests(overrides?: ViteUserConfig): ViteUserConfig;
