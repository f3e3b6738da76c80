import type { Readable, Writable } from "node:stream";

/** A terminal's standard input: a stream that can leave its line discipline for raw mode. */
type TtyInput = Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

/**
 * Reads a secret for `elowen login`: on a terminal, one line typed without echo (Ctrl+C
 * rejects); otherwise all of standard input, trimmed (`elowen login openai < key.txt`).
 */
export async function readSecret(
  input: TtyInput,
  output: Writable,
  prompt: string,
): Promise<string> {
  if (!input.isTTY || !input.setRawMode) {
    const chunks: Buffer[] = [];
    for await (const chunk of input) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString("utf8").trim();
  }
  output.write(prompt);
  input.setRawMode(true);
  input.resume();
  try {
    return await new Promise<string>((resolve, reject) => {
      let typed = "";
      const onData = (data: Buffer) => {
        for (const char of data.toString("utf8")) {
          if (char === "\r" || char === "\n") {
            input.off("data", onData);
            return resolve(typed.trim());
          }
          if (char === "\u0003") {
            input.off("data", onData);
            return reject(new Error("interrupted"));
          }
          typed = char === "\u007f" || char === "\b" ? typed.slice(0, -1) : typed + char;
        }
      };
      input.on("data", onData);
    });
  } finally {
    input.setRawMode(false);
    input.pause();
    output.write("\n");
  }
}
