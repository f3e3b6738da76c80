// Reads a package's public API out of its built declarations with the TypeScript compiler API.
import ts from "typescript";
import { resolveAlias } from "./aliases.mjs";
import { declarationKind, declarationText, unbundledName } from "./declaration-text.mjs";
import { referencedDeclarations } from "./referenced-declarations.mjs";

/** @import { TypedEntry } from "./package-entries.mjs" */

/**
 * @typedef {object} ApiEntry
 * @property {string} name the exported name, or the declared name of a type that is not exported
 * @property {string} kind "function", "interface", "const", ... joined with "+" when merged
 * @property {string} text the declaration(s), see declarationText
 * @property {boolean} exported false for a declaration the API refers to without exporting it
 */

/**
 * @typedef {object} ApiSection
 * @property {string} subpath
 * @property {ApiEntry[]} entries exported entries sorted by name, then the unexported ones
 */

// Only the package's own files are read: relative imports (bundler chunks) resolve, bare ones
// (`zod`, `@elowen/plugin-api`) stay unresolved so a re-export of them is reported by name and
// a dependency's own API never leaks into this package's report. No lib: `Promise` and friends
// are not the package's API either.
const OPTIONS = /** @type {ts.CompilerOptions} */ ({
  noLib: true,
  types: [],
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
});

/**
 * The API of each typed entry, in the entries' order.
 * @param {TypedEntry[]} entries
 * @returns {ApiSection[]}
 */
export function extractApi(entries) {
  const host = ts.createCompilerHost(OPTIONS, true);
  host.resolveModuleNameLiterals = (literals, containingFile, _redirect, options) =>
    literals.map((literal) =>
      literal.text.startsWith(".")
        ? ts.resolveModuleName(literal.text, containingFile, options, host)
        : { resolvedModule: undefined },
    );
  const program = ts.createProgram({
    rootNames: entries.map((e) => e.file),
    options: OPTIONS,
    host,
  });
  const checker = program.getTypeChecker();
  const sourceFiles = entries.map((entry) => {
    const sourceFile = program.getSourceFile(entry.file);
    if (!sourceFile) throw new Error(`${entry.file} could not be read`);
    return sourceFile;
  });
  // A declaration that some subpath exports is reported under that subpath; another subpath that
  // names it (a root interface whose method takes a type of `./tools`) does not repeat it as
  // "not exported", since it is exported, and its section holds what it names in turn.
  /** @type {Set<ts.Symbol>} */
  const exportedSomewhere = new Set();
  for (const sourceFile of sourceFiles) {
    for (const symbol of moduleExports(checker, sourceFile)) {
      const resolved = resolveAlias(checker, symbol);
      if (!("external" in resolved)) exportedSomewhere.add(resolved.symbol);
    }
  }
  return entries.map((entry, i) => ({
    subpath: entry.subpath,
    entries: moduleEntries(
      checker,
      /** @type {ts.SourceFile} */ (sourceFiles[i]),
      exportedSomewhere,
    ),
  }));
}

/**
 * @param {ts.TypeChecker} checker
 * @param {ts.SourceFile} sourceFile
 */
function moduleExports(checker, sourceFile) {
  const moduleSymbol = checker.getSymbolAtLocation(sourceFile);
  return moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : [];
}

/**
 * @param {ts.TypeChecker} checker
 * @param {ts.SourceFile} sourceFile
 * @param {ReadonlySet<ts.Symbol>} exportedElsewhere declarations other subpaths export
 * @returns {ApiEntry[]}
 */
function moduleEntries(checker, sourceFile, exportedElsewhere = new Set()) {
  const exportSymbols = moduleExports(checker, sourceFile);
  /** @type {ApiEntry[]} */
  const exported = [];
  /** @type {Set<ts.Symbol>} */
  const declared = new Set();
  for (const symbol of exportSymbols) {
    const resolved = resolveAlias(checker, symbol);
    if ("external" in resolved) {
      exported.push({
        name: symbol.name,
        kind: "reexport",
        text: resolved.external,
        exported: true,
      });
    } else {
      declared.add(resolved.symbol);
      exported.push(describe(checker, resolved.symbol, symbol.name, true));
    }
  }
  for (const statement of sourceFile.statements) {
    const specifier = starReexportOfPackage(statement);
    if (specifier !== undefined) {
      const text = `export * from "${specifier}";`;
      exported.push({ name: `* from "${specifier}"`, kind: "reexport", text, exported: true });
    }
  }
  const unexported = referencedDeclarations(checker, declared, exportedElsewhere).map((symbol) =>
    describe(checker, symbol, unbundledName(symbol.name), false),
  );
  return [...sortByName(exported), ...sortByName(mergeByName(unexported))];
}

/**
 * `export * from "zod"`: the checker cannot list what an unresolved module exports, so the
 * re-export itself is the API entry.
 * @param {ts.Statement} statement
 */
function starReexportOfPackage(statement) {
  if (!ts.isExportDeclaration(statement) || statement.exportClause) return undefined;
  const specifier = statement.moduleSpecifier;
  if (!specifier || !ts.isStringLiteral(specifier) || specifier.text.startsWith(".")) {
    return undefined;
  }
  return specifier.text;
}

/**
 * @param {ts.TypeChecker} checker
 * @param {ts.Symbol} symbol
 * @param {string} name
 * @param {boolean} exported
 * @returns {ApiEntry}
 */
function describe(checker, symbol, name, exported) {
  const declarations = symbol.declarations ?? [];
  const kind = [...new Set(declarations.map(declarationKind))].sort().join("+");
  const text = declarations
    .map((d) => (ts.isSourceFile(d) ? namespaceText(checker, d) : declarationText(d)))
    .join("\n");
  return { name, kind, text, exported };
}

/**
 * `export * as ns from "./chunk"`: the namespace is the chunk's exports, listed.
 * @param {ts.TypeChecker} checker
 * @param {ts.SourceFile} sourceFile
 */
function namespaceText(checker, sourceFile) {
  const members = moduleEntries(checker, sourceFile).filter((e) => e.exported);
  const body = members.map((m) => `    ${m.name}: ${m.text.replace(/\n/g, "\n    ")}`);
  return `namespace {\n${body.join("\n")}\n}`;
}

/**
 * Two unexported declarations that the bundler had to rename apart read the same after
 * unbundledName; they are one entry with both texts.
 * @param {ApiEntry[]} entries
 */
function mergeByName(entries) {
  /** @type {Map<string, ApiEntry>} */
  const byName = new Map();
  for (const entry of entries) {
    const previous = byName.get(entry.name);
    if (!previous) {
      byName.set(entry.name, entry);
      continue;
    }
    const kind = [...new Set([...previous.kind.split("+"), ...entry.kind.split("+")])].sort();
    const text = [previous.text, entry.text].sort().join("\n");
    byName.set(entry.name, { ...previous, kind: kind.join("+"), text });
  }
  return [...byName.values()];
}

/**
 * @param {ApiEntry[]} entries
 */
function sortByName(entries) {
  return [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
