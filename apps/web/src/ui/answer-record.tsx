import type { PermissionRecord, QuestionRecord } from "@elowen/plugin-api/questions";
import type { AnswerView } from "@elowen/tool-trace";

const OUTCOME_TEXT: Record<string, string> = {
  answered: "answered",
  expired: "expired: no answer in time",
  once: "allowed once",
  always: "always allowed",
  deny: "denied",
};

/**
 * An answer record beside a row's output, expandable (`QuestionAnswerRecordSchema`): each question
 * with what was selected and typed, and a permission decision with the facts that were approved.
 * A malformed record shows why it could not be read instead.
 */
export function AnswerRecord({ answer }: { readonly answer: AnswerView }) {
  if (answer.status === "invalid")
    return (
      <p class="answer-record invalid" role="note">
        The answer record could not be read: {answer.reason}
      </p>
    );
  const entries = answer.record.questions;
  const approval = entries.find((e): e is PermissionRecord => "approval" in e);
  const summary = approval
    ? `Approval: ${OUTCOME_TEXT[approval.outcome] ?? approval.outcome}`
    : `Answers (${entries.length})`;
  return (
    <details class="answer-record">
      <summary>{summary}</summary>
      <dl>
        {entries.map((entry, i) => (
          <RecordEntry key={`${i}-${entry.header}`} entry={entry} />
        ))}
      </dl>
    </details>
  );
}

function RecordEntry({ entry }: { readonly entry: QuestionRecord | PermissionRecord }) {
  const chosen = [...entry.selected, ...(entry.other === undefined ? [] : [entry.other])];
  return (
    <>
      <dt>
        <span class="header">{entry.header}</span> {entry.question}
      </dt>
      <dd>
        <span class={`outcome ${entry.outcome}`}>
          {OUTCOME_TEXT[entry.outcome] ?? entry.outcome}
        </span>
        {chosen.length > 0 && <span class="chosen"> — {chosen.join(", ")}</span>}
        {"approval" in entry && (
          <span class="approval">
            {" "}
            ({entry.approval.tool}: {entry.approval.summary}
            {entry.approval.scope ? `; always covers this ${entry.approval.scope}` : ""})
          </span>
        )}
      </dd>
    </>
  );
}
