/** One configuration problem: where (a dotted path, or `env.NAME`) and what rule it breaks. */
export interface ConfigProblem {
  readonly path: string;
  readonly message: string;
}

/**
 * The configuration cannot be used. Every problem is listed by path in `problems` and in the
 * message, so an operator fixes them all in one pass. Thrown before anything is written.
 */
export class ConfigError extends Error {
  readonly code = "config_invalid";
  readonly problems: readonly ConfigProblem[];
  readonly file: string | undefined;

  constructor(file: string | undefined, problems: readonly ConfigProblem[]) {
    const where = file ? ` in ${file}` : "";
    super(
      `invalid configuration${where}:\n${problems.map((p) => `  - ${p.path}: ${p.message}`).join("\n")}`,
    );
    this.name = "ConfigError";
    this.file = file;
    this.problems = problems;
  }
}
