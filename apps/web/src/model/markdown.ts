import { isSafeUrl } from "@elowen/question-answer";
import DOMPurify from "dompurify";
import { Marked } from "marked";

/** Markdown longer than this many characters is drawn as plain text (ours): parsing stays cheap. */
export const MARKDOWN_MAX_CHARS = 200_000;

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** The only tags model text may produce: text structure, code, tables, links and quotes. */
const ALLOWED_TAGS = [
  "a",
  "b",
  "blockquote",
  "br",
  "code",
  "del",
  "em",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "i",
  "li",
  "ol",
  "p",
  "pre",
  "s",
  "strong",
  "sub",
  "sup",
  "table",
  "tbody",
  "td",
  "th",
  "thead",
  "tr",
  "ul",
  "input",
  "span",
  "details",
  "summary",
];
const ALLOWED_ATTR = ["href", "title", "align", "type", "checked", "disabled", "class"];

let purifier: ReturnType<typeof DOMPurify> | undefined;

function sanitizer(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook("uponSanitizeAttribute", (node, data) => {
    if (data.attrName === "href" && !isSafeUrl(data.attrValue)) data.keepAttr = false;
    // Task-list checkboxes only, and never interactive.
    if (node.nodeName === "INPUT" && data.attrName === "type" && data.attrValue !== "checkbox")
      data.keepAttr = false;
  });
  instance.addHook("afterSanitizeAttributes", (node) => {
    if (node.nodeName === "A" && node.hasAttribute("href")) {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer nofollow");
    }
    if (node.nodeName === "INPUT") node.setAttribute("disabled", "");
  });
  purifier = instance;
  return instance;
}

/**
 * Renders model text (Markdown) to HTML that is safe to insert: parsed by marked, then sanitized
 * by DOMPurify with an allow-list. No script, style, iframe, form, event handler attribute or
 * image survives (an image could load a tracking URL; the transcript shows images only from the
 * session's own attachments); links keep only `http:`, `https:`, `mailto:` and plain relative
 * targets and open in a new tab without an opener. The sanitized HTML is checked once more against
 * the allow-list; text that fails the check is drawn as plain text. Needs a DOM (`window`).
 */
export function renderMarkdown(markdown: string): string {
  if (markdown.length > MARKDOWN_MAX_CHARS) return escapeAsPre(markdown);
  const html = marked.parse(markdown, { async: false });
  const clean = sanitizer().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
  // Belt and braces: a DOM the sanitizer cannot read correctly (it has happened, silently) must
  // not let anything through, so the result is checked against the same allow-list, and model text
  // that fails it is shown as plain text.
  return allowListed(clean) ? clean : escapeAsPre(markdown);
}

const LINK_ATTRS = ["target", "rel"];

/** True when every element and attribute of `html` is on the allow-list and every link is safe. */
export function allowListed(html: string): boolean {
  const template = document.createElement("template");
  template.innerHTML = html;
  const pending: Element[] = [...template.content.children];
  for (let element = pending.pop(); element; element = pending.pop()) {
    if (!ALLOWED_TAGS.includes(element.tagName.toLowerCase())) return false;
    for (const attr of element.attributes) {
      if (!ALLOWED_ATTR.includes(attr.name) && !LINK_ATTRS.includes(attr.name)) return false;
      if (attr.name === "href" && !isSafeUrl(attr.value)) return false;
    }
    pending.push(...element.children);
  }
  return true;
}

function escapeAsPre(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<pre>${escaped}</pre>`;
}
