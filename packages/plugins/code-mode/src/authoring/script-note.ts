import { type Token as AcornToken, tokenizer, tokTypes as tt } from "acorn";
import { MAX_SCRIPT_CHARS } from "../limits.js";

/** Argument names whose string value says what a nested call does: `reason`, or Bash's `description`. */
export const NOTE_FIELDS = ["reason", "description"] as const;

/** acorn's tokens carry their value at run time; its types leave it out. */
type Token = AcornToken & { readonly value?: unknown };

interface CallNotes {
  reason?: string;
  description?: string;
}

interface Frame {
  readonly close: string;
  /** The notes of the tools call whose argument object this frame is. */
  readonly call?: CallNotes;
}

const OPENERS = new Map([
  [tt.braceL, "}"],
  [tt.parenL, ")"],
  [tt.bracketL, "]"],
  [tt.dollarBraceL, "}"],
]);
const CLOSERS = new Set([tt.braceR, tt.parenR, tt.bracketR]);

/**
 * The status note of a script being written: the `reason` (or, failing that, `description`)
 * string written at the top level of the argument object of a `tools.<Name>({...})` call, from
 * the call whose note was written last. A call without a note keeps the previous call's note;
 * undefined while no call has one. Only complete string literals count (and templates without
 * substitutions), so a note is never shown half-typed; an empty or blank one is no note. Tolerates a script cut anywhere: it reads
 * the tokens up to the first one that cannot be read. Never throws.
 */
export function scriptNote(script: string): string | undefined {
  const tokens: Token[] = [];
  const stack: Frame[] = [];
  let noted: CallNotes | undefined;
  let pendingCall = false;
  try {
    for (const token of tokenizer(script.slice(0, MAX_SCRIPT_CHARS), {
      ecmaVersion: "latest",
      allowHashBang: true,
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
    })) {
      tokens.push(token);
      const opener = OPENERS.get(token.type);
      if (opener) {
        const startsArgs = pendingCall && token.type === tt.braceL;
        stack.push(startsArgs ? { close: opener, call: {} } : { close: opener });
        pendingCall = token.type === tt.parenL && isToolsCallee(tokens);
        continue;
      }
      pendingCall = false;
      if (CLOSERS.has(token.type)) {
        stack.pop();
        continue;
      }
      const call = stack.at(-1)?.call;
      const text = call ? literalText(tokens) : undefined;
      if (call && text !== undefined) {
        const field = noteField(tokens);
        if (field && text.trim() !== "") {
          call[field] = text;
          noted = call;
        }
      }
    }
  } catch {
    // The rest of the script has not been written yet.
  }
  return noted ? (noted.reason ?? noted.description) : undefined;
}

/** True when the tokens before a `(` are `tools.Name` or `tools["Name"]`. */
function isToolsCallee(tokens: readonly Token[]): boolean {
  const [a, b, c, d] = tokens.slice(-5, -1);
  const dotted = tokens.length >= 4 && tokens.at(-4)?.value === "tools";
  if (
    dotted &&
    tokens.at(-4)?.type === tt.name &&
    tokens.at(-3)?.type === tt.dot &&
    tokens.at(-2)?.type === tt.name
  ) {
    return true;
  }
  return (
    a?.type === tt.name &&
    a.value === "tools" &&
    b?.type === tt.bracketL &&
    c?.type === tt.string &&
    d?.type === tt.bracketR
  );
}

/** The string a just-completed literal holds: a string token, or a template with no substitutions. */
function literalText(tokens: readonly Token[]): string | undefined {
  const last = tokens.at(-1);
  if (last?.type === tt.string && typeof last.value === "string") return last.value;
  if (last?.type !== tt.backQuote) return undefined;
  const quasi = tokens.at(-2);
  if (quasi?.type === tt.template && tokens.at(-3)?.type === tt.backQuote) {
    return typeof quasi.value === "string" ? quasi.value : undefined;
  }
  return undefined;
}

/** The note field whose value the just-completed literal is: `{ reason: "..." }` or `, description: `...` `. */
function noteField(tokens: readonly Token[]): (typeof NOTE_FIELDS)[number] | undefined {
  const last = tokens.at(-1);
  const valueStart = last?.type === tt.backQuote ? -3 : -1;
  const colon = tokens.at(valueStart - 1);
  const key = tokens.at(valueStart - 2);
  const before = tokens.at(valueStart - 3);
  if (colon?.type !== tt.colon || !key) return undefined;
  if (key.type !== tt.name && key.type !== tt.string) return undefined;
  if (before?.type !== tt.braceL && before?.type !== tt.comma) return undefined;
  return NOTE_FIELDS.find((field) => field === key.value);
}
