import { defineConfig, mergeConfig } from "vitest/config";

/**
 * The shared test preset: tests beside the code (`src/**\/*.test.ts`) and in `test/`, type tests
 * in `*.test-d.ts` checked by `tsc`, no watch, no skipped or focused tests in CI.
 */
export function definePackageTests(overrides = {}) {
  return mergeConfig(
    defineConfig({
      // Transpile only: type checking is tsc's job. Reading tsconfig here would follow the
      // workspace symlink of @elowen/tsconfig and resolve its relative extends wrongly.
      oxc: { tsconfig: false },
      test: {
        include: [
          "src/**/*.test.ts",
          "src/**/*.test.tsx",
          "test/**/*.test.ts",
          "test/**/*.test.tsx",
        ],
        exclude: ["**/node_modules/**", "**/dist/**"],
        watch: false,
        allowOnly: false,
        passWithNoTests: false,
        testTimeout: 20_000,
        hookTimeout: 30_000,
        typecheck: {
          enabled: true,
          include: ["src/**/*.test-d.ts", "test/**/*.test-d.ts"],
          tsconfig: "./tsconfig.json",
        },
      },
    }),
    overrides,
  );
}
