import { SaxesParser } from "saxes";

/** What a conformant parser (saxes) read from a document: the root element and any errors. */
export interface ParsedXml {
  readonly name: string | undefined;
  readonly attributes: Readonly<Record<string, string>>;
  readonly text: string;
  readonly errors: readonly string[];
}

/** Parses a document whose root element is the one under test. Test helper; never throws. */
export function parseXml(document: string): ParsedXml {
  const parser = new SaxesParser();
  const errors: string[] = [];
  let root: { name: string; attributes: Record<string, string> } | undefined;
  let text = "";
  parser.on("error", (error) => errors.push(error.message));
  parser.on("opentag", (tag) => {
    root ??= { name: tag.name, attributes: { ...tag.attributes } };
  });
  parser.on("text", (chunk) => {
    text += chunk;
  });
  parser.write(document).close();
  return { name: root?.name, attributes: root?.attributes ?? {}, text, errors };
}
