import { ASK_USER_MAX_QUESTIONS } from "@elowen/plugin-api/limits";
import {
  type PermissionRecord,
  PermissionRecordSchema,
  type QuestionAnswerRecord,
  QuestionRecordSchema,
} from "@elowen/plugin-api/questions";
import { formatPath, type QuestionAnswerIssue, zodIssues } from "./problems.js";

/**
 * What {@link questionAnswerOf} found on a result's details: no record (an ordinary tool row), a
 * valid record, or a malformed one with the reason it failed.
 */
export type QuestionAnswerOf =
  | { readonly status: "absent" }
  | { readonly status: "valid"; readonly record: QuestionAnswerRecord }
  | {
      readonly status: "invalid";
      readonly reason: string;
      readonly issues: readonly QuestionAnswerIssue[];
    };

const ROOT = "details.questionAnswer";

function entryIssues(entry: unknown, i: number): QuestionAnswerIssue[] {
  const isPermission = typeof entry === "object" && entry !== null && "approval" in entry;
  const schema = isPermission ? PermissionRecordSchema : QuestionRecordSchema;
  const parsed = schema.safeParse(entry);
  const at = `${ROOT}.questions[${i}]`;
  const issues = parsed.success ? [] : zodIssues(at, parsed.error.issues);
  if (isPermission && i > 0)
    issues.push({ path: at, message: "a permission decision comes first, and only once" });
  return issues;
}

function recordIssues(value: unknown): QuestionAnswerIssue[] {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return [{ path: ROOT, message: "expected an object { questions }" }];
  const extra = Object.keys(value).filter((key) => key !== "questions");
  if (extra.length > 0)
    return extra.map((key) => ({ path: formatPath(ROOT, [key]), message: "unknown field" }));
  const questions = (value as { questions?: unknown }).questions;
  if (!Array.isArray(questions) || questions.length === 0)
    return [{ path: `${ROOT}.questions`, message: "expected a non-empty array of entries" }];
  const issues = questions.flatMap(entryIssues);
  const asked = questions.filter((q) => !(typeof q === "object" && q !== null && "approval" in q));
  if (asked.length > ASK_USER_MAX_QUESTIONS)
    issues.push({
      path: `${ROOT}.questions`,
      message: `at most ${ASK_USER_MAX_QUESTIONS} questions beside the permission decision, received ${asked.length}`,
    });
  return issues;
}

/**
 * The one validating boundary for answer records, used by live event conversion and by history
 * projection alike. Details that are missing, not an object, or without a `questionAnswer` field
 * are `absent`: the result keeps its ordinary tool row. A present record must hold one to four
 * question entries, optionally preceded by exactly one permission entry (so at most five); each
 * entry is checked against its own schema (a permission entry is one with `approval`). A malformed
 * record is `invalid`, with a reason naming each field and rule. Total: never throws.
 */
export function questionAnswerOf(details: unknown): QuestionAnswerOf {
  if (typeof details !== "object" || details === null || !("questionAnswer" in details))
    return { status: "absent" };
  const value = (details as { questionAnswer: unknown }).questionAnswer;
  if (value === undefined) return { status: "absent" };
  const issues = recordIssues(value);
  if (issues.length > 0)
    return {
      status: "invalid",
      reason: issues.map((issue) => `${issue.path}: ${issue.message}`).join("; "),
      issues,
    };
  return { status: "valid", record: value as QuestionAnswerRecord };
}

/** The permission decision a valid record opens with, if any. */
export function permissionOf(record: QuestionAnswerRecord): PermissionRecord | undefined {
  const first = record.questions[0];
  return first !== undefined && "approval" in first ? first : undefined;
}
