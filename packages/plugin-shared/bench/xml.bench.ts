// escapeXmlAttribute against the escaper people write first: a chain of .replace calls. The peer
// handles only the five entities, so ours does more work per character and still has to keep up.
import { compare, do_not_optimize } from "@elowen/bench";
import { escapeXmlAttribute } from "../src/xml/escape-attribute.js";

function naiveEscape(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

// 10 KiB of skill-argument-like text: mostly plain, with quotes, markup and newlines mixed in.
const sample = 'Use "report-guide" for <quarterly> reports & summaries; it\'s fine.\n';
const input = sample.repeat(Math.ceil(10_240 / sample.length)).slice(0, 10_240);

if (escapeXmlAttribute(input).replaceAll("&#10;", "\n") !== naiveEscape(input)) {
  throw new Error("the two escapers disagree on the benchmark input");
}

await compare({
  name: "escapeXmlAttribute, 10 KiB attribute value",
  ours: () => do_not_optimize(escapeXmlAttribute(input)),
  peer: () => do_not_optimize(naiveEscape(input)),
  peerName: "chained String.replace",
  target: "ratio <= 1.0",
});

// The same length of plain text, which needs no escaping: the peer's single-character searches
// are vectorised, ours scans one character class; reported, not a target.
const plain = "report-guide quarterly summaries ".repeat(311).slice(0, 10_240);
await compare({
  name: "escapeXmlAttribute, 10 KiB plain text (nothing to escape)",
  ours: () => do_not_optimize(escapeXmlAttribute(plain)),
  peer: () => do_not_optimize(naiveEscape(plain)),
  peerName: "chained String.replace",
  target: "informational",
});
