import { toolRowReason } from "@elowen/tool-trace";
import type { RowView } from "../model/views.js";
import { AnswerRecord } from "./answer-record.js";
import { AttachmentFile, AttachmentImage } from "./attachments.js";
import { Duration } from "./elapsed.js";

/** How long a one-line argument summary may be (ours). */
const ARGS_SUMMARY_CHARS = 120;

const STATUS_TEXT = { running: "running", done: "done", error: "failed" } as const;

/** A compact, one-line view of a call's arguments. */
export function argsSummary(args: unknown): string {
  if (args === undefined) return "";
  let text: string;
  try {
    text = typeof args === "string" ? args : (JSON.stringify(args) ?? "");
  } catch {
    text = String(args);
  }
  text = text.replace(/\s+/g, " ");
  return text.length > ARGS_SUMMARY_CHARS ? `${text.slice(0, ARGS_SUMMARY_CHARS - 1)}…` : text;
}

/**
 * One row of the shared projection, as the CLI draws it: a call (direct or nested, indented by
 * depth) with its status, its reason (else a one-line argument summary), live elapsed time or
 * settled duration, arguments and output, its answer
 * record expandable beside the output, its images and shared files; a progress note; or a stored
 * record too broken to read, with the reason.
 */
export function ToolRowItem({
  row,
  sessionId,
}: {
  readonly row: RowView;
  readonly sessionId: string;
}) {
  const style = { "--depth": String(row.depth) };
  if (row.kind === "invalid")
    return (
      <li class="tool-row invalid" style={style} data-row-id={row.id}>
        <span class="status error" aria-hidden="true" />
        This row could not be read: {row.problem}
      </li>
    );
  if (row.kind === "note")
    return (
      <li class="tool-row note" style={style} data-row-id={row.id}>
        {row.truncated
          ? `${row.truncated.records} more rows (${row.truncated.bytes} bytes) were left out of this trace.`
          : row.text}
      </li>
    );
  const running = row.status === "running";
  const output = row.tail ?? row.output;
  // What the call says it does (its reason, Bash's description), as the CLI's row says it; read
  // from the arguments alone, so the live row and the reloaded row say the same.
  const reason = toolRowReason(row.args);
  return (
    <li
      class={`tool-row ${row.status} ${row.source}`}
      style={style}
      data-row-id={row.id}
      aria-busy={running ? "true" : undefined}
    >
      <details>
        <summary>
          <span class={`status ${row.status}`} role="img" aria-label={STATUS_TEXT[row.status]} />
          <span class="tool-name">{row.name ?? "tool"}</span>
          {reason === undefined ? (
            <span class="tool-args">{argsSummary(row.args)}</span>
          ) : (
            <span class="tool-reason">{reason}</span>
          )}
          <Duration startedAt={row.startedAt} durationMs={row.durationMs} running={running} />
        </summary>
        {row.args !== undefined && (
          <figure class="tool-part">
            <figcaption class="hint">Arguments</figcaption>
            <pre class="tool-args-full">{JSON.stringify(row.args, null, 2)}</pre>
          </figure>
        )}
        {output && (
          <figure class="tool-part">
            <figcaption class="hint">{running ? "Output so far" : "Output"}</figcaption>
            <pre class="tool-output">{output}</pre>
          </figure>
        )}
        {row.view !== undefined && (
          <figure class="tool-part">
            <figcaption class="hint">View</figcaption>
            <pre class="tool-view">{JSON.stringify(row.view, null, 2)}</pre>
          </figure>
        )}
      </details>
      {row.answer && <AnswerRecord answer={row.answer} />}
      {row.images.length > 0 && (
        <div class="tool-images">
          {row.images.map((image) => (
            <AttachmentImage key={image.hash} sessionId={sessionId} image={image} />
          ))}
        </div>
      )}
      {row.sharedImage && <AttachmentImage sessionId={sessionId} image={row.sharedImage} />}
      {row.sharedFile && <AttachmentFile sessionId={sessionId} file={row.sharedFile} />}
    </li>
  );
}
