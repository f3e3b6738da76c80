import { ElowenError } from "@elowen/plugin-shared/errors";

/** Codes of the errors this package throws at a caller who passed something it cannot take. */
export const PROMPT_COMPOSE_ERROR_CODES = [
  "invalid-input",
  "capability-missing",
  "duplicate",
  "oversized",
  "template-unknown",
  "template-escapes-dir",
  "template-unreadable",
  "template-variable-missing",
] as const;
/** One error code of {@link PromptComposeError}. */
export type PromptComposeErrorCode = (typeof PROMPT_COMPOSE_ERROR_CODES)[number];

/**
 * A registration or call this package refuses: a missing capability, a bad name, a duplicate, an
 * oversized fragment, a template that cannot be resolved or rendered, a host input that does not
 * match the contract. `field` names the offending field where there is one. An `ElowenError`:
 * `isElowenError(error, "duplicate")` recognises it across copies of the package.
 */
export class PromptComposeError extends ElowenError<PromptComposeErrorCode> {
  override readonly name = "PromptComposeError";
  readonly field: string | undefined;

  constructor(
    code: PromptComposeErrorCode,
    message: string,
    options: { readonly field?: string; readonly cause?: unknown } = {},
  ) {
    super(
      options.cause === undefined
        ? { code, summary: message }
        : { code, summary: message, cause: options.cause },
    );
    this.field = options.field;
  }
}

/** The part of a zod schema `checkInput` uses. */
interface SafeParser {
  safeParse(value: unknown):
    | { readonly success: true }
    | {
        readonly success: false;
        readonly error: {
          readonly issues: readonly {
            readonly path: readonly PropertyKey[];
            readonly message: string;
          }[];
        };
      };
}

/**
 * Checks a host input against its contract schema, throwing `invalid-input` that names the first
 * offending field (`<root>.<path>`) and the rule it breaks.
 */
export function checkInput(schema: SafeParser, value: unknown, what: string, root: string): void {
  const parsed = schema.safeParse(value);
  if (parsed.success) return;
  const issue = parsed.error.issues[0];
  const field = [root, ...(issue?.path ?? []).map(String)].join(".");
  throw new PromptComposeError(
    "invalid-input",
    `${what}: ${field}: ${issue?.message ?? "invalid"}`,
    { field },
  );
}
