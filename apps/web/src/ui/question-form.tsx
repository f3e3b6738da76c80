import type { AskQuestion } from "@elowen/plugin-api/questions";
import type { PendingQuestion } from "@elowen/wire";
import { useState } from "preact/hooks";
import { Alert, failureText } from "./alert.js";
import { useApp } from "./app-context.js";
import { Markdown } from "./markdown.js";

interface Draft {
  readonly selected: readonly string[];
  readonly other: string;
}

/**
 * The questions a turn is parked on (`ctx.askUser`), answered inline: each question's options (a
 * radio group, or checkboxes for multi-select), the recommended one flagged beside its label (the
 * label stays the value posted), a sanitized Markdown preview of single-select options, and a
 * typed answer unless the question turns it off. The first client to answer wins; a later answer
 * is told so.
 */
export function QuestionForm({
  sessionId,
  pending,
}: {
  readonly sessionId: string;
  readonly pending: PendingQuestion;
}) {
  const { client } = useApp();
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    pending.questions.map(() => ({ selected: [], other: "" })),
  );
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const update = (index: number, draft: Draft) =>
    setDrafts((all) => all.map((d, i) => (i === index ? draft : d)));

  const submit = async (event: Event) => {
    event.preventDefault();
    const missing = pending.questions.findIndex(
      (_q, i) => (drafts[i]?.selected.length ?? 0) === 0 && (drafts[i]?.other.trim() ?? "") === "",
    );
    if (missing >= 0) {
      setError(
        `answers[${missing}]: choose an option or type an answer for “${pending.questions[missing]?.header}”`,
      );
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await client.sessions.answerQuestion(sessionId, pending.questionId, {
        answers: drafts.map((d) => ({
          selected: [...d.selected],
          ...(d.other.trim() === "" ? {} : { other: d.other.trim() }),
        })),
      });
    } catch (failure) {
      setError(
        failureText(
          failure,
          "These questions were already answered (perhaps in another window), or they expired.",
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="question" onSubmit={submit} aria-label={`Questions from ${pending.plugin}`}>
      <p class="question-meta">
        {pending.plugin} asks. <Expires at={pending.expiresAt} />
      </p>
      {pending.questions.map((question, i) => (
        <QuestionField
          key={`${pending.questionId}-${i}`}
          id={`${pending.questionId}-${i}`}
          question={question}
          draft={drafts[i] ?? { selected: [], other: "" }}
          onChange={(draft) => update(i, draft)}
        />
      ))}
      <Alert message={error} />
      <button type="submit" disabled={busy}>
        {busy ? "Sending…" : "Send answers"}
      </button>
    </form>
  );
}

function Expires({ at }: { readonly at: number }) {
  return (
    <span class="hint">Unanswered questions expire at {new Date(at).toLocaleTimeString()}.</span>
  );
}

function QuestionField(props: {
  readonly id: string;
  readonly question: AskQuestion;
  readonly draft: Draft;
  readonly onChange: (draft: Draft) => void;
}) {
  const { id, question, draft, onChange } = props;
  const multi = question.multiSelect === true;
  const toggle = (label: string, on: boolean) => {
    const selected = multi
      ? on
        ? [...draft.selected, label]
        : draft.selected.filter((s) => s !== label)
      : [label];
    onChange({ ...draft, selected });
  };
  const chosen = question.options.find((o) => draft.selected.includes(o.label));
  return (
    <fieldset>
      <legend>
        <span class="header">{question.header}</span> {question.question}
      </legend>
      {question.options.map((option, j) => {
        const optionId = `${id}-o${j}`;
        return (
          <div class="option" key={option.label}>
            <input
              id={optionId}
              type={multi ? "checkbox" : "radio"}
              name={id}
              value={option.label}
              checked={draft.selected.includes(option.label)}
              onChange={(e) => toggle(option.label, e.currentTarget.checked)}
              aria-describedby={option.description ? `${optionId}-d` : undefined}
            />
            <label for={optionId}>
              {option.label}
              {option.recommended && <span class="badge">Recommended</span>}
            </label>
            {option.description && (
              <p id={`${optionId}-d`} class="hint">
                {option.description}
              </p>
            )}
          </div>
        );
      })}
      {!multi && chosen?.preview && <Markdown class="preview" text={chosen.preview} />}
      {question.allowOther !== false && (
        <div class="other">
          <label for={`${id}-other`}>Or type an answer</label>
          <input
            id={`${id}-other`}
            value={draft.other}
            maxLength={4000}
            onInput={(e) => onChange({ ...draft, other: e.currentTarget.value })}
          />
        </div>
      )}
    </fieldset>
  );
}
