import type { PermissionRecord, QuestionRecord } from "@elowen/plugin-api/questions";
import type { AnswerView } from "@elowen/tool-trace";
import { dim, palette } from "../tui/style.js";
import { oneLine, prefixed } from "./text-lines.js";

const PERMISSION_WORDS: Readonly<Record<PermissionRecord["outcome"], string>> = {
  once: "allowed once",
  always: "always allowed",
  deny: "denied",
  expired: "expired unanswered",
};

function isPermission(entry: QuestionRecord | PermissionRecord): entry is PermissionRecord {
  return "approval" in entry;
}

function answerText(entry: QuestionRecord): string {
  if (entry.outcome === "expired") return "expired unanswered";
  const picked = [...entry.selected, ...(entry.other === undefined ? [] : [`“${entry.other}”`])];
  return picked.length === 0 ? "no answer" : picked.join(", ");
}

function summary(entry: QuestionRecord | PermissionRecord): string {
  return isPermission(entry)
    ? `${entry.approval.tool} ${PERMISSION_WORDS[entry.outcome]}`
    : `${entry.header}: ${answerText(entry)}`;
}

/**
 * The lines of an answer or approval record beside a row's output: one summary line while
 * collapsed (Ctrl+O expands every record), each question with its answer when expanded. A record
 * that failed validation says why instead.
 */
export function answerLines(
  answer: AnswerView,
  width: number,
  indent: string,
  expanded: boolean,
): string[] {
  if (answer.status === "invalid")
    return [
      oneLine(`${indent}${palette.warning("↳ unreadable answer record:")} ${answer.reason}`, width),
    ];
  const { questions } = answer.record;
  if (!expanded)
    return [
      oneLine(
        `${indent}${palette.accent("↳")} ${questions.map(summary).join(" · ")} ${dim("(ctrl+o)")}`,
        width,
      ),
    ];
  const lines: string[] = [];
  for (const entry of questions) {
    if (isPermission(entry)) {
      lines.push(
        ...prefixed(
          `Permission for ${entry.approval.tool}: ${PERMISSION_WORDS[entry.outcome]}`,
          width,
          `${indent}${palette.accent("↳")} `,
        ),
      );
      if (entry.approval.summary)
        lines.push(...prefixed(dim(entry.approval.summary), width, `${indent}    `));
      continue;
    }
    lines.push(
      ...prefixed(`${entry.header}: ${entry.question}`, width, `${indent}${palette.accent("↳")} `),
    );
    lines.push(...prefixed(answerText(entry), width, `${indent}    ${palette.success("→")} `));
  }
  return lines;
}
