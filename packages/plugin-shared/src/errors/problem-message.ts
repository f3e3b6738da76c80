/**
 * The parts of an actionable error message: what failed, what was expected, what arrived and how
 * to fix it. Every part is prose for a person; switch on an error's `code`, never on its message.
 */
export interface Problem {
  /** What failed, naming the field, file or operation (`skill file "report-guide" is missing`). */
  readonly summary: string;
  /** What the operation needed (`a regular file inside /srv/skills`). */
  readonly expected?: string;
  /** What it found instead (`a symbolic link to /etc/passwd`). */
  readonly received?: string;
  /** What a person can do about it (`replace the link with the file itself`). */
  readonly fix?: string;
}

/**
 * Joins a {@link Problem} into one message: `summary: expected X, received Y. Fix: Z`. Parts that
 * are absent or empty are left out, so a bare summary stays a bare summary. Pure; never throws.
 */
export function describeProblem(problem: Problem): string {
  const facts: string[] = [];
  if (problem.expected) facts.push(`expected ${problem.expected}`);
  if (problem.received) facts.push(`received ${problem.received}`);
  let message = problem.summary;
  if (facts.length > 0) message += `: ${facts.join(", ")}`;
  if (problem.fix) message += `. Fix: ${problem.fix}`;
  return message;
}

/** Copies the optional problem parts that are present, so `exactOptionalPropertyTypes` holds. */
export function problemParts(problem: Problem): Omit<Problem, "summary"> {
  return {
    ...(problem.expected === undefined ? {} : { expected: problem.expected }),
    ...(problem.received === undefined ? {} : { received: problem.received }),
    ...(problem.fix === undefined ? {} : { fix: problem.fix }),
  };
}
