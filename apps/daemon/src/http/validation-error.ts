import { ElowenError } from "@elowen/plugin-shared/errors";
import type { z } from "zod";

/** A request part that failed its route's zod schema. Answered as 400 naming the failing path. */
export class RequestValidationError extends ElowenError<"http.request_invalid"> {
  override readonly name = "RequestValidationError";
  readonly statusCode = 400;
  readonly part: string;
  readonly issues: readonly { readonly path: string; readonly message: string }[];

  constructor(part: string, error: z.ZodError) {
    const issues = error.issues.map((issue) => ({
      path: [part, ...issue.path.map(String)].join("."),
      message: issue.message,
    }));
    const first = issues[0];
    super({
      code: "http.request_invalid",
      summary: first ? `${first.path}: ${first.message}` : `${part} is invalid`,
    });
    this.part = part;
    this.issues = issues;
  }
}
