import { z } from "zod";

/** One validation problem: the dotted path of the failing field and the rule it broke. */
export const WireIssueSchema = z.strictObject({
  path: z.string(),
  message: z.string(),
});
/** One validation problem. */
export type WireIssue = z.infer<typeof WireIssueSchema>;

/**
 * The body of every error the daemon answers. `error` is a sentence a person can act on; a 400
 * from validation also names the first failing `path` and lists every issue.
 */
export const ErrorBodySchema = z.strictObject({
  error: z.string(),
  path: z.string().optional(),
  issues: z.array(WireIssueSchema).optional(),
});
/** The body of every error the daemon answers. */
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** `{ ok: true }`: the body of a request that succeeded with nothing to report. */
export const OkBodySchema = z.strictObject({ ok: z.literal(true) });
/** `{ ok: true }`. */
export type OkBody = z.infer<typeof OkBodySchema>;
