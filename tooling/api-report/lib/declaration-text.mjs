// How one declaration appears in a report: printed by the TypeScript printer, so layout and
// comments never matter, and normalized so that artifacts of bundling never count as API changes.
import ts from "typescript";

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

/**
 * The name a declaration had before the declaration bundler renamed it to avoid a clash: rollup's
 * `Options$1` is the source's `Options`. An identifier that really ends in `$<digits>` is read
 * the same way, which can only merge two names, never invent a difference.
 * @param {string} name
 */
export function unbundledName(name) {
  const match = /^(.+?)\$\d+$/.exec(name);
  return match?.[1] ?? name;
}

/**
 * The report's word for what a declaration is.
 * @param {ts.Node} declaration
 */
export function declarationKind(declaration) {
  if (ts.isFunctionDeclaration(declaration)) return "function";
  if (ts.isClassDeclaration(declaration)) return "class";
  if (ts.isInterfaceDeclaration(declaration)) return "interface";
  if (ts.isTypeAliasDeclaration(declaration)) return "type";
  if (ts.isEnumDeclaration(declaration)) return "enum";
  if (ts.isModuleDeclaration(declaration) || ts.isSourceFile(declaration)) return "namespace";
  if (ts.isVariableDeclaration(declaration)) return variableKeyword(declaration);
  return ts.SyntaxKind[declaration.kind].toLowerCase();
}

/**
 * The declaration as source text: printed without comments, `export`/`default`/`declare`
 * dropped (whether a bundler writes `export declare function f` or `declare function f` plus
 * `export { f }` is not API), bundler renames undone, string literals in double quotes.
 * @param {ts.Node} declaration
 */
export function declarationText(declaration) {
  const printed = printNormalized(declaration);
  const text = ts.isVariableDeclaration(declaration)
    ? `${variableKeyword(declaration)} ${printed};`
    : printed;
  return text.replace(/^(?:(?:export|default|declare)\s+)+/, "");
}

/**
 * The tokens of a declaration text, which is what two texts are compared on: the printer's
 * layout may change between TypeScript versions, the tokens only when the declaration does.
 * @param {string} text
 * @returns {string[]}
 */
export function declarationTokens(text) {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  /** @type {string[]} */
  const tokens = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    tokens.push(scanner.getTokenText());
  }
  return tokens;
}

/** @param {ts.VariableDeclaration} declaration */
function variableKeyword(declaration) {
  const flags = declaration.parent.flags;
  if (flags & ts.NodeFlags.Const) return "const";
  if (flags & ts.NodeFlags.Let) return "let";
  return "var";
}

/** @param {ts.Node} declaration */
function printNormalized(declaration) {
  /** @type {ts.TransformerFactory<ts.Node>} */
  const factory = (context) => {
    /** @type {(node: ts.Node) => ts.Node} */
    const visit = (node) => {
      if (ts.isIdentifier(node)) {
        const name = unbundledName(node.text);
        return name === node.text ? node : context.factory.createIdentifier(name);
      }
      if (ts.isStringLiteral(node)) return context.factory.createStringLiteral(node.text);
      return ts.visitEachChild(node, visit, context);
    };
    return visit;
  };
  const result = ts.transform(declaration, [factory]);
  try {
    const node = result.transformed[0] ?? declaration;
    return printer.printNode(ts.EmitHint.Unspecified, node, declaration.getSourceFile());
  } finally {
    result.dispose();
  }
}
