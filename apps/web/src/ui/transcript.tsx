import { formatDuration } from "@elowen/plugin-shared/duration";
import { toolActivityLabel } from "@elowen/tool-trace";
import { turnActivity } from "../model/turn-activity.js";
import type { StepView, TurnView } from "../model/views.js";
import { Alert } from "./alert.js";
import { Duration } from "./elapsed.js";
import { Markdown } from "./markdown.js";
import { memo } from "./memo.js";
import { PermissionPrompt } from "./permission-prompt.js";
import { QuestionForm } from "./question-form.js";
import { routeHref } from "./router.js";
import { ToolRowItem } from "./tool-row.js";

const END_TEXT = {
  answer: "",
  aborted: "Stopped",
  refusal: "The model refused",
  error: "Failed",
} as const;

/** Every turn of the session, in order; unchanged turns are not drawn again. */
export function Transcript(props: {
  readonly sessionId: string;
  readonly turns: readonly TurnView[];
}) {
  return (
    <ol class="transcript" aria-label="Conversation">
      {props.turns.map((turn) => (
        <Turn key={turn.key} turn={turn} sessionId={props.sessionId} />
      ))}
    </ol>
  );
}

const Turn = memo(function Turn({ turn, sessionId }: { turn: TurnView; sessionId: string }) {
  if (turn.compaction)
    return (
      <li class="turn compaction">
        <details>
          <summary>Earlier conversation summarized</summary>
          <p class="pre">{turn.compaction.summary}</p>
        </details>
      </li>
    );
  return (
    <li
      class={`turn${turn.running ? " running" : ""}`}
      data-turn-id={turn.turnId}
      aria-busy={turn.running ? "true" : undefined}
    >
      {turn.user && (
        <div class="message user">
          <span class="who">You</span>
          <p class="pre">{turn.user.text}</p>
        </div>
      )}
      {turn.steps.map((step) => (
        <Step key={step.entryId} step={step} sessionId={sessionId} />
      ))}
      {turn.floating.length > 0 && (
        <ul class="tool-rows" aria-label="Running tools">
          {turn.floating.map((row) => (
            <ToolRowItem key={row.id} row={row} sessionId={sessionId} />
          ))}
        </ul>
      )}
      {turn.agents.map((agent) => (
        <p key={agent.agentId} class="agent">
          Sub-agent{" "}
          <a href={routeHref({ page: "chat", sessionId: agent.sessionId })}>{agent.name}</a>:{" "}
          {agent.state}
        </p>
      ))}
      {turn.permissions.map((p) => (
        <PermissionPrompt key={p.permissionId} sessionId={sessionId} pending={p} />
      ))}
      {turn.questions.map((q) => (
        <QuestionForm key={q.questionId} sessionId={sessionId} pending={q} />
      ))}
      {turn.errors.map((e, i) => (
        <p key={`${i}-${e.code}`} class="error" role="alert">
          {e.message}
        </p>
      ))}
      {turn.running && (
        <p class="turn-status" role="status">
          <span class="spinner" aria-hidden="true" />{" "}
          <span class="activity">{turnActivity(turn)}</span>{" "}
          <Duration startedAt={turn.startedAt} running={true} />
        </p>
      )}
      {turn.end && turn.end.reason !== "answer" && (
        <p class={`turn-end ${turn.end.reason}`}>
          {END_TEXT[turn.end.reason]}
          {turn.end.interrupted === "restart" ? " (the daemon restarted during this turn)" : ""}
          {/* The failing step already shows its error: said once. */}
          {turn.end.errorMessage &&
          !turn.steps.some((step) => step.errorMessage === turn.end?.errorMessage)
            ? `: ${turn.end.errorMessage}`
            : ""}
        </p>
      )}
      {turn.end && (
        <p class="turn-meta hint">Turn took {formatDuration(turn.end.durationMs) || "no time"}</p>
      )}
    </li>
  );
});

function Step({ step, sessionId }: { readonly step: StepView; readonly sessionId: string }) {
  return (
    <div
      class={`message assistant${step.streaming ? " streaming" : ""}`}
      data-entry-id={step.entryId}
    >
      <span class="who">
        Elowen{step.offline && <span class="badge offline">offline model</span>}
        {step.agentId && <span class="badge">agent</span>}
      </span>
      {step.blocks.map((block, i) =>
        block.kind === "thinking" ? (
          <details key={`t${i}`} class="thinking">
            <summary>Thinking</summary>
            <p class="pre">{block.redacted ? "(redacted)" : block.text}</p>
          </details>
        ) : (
          <Markdown key={`m${i}`} text={block.text} />
        ),
      )}
      {step.authoring && (
        <p class="authoring" role="status">
          <span class="spinner" aria-hidden="true" />{" "}
          {toolActivityLabel(step.authoring.name, step.authoring.reason)}
        </p>
      )}
      {step.rows.length > 0 && (
        <ul class="tool-rows" aria-label="Tools">
          {step.rows.map((row) => (
            <ToolRowItem key={row.id} row={row} sessionId={sessionId} />
          ))}
        </ul>
      )}
      {/* An error names what happened; "cut off" is for a step that ended without one. */}
      {step.partial && !step.errorMessage && <p class="hint">This response was cut off.</p>}
      <Alert message={step.errorMessage} />
    </div>
  );
}
