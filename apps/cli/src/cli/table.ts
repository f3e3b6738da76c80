import { visibleWidth } from "@mariozechner/pi-tui";

/**
 * Lays out rows as a plain-text table: a header, columns padded to their widest cell (measured
 * in terminal columns, so wide characters line up), two spaces between columns, no trailing
 * spaces. Cells are printed whole: a script that needs exact values reads `--json`.
 */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const widths = header.map((title, i) =>
    Math.max(visibleWidth(title), ...rows.map((row) => visibleWidth(row[i] ?? ""))),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) =>
        i === cells.length - 1 ? cell : cell + " ".repeat((widths[i] ?? 0) - visibleWidth(cell)),
      )
      .join("  ")
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join("\n")}\n`;
}

/** A timestamp as `YYYY-MM-DD HH:MM` in local time. */
export function formatTimestamp(epochMs: number): string {
  const d = new Date(epochMs);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** Prints a value as indented JSON with a final newline. */
export function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
