import { useMemo } from "preact/hooks";
import { renderMarkdown } from "../model/markdown.js";

/** Model text drawn as sanitized Markdown (no script, no remote image, safe links only). */
export function Markdown({
  text,
  class: className,
}: {
  readonly text: string;
  readonly class?: string;
}) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  // The HTML is DOMPurify's allow-listed output (see renderMarkdown).
  return (
    <div class={className ? `md ${className}` : "md"} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
