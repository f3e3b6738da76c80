import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

/**
 * Extracts the TypeScript code blocks under a README heading (default "Example") and runs them,
 * joined, as one ES module inside the package directory, so that the package's own name resolves
 * to its built `dist` through self-reference. The example is type-checked first with the
 * package's own tsconfig (it throws with the compiler's output when it does not check). Returns
 * the exit status and output; a test asserts on them, which keeps the README's example runnable.
 */
export function runReadmeExample(
  packageDir,
  { heading = "Example", env = {}, timeout = 60_000 } = {},
) {
  const readme = readFileSync(join(packageDir, "README.md"), "utf8");
  const start = readme.search(new RegExp(`^##+ ${heading}\\s*$`, "m"));
  if (start < 0) throw new Error(`README.md of ${packageDir} has no "## ${heading}" section`);
  const rest = readme.slice(start);
  const next = rest.slice(3).search(/^## /m);
  const section = next < 0 ? rest : rest.slice(0, next + 3);
  const code = [...section.matchAll(/```(?:ts|typescript)\n([\s\S]*?)```/g)]
    .map((m) => m[1])
    .join("\n");
  if (!code.trim())
    throw new Error(`the "${heading}" section of ${packageDir}/README.md has no \`\`\`ts block`);
  const file = join(packageDir, `.readme-example-${process.pid}.mts`);
  writeFileSync(file, code);
  try {
    typecheck(packageDir, file);
    const tsx = createRequire(import.meta.url).resolve("tsx");
    const r = spawnSync(process.execPath, ["--import", tsx, file], {
      cwd: packageDir,
      encoding: "utf8",
      timeout,
      env: { ...process.env, ...env },
    });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr, code };
  } finally {
    rmSync(file, { force: true });
  }
}

/** Type-checks the extracted example with the package's tsconfig; throws with tsc's output. */
function typecheck(packageDir, file) {
  const base = join(packageDir, "tsconfig.json");
  const config = join(packageDir, `.readme-example-${process.pid}.tsconfig.json`);
  writeFileSync(
    config,
    JSON.stringify({
      ...(existsSync(base) ? { extends: "./tsconfig.json" } : {}),
      compilerOptions: {
        noEmit: true,
        declaration: false,
        declarationMap: false,
        sourceMap: false,
        incremental: false,
        composite: false,
      },
      include: [file],
    }),
  );
  try {
    const tsc = createRequire(join(packageDir, "package.json")).resolve("typescript/bin/tsc");
    const r = spawnSync(process.execPath, [tsc, "-p", config, "--pretty", "false"], {
      cwd: packageDir,
      encoding: "utf8",
    });
    if (r.status !== 0)
      throw new Error(
        `the README example of ${packageDir} does not type-check:\n${r.stdout}${r.stderr}`,
      );
  } finally {
    rmSync(config, { force: true });
  }
}
