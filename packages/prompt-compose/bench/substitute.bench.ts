// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the template under test holds ${…} forms literally.
import { compare } from "@elowen/bench";
import { substituteArguments } from "../src/index.js";
import { loadPiPromptTemplates } from "../test/pi-prompt-templates.js";

const pi = await loadPiPromptTemplates();
const paragraph =
  "Review $1 against the plan. The reviewer reads $ARGUMENTS and the notes in ${@:2}, " +
  "then writes a summary for $2 with the first two items ${@:1:2}; prices stay as $ 5 or $x. " +
  "Everything else in this paragraph is plain prose that the substitution has to copy through.\n";
const template = paragraph.repeat(Math.ceil((10 * 1024) / paragraph.length)).slice(0, 10 * 1024);
const args = ["src/compose.ts", "the lead", "bench notes", "todo"];

if (substituteArguments(template, args) !== pi.substituteArgs(template, [...args])) {
  throw new Error("the benchmark template must expand identically in both");
}

await compare({
  name: "substitute a 10 KiB template",
  ours: () => substituteArguments(template, args),
  peer: () => pi.substituteArgs(template, args),
  peerName: "pi substituteArgs",
  target: "ratio <= 1.5",
  unit: "µs/op",
});
