import type { PermissionRecord, QuestionAnswerRecord } from "@elowen/plugin-api/questions";
import { errorResult, type ToolResult } from "@elowen/plugin-api/tools";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { isApproved } from "./permission.js";
import { questionAnswerOf } from "./question-answer-of.js";

/**
 * Prepends the permission gate's decision to the answers a tool returned, so a four-question batch
 * carries a fifth, permission entry first. Content, `isError` and every other detail stay as the
 * tool returned them. A record holds one decision, first: a decision the tool's own record opened
 * with gives way to the gate's, its question answers kept. A malformed record of the tool cannot
 * be combined into a valid one and is replaced by the decision alone, so the approval is never
 * lost and the stored record always validates.
 */
export function withPermission(result: ToolResult, permission: PermissionRecord): ToolResult {
  const own = questionAnswerOf(result.details);
  const asked =
    own.status === "valid" ? own.record.questions.filter((entry) => !("approval" in entry)) : [];
  const questions = [permission, ...asked];
  const questionAnswer: QuestionAnswerRecord = { questions };
  return { ...result, details: { ...result.details, questionAnswer } };
}

/** The model-facing text of a call the gate did not let run. */
export function refusalText(permission: PermissionRecord): string {
  return permission.outcome === "expired"
    ? `Permission to run ${permission.approval.tool} was not given: the prompt expired without an answer.`
    : `Permission to run ${permission.approval.tool} was denied.`;
}

/**
 * Runs a gated call with its decision attached. Approved (`once`, `always`): `execute` runs and its
 * result carries the decision first ({@link withPermission}); if `execute` throws, the call becomes
 * an explicit error result whose text is the error's message and which still carries its approval.
 * Refused (`deny`, `expired`): `execute` never runs, and the error result says why and carries the
 * decision. Never rejects.
 */
export async function runGated(
  permission: PermissionRecord,
  execute: () => Promise<ToolResult>,
): Promise<ToolResult> {
  const questionAnswer: QuestionAnswerRecord = { questions: [permission] };
  if (!isApproved(permission.outcome))
    return errorResult(refusalText(permission), { questionAnswer });
  try {
    return withPermission(await execute(), permission);
  } catch (error) {
    return errorResult(errorMessage(error), { questionAnswer });
  }
}
