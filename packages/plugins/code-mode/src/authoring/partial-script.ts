/**
 * Reads the `script` string out of the raw JSON of exec's arguments as it streams, tolerating
 * JSON cut anywhere: an unfinished string yields what it holds so far (an escape cut in half is
 * dropped), an unfinished object yields the script if its value has begun. Returns undefined when
 * no `script` value has begun or the text is not the start of a JSON object. Never throws.
 */
export function partialScript(partialJson: string): string | undefined {
  const reader = new Reader(partialJson);
  reader.space();
  if (!reader.take("{")) return undefined;
  for (;;) {
    reader.space();
    if (reader.done || reader.peek() === "}") return undefined;
    const key = reader.string();
    if (!key.complete) return undefined;
    reader.space();
    if (!reader.take(":")) return undefined;
    reader.space();
    if (key.value === "script") {
      if (reader.peek() !== '"') return undefined;
      return reader.string().value;
    }
    if (!reader.skipValue()) return undefined;
    reader.space();
    if (!reader.take(",")) return undefined;
  }
}

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  get done(): boolean {
    return this.at >= this.text.length;
  }

  peek(): string {
    return this.text[this.at] ?? "";
  }

  take(char: string): boolean {
    if (this.peek() !== char) return false;
    this.at++;
    return true;
  }

  space(): void {
    while (/[ \t\r\n]/.test(this.peek())) this.at++;
  }

  /** A JSON string at the cursor; `complete` is false when the text ends inside it. */
  string(): { value: string; complete: boolean } {
    if (!this.take('"')) return { value: "", complete: false };
    let value = "";
    while (!this.done) {
      const char = this.text[this.at++] ?? "";
      if (char === '"') return { value, complete: true };
      if (char !== "\\") {
        value += char;
        continue;
      }
      const escaped = this.text[this.at++];
      if (escaped === undefined) break;
      if (escaped === "u") {
        const hex = this.text.slice(this.at, this.at + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) break;
        value += String.fromCharCode(Number.parseInt(hex, 16));
        this.at += 4;
      } else {
        value += ESCAPES[escaped] ?? escaped;
      }
    }
    return { value, complete: false };
  }

  /** Skips one complete JSON value; false when the text ends inside it or it is malformed. */
  skipValue(): boolean {
    const char = this.peek();
    if (char === '"') return this.string().complete;
    if (char === "{" || char === "[") {
      let depth = 0;
      while (!this.done) {
        const c = this.peek();
        if (c === '"') {
          if (!this.string().complete) return false;
          continue;
        }
        this.at++;
        if (c === "{" || c === "[") depth++;
        else if (c === "}" || c === "]") {
          depth--;
          if (depth === 0) return true;
        }
      }
      return false;
    }
    const literal = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      this.text.slice(this.at, this.at + 64),
    );
    if (!literal) return false;
    this.at += literal[0].length;
    return !this.done;
  }
}
