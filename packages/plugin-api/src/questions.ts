import { z } from "zod";
import {
  ASK_USER_MAX_OPTIONS,
  ASK_USER_MAX_QUESTIONS,
  ASK_USER_MIN_OPTIONS,
  ASK_USER_MIN_QUESTIONS,
  ASK_USER_PREVIEW_MAX_CHARS,
} from "./limits.js";

/**
 * One option of a question. `label` is the value every surface posts; the recommendation is a
 * flag, never part of the label. `preview` (sanitized Markdown) is allowed on single-select only.
 */
export const AskOptionSchema = z.strictObject({
  label: z.string().trim().min(1).max(200),
  description: z.string().max(1000).optional(),
  recommended: z.boolean().optional(),
  preview: z.string().max(ASK_USER_PREVIEW_MAX_CHARS).optional(),
});
/** One option of a question. */
export type AskOption = z.infer<typeof AskOptionSchema>;

/** One question: two to four options; custom input is enabled unless `allowOther: false`. */
export const AskQuestionSchema = z
  .strictObject({
    question: z.string().trim().min(1).max(2000),
    header: z.string().trim().min(1).max(200),
    options: z.array(AskOptionSchema).min(ASK_USER_MIN_OPTIONS).max(ASK_USER_MAX_OPTIONS),
    multiSelect: z.boolean().optional(),
    allowOther: z.boolean().optional(),
  })
  .superRefine((q, ctx) => {
    const labels = new Set<string>();
    q.options.forEach((option, i) => {
      if (labels.has(option.label))
        ctx.addIssue({
          code: "custom",
          path: ["options", i, "label"],
          message: `duplicate label "${option.label}"`,
        });
      labels.add(option.label);
      if (q.multiSelect && option.preview !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["options", i, "preview"],
          message: "previews are for single-select questions only",
        });
      }
    });
  });
/** One question. */
export type AskQuestion = z.infer<typeof AskQuestionSchema>;

/** A batch of one to four questions. */
export const AskQuestionsSchema = z
  .array(AskQuestionSchema)
  .min(ASK_USER_MIN_QUESTIONS)
  .max(ASK_USER_MAX_QUESTIONS);

/** Outcomes of an asked question. */
export const QUESTION_OUTCOMES = ["answered", "expired"] as const;
/** Outcomes of a permission decision. */
export const PERMISSION_OUTCOMES = ["once", "always", "deny", "expired"] as const;
/** The outcome of an asked question. */
export type QuestionOutcome = (typeof QUESTION_OUTCOMES)[number];
/** The outcome of a permission decision. */
export type PermissionOutcome = (typeof PERMISSION_OUTCOMES)[number];

/** One answer, index-aligned with its question. `expired` comes from the host on timeout. */
export const AskAnswerSchema = z.strictObject({
  outcome: z.enum(QUESTION_OUTCOMES),
  selected: z.array(z.string()).readonly(),
  other: z.string().max(4000).optional(),
});
/** One answer, index-aligned with its question. */
export type AskAnswer = z.infer<typeof AskAnswerSchema>;

/** One asked question in a result's answer record. */
export const QuestionRecordSchema = z.strictObject({
  question: z.string(),
  header: z.string(),
  selected: z.array(z.string()).readonly(),
  other: z.string().optional(),
  outcome: z.enum(QUESTION_OUTCOMES),
});
/** One asked question in an answer record. */
export type QuestionRecord = z.infer<typeof QuestionRecordSchema>;

/** What the person was asked to approve. */
export const ApprovalFactsSchema = z.strictObject({
  tool: z.string().min(1),
  /** The arguments summary the person saw. */
  summary: z.string(),
  /** What an `always` covers: this tool in this session, or for the account. */
  scope: z.enum(["session", "account"]).optional(),
});
/** What the person was asked to approve. */
export type ApprovalFacts = z.infer<typeof ApprovalFactsSchema>;

/** One permission decision in an answer record: the same shape, with approval facts. */
export const PermissionRecordSchema = z.strictObject({
  question: z.string(),
  header: z.string(),
  selected: z.array(z.string()).readonly(),
  other: z.string().optional(),
  outcome: z.enum(PERMISSION_OUTCOMES),
  approval: ApprovalFactsSchema,
});
/** One permission decision in an answer record. */
export type PermissionRecord = z.infer<typeof PermissionRecordSchema>;

/**
 * The answer record a result carries as `details.questionAnswer`: questions in order; a permission
 * gate's decision comes first, so a four-question batch may hold five entries.
 */
export const QuestionAnswerRecordSchema = z.strictObject({
  questions: z
    .array(z.union([PermissionRecordSchema, QuestionRecordSchema]))
    .min(1)
    .max(ASK_USER_MAX_QUESTIONS + 1)
    .readonly(),
});
/** The answer record a result carries. */
export type QuestionAnswerRecord = z.infer<typeof QuestionAnswerRecordSchema>;
