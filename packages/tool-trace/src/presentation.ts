/**
 * The label a surface shows beside its spinner for a tool call with no reason of its own, by tool
 * name (a wrapper's status note: the localized label, "Running tools…" for exec).
 * Shared by the CLI and the web so that both say the same words. A tool not listed here is shown
 * as `Running <name>…` ({@link toolActivityLabel}).
 */
export const LONG_TOOLS: Readonly<Record<string, string>> = Object.freeze({
  exec: "Running tools…",
  wait: "Waiting for tools…",
  bash: "Running a command…",
  Bash: "Running a command…",
  read: "Reading a file…",
  write: "Writing a file…",
  edit: "Editing a file…",
  AskUserQuestion: "Asking you…",
  ShareImage: "Sharing an image…",
  ShareFile: "Sharing a file…",
  SkillLoad: "Loading a skill…",
});

/** The argument fields whose string says what a call does, in the order they win (`reason`, then Bash's `description`). */
export const ROW_REASON_FIELDS = ["reason", "description"] as const;

/**
 * The spinner label of a call being written or run: its reason when it has one, else the tool's
 * label from {@link LONG_TOOLS}, else `Running <name>…`. Pure; never throws.
 */
export function toolActivityLabel(name: string, reason?: string): string {
  const trimmed = reason?.trim();
  if (trimmed) return trimmed;
  return Object.hasOwn(LONG_TOOLS, name) ? (LONG_TOOLS[name] as string) : `Running ${name}…`;
}

/**
 * A row's reason, read from its arguments alone so that a live row and the same row after a
 * reload say the same: the first non-blank string of {@link ROW_REASON_FIELDS} at the top level
 * of `args`, trimmed; undefined when there is none. Pure; never throws.
 */
export function toolRowReason(args: unknown): string | undefined {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return undefined;
  for (const field of ROW_REASON_FIELDS) {
    const value = (args as Record<string, unknown>)[field];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return undefined;
}
