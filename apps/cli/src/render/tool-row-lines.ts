import { SharedFileSchema, SharedImageSchema } from "@elowen/plugin-api/trace";
import { formatTiming } from "@elowen/plugin-shared/duration";
import { type ToolRow, toolRowReason } from "@elowen/tool-trace";
import { hyperlink, visibleWidth, wrapTextWithAnsi } from "@mariozechner/pi-tui";
import { bold, dim, palette } from "../tui/style.js";
import { answerLines } from "./answer-lines.js";
import type { RenderContext } from "./render-context.js";
import { formatBytes, oneLine, prefixed } from "./text-lines.js";

/** Output lines a row shows: the tail of a running one, the head of a finished one (ours). */
export const ROW_OUTPUT_LINES = { running: 3, done: 3, error: 6 } as const;

/** Argument fields that summarize a call without a reason, in order (a command, a path, a query). */
const SUMMARY_FIELDS = [
  "command",
  "path",
  "file_path",
  "pattern",
  "query",
  "url",
  "name",
  "script",
];

/** What a row says it does: its reason, else its most telling argument, else its first string argument. */
export function rowSubject(args: unknown): string | undefined {
  const reason = toolRowReason(args);
  if (reason !== undefined) return reason;
  if (typeof args !== "object" || args === null) return undefined;
  const record = args as Record<string, unknown>;
  for (const field of SUMMARY_FIELDS)
    if (typeof record[field] === "string" && record[field] !== "") return record[field] as string;
  return Object.values(record).find(
    (value): value is string => typeof value === "string" && value !== "",
  );
}

/** Extra facts of a direct row that its result's details carry (a share). */
export interface DirectExtras {
  readonly details?: Readonly<Record<string, unknown>>;
  /** The running call's live output tail. */
  readonly liveOutput?: string;
}

/**
 * The lines of one tool row: a status mark (spinner while running), the tool's name, its reason,
 * the duration (live elapsed from `startedAt` while running, frozen at `durationMs`, nothing
 * without timing), the output, the answer record, and images and shares as links.
 */
export function toolRowLines(
  row: ToolRow,
  width: number,
  context: RenderContext,
  extras: DirectExtras = {},
): string[] {
  const indent = "  ".repeat(row.depth + 1);
  if (row.kind === "invalid")
    return [
      oneLine(
        `${indent}${palette.error("✗")} unreadable trace record ${dim(row.id)}: ${row.problem ?? ""}`,
        width,
      ),
    ];
  if (row.kind === "note")
    return prefixed(dim(row.text ?? ""), width, `${indent}${dim("·")} `, `${indent}  `);
  const mark =
    row.status === "running"
      ? palette.accent(context.spinner)
      : row.status === "error"
        ? palette.error("✗")
        : palette.success("●");
  const timing = formatTiming(
    { startedAt: row.startedAt, durationMs: row.durationMs },
    context.now,
  );
  const subject = rowSubject(row.args);
  const head = `${indent}${mark} ${bold(row.name ?? "tool")}`;
  const tail = timing === "" ? "" : dim(` · ${timing}`);
  const room = width - (visibleWidth(head) + visibleWidth(tail) + 2);
  const lines = [
    oneLine(`${head}${subject && room > 3 ? `  ${oneLine(subject, room)}` : ""}${tail}`, width),
  ];
  const output = row.status === "running" ? (extras.liveOutput ?? row.output) : row.output;
  if (output) lines.push(...outputLines(output, row.status, width, `${indent}  `));
  if (row.answer)
    lines.push(...answerLines(row.answer, width, `${indent}  `, context.expandAnswers));
  const sharedImage = row.sharedImage ?? parsed(SharedImageSchema, extras.details?.sharedImage);
  const sharedFile = row.sharedFile ?? parsed(SharedFileSchema, extras.details?.sharedFile);
  const attachments: [label: string, hash: string][] = [
    ...row.images.map((image): [string, string] => [
      `▣ ${image.mimeType} · ${formatBytes(image.bytes)}`,
      image.hash,
    ]),
    ...(sharedImage
      ? [
          [shareLabel("▣", sharedImage.filename ?? "image", sharedImage), sharedImage.hash] as [
            string,
            string,
          ],
        ]
      : []),
    ...(sharedFile
      ? [[shareLabel("⎘", sharedFile.filename, sharedFile), sharedFile.hash] as [string, string]]
      : []),
  ];
  for (const [label, hash] of attachments)
    lines.push(...link(`${indent}  ${label}`, context.attachmentUrl(hash), width));
  if (row.truncated) lines.push(oneLine(`${indent}  ${dim(truncationText(row.truncated))}`, width));
  return lines;
}

/**
 * What a row says was left out of it: a record fitted to the trace budget keeps its mandatory
 * parts and counts the display bytes it dropped (`records: 0`); a count of rows is said as such.
 */
function truncationText(truncated: { readonly records: number; readonly bytes: number }): string {
  const bytes = formatBytes(truncated.bytes);
  if (truncated.records === 0) return `… ${bytes} of this row's output left out of the trace`;
  return `… ${truncated.records} ${truncated.records === 1 ? "row" : "rows"} (${bytes}) left out of the trace`;
}

function outputLines(
  output: string,
  status: ToolRow["status"],
  width: number,
  indent: string,
): string[] {
  const all = output.replace(/\s+$/, "").split("\n");
  const max = ROW_OUTPUT_LINES[status];
  const shown = status === "running" ? all.slice(-max) : all.slice(0, max);
  const style = status === "error" ? palette.error : dim;
  const lines = shown.map((line) => oneLine(`${indent}${style(line)}`, width));
  if (all.length > max)
    lines.push(
      oneLine(
        `${indent}${dim(`… ${all.length - max} more line${all.length - max === 1 ? "" : "s"}`)}`,
        width,
      ),
    );
  return lines;
}

/** How a delivered share is labelled: its mark, its name, its caption and its size. */
function shareLabel(
  mark: string,
  name: string,
  share: { readonly caption?: string | undefined; readonly bytes: number },
): string {
  return `${mark} shared ${name}${share.caption ? `: ${share.caption}` : ""} · ${formatBytes(share.bytes)}`;
}

/**
 * A label and the URL it links to: the URL is shown whole (to copy), wrapped onto rows of its own
 * when it does not fit beside the label, each row a terminal hyperlink to the whole URL.
 */
function link(label: string, url: string, width: number): string[] {
  if (visibleWidth(label) + 2 + url.length <= width)
    return [`${label}  ${hyperlink(palette.link(url), url)}`];
  const indent = " ".repeat(
    Math.min(visibleWidth(label) - visibleWidth(label.trimStart()) + 2, Math.floor(width / 2)),
  );
  const rows = wrapTextWithAnsi(url, Math.max(1, width - indent.length));
  return [
    oneLine(label, width),
    ...rows.map((row) => `${indent}${hyperlink(palette.link(row), url)}`),
  ];
}

function parsed<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
): T | undefined {
  if (value === undefined) return undefined;
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
}
