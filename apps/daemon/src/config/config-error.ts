import { ElowenError } from "@elowen/plugin-shared/errors";

/** One configuration problem: where (a dotted path, or `env.NAME`) and what rule it breaks. */
export interface ConfigProblem {
  readonly path: string;
  readonly message: string;
}

/**
 * The configuration cannot be used. Every problem is listed by path in `problems` and in the
 * message, so an operator fixes them all in one pass. Thrown before anything is written. An
 * `ElowenError` with the code `config_invalid`.
 */
export class ConfigError extends ElowenError<"config_invalid"> {
  override readonly name = "ConfigError";
  readonly problems: readonly ConfigProblem[];
  readonly file: string | undefined;

  constructor(file: string | undefined, problems: readonly ConfigProblem[]) {
    const where = file ? ` in ${file}` : "";
    super({
      code: "config_invalid",
      summary: `invalid configuration${where}:\n${problems.map((p) => `  - ${p.path}: ${p.message}`).join("\n")}`,
    });
    this.file = file;
    this.problems = problems;
  }
}
