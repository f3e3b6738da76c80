import type { z } from "zod";

/** A request part that failed its route's zod schema. Answered as 400 naming the failing path. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly part: string;
  readonly issues: readonly { readonly path: string; readonly message: string }[];

  constructor(part: string, error: z.ZodError) {
    const issues = error.issues.map((issue) => ({
      path: [part, ...issue.path.map(String)].join("."),
      message: issue.message,
    }));
    const first = issues[0];
    super(first ? `${first.path}: ${first.message}` : `${part} is invalid`);
    this.name = "RequestValidationError";
    this.part = part;
    this.issues = issues;
  }
}
