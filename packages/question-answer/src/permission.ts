import {
  ApprovalFactsSchema,
  PERMISSION_OUTCOMES,
  type PermissionOutcome,
  type PermissionRecord,
  PermissionRecordSchema,
} from "@elowen/plugin-api/questions";
import {
  type QuestionAnswerIssue,
  type QuestionAnswerResult,
  refuse,
  zodIssues,
} from "./problems.js";

/** The option labels a permission prompt offers, by outcome; `expired` selects nothing. */
export const PERMISSION_CHOICES = {
  once: "Allow once",
  always: "Always allow",
  deny: "Deny",
} as const satisfies Record<Exclude<PermissionOutcome, "expired">, string>;

/** The header of a permission entry unless the gate gives its own. */
export const PERMISSION_HEADER = "Permission";

/** What the permission gate decided, and what the person saw when deciding. */
export interface PermissionDecision {
  readonly outcome: PermissionOutcome;
  /** The tool asked about. */
  readonly tool: string;
  /** The arguments summary the person saw. */
  readonly summary: string;
  /** What an `always` covers; required with `always`, refused with any other outcome. */
  readonly scope?: "session" | "account";
  /** The prompt text; defaults to `Allow <tool> to run?`. */
  readonly question?: string;
  /** Defaults to {@link PERMISSION_HEADER}. */
  readonly header?: string;
}

function scopeIssues(decision: PermissionDecision): QuestionAnswerIssue[] {
  if (decision.outcome === "always" && decision.scope === undefined)
    return [{ path: "permission.scope", message: "an `always` decision states its scope" }];
  if (decision.outcome !== "always" && decision.scope !== undefined)
    return [{ path: "permission.scope", message: "only an `always` decision has a scope" }];
  return [];
}

/**
 * The permission gate's answer record entry: the same shape as a question's, with `outcome` one of
 * `once`, `always`, `deny`, `expired` (timeout, from the host), `selected` the label the person
 * chose ({@link PERMISSION_CHOICES}; none when expired) and structured approval facts: the tool,
 * the arguments summary the person saw and, for `always` only, its scope. Never throws.
 */
export function permissionRecord(
  decision: PermissionDecision,
): QuestionAnswerResult<PermissionRecord> {
  if (!PERMISSION_OUTCOMES.includes(decision.outcome))
    return refuse("invalid-permission", [
      {
        path: "permission.outcome",
        message: `expected one of ${PERMISSION_OUTCOMES.join(", ")}, received ${String(decision.outcome)}`,
      },
    ]);
  const facts = {
    tool: decision.tool,
    summary: decision.summary,
    ...(decision.scope === undefined ? {} : { scope: decision.scope }),
  };
  const factsParsed = ApprovalFactsSchema.safeParse(facts);
  const issues = [
    ...(factsParsed.success ? [] : zodIssues("permission", factsParsed.error.issues)),
    ...scopeIssues(decision),
  ];
  if (issues.length > 0) return refuse("invalid-permission", issues);
  const outcome = decision.outcome;
  const record = PermissionRecordSchema.parse({
    question: decision.question ?? `Allow ${decision.tool} to run?`,
    header: decision.header ?? PERMISSION_HEADER,
    selected: outcome === "expired" ? [] : [PERMISSION_CHOICES[outcome]],
    outcome,
    approval: facts,
  });
  return { ok: true, value: record };
}

/** Whether a permission outcome lets the call run. */
export function isApproved(outcome: PermissionOutcome): boolean {
  return outcome === "once" || outcome === "always";
}
