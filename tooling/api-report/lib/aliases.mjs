// Following a name through the bundle's imports and re-exports to where it is declared.
import ts from "typescript";

/**
 * Follows `export { a as b }` and `import { a }` chains to the declaring symbol, or to the bare
 * module specifier the chain leaves the package through.
 * @param {ts.TypeChecker} checker
 * @param {ts.Symbol} symbol
 * @returns {{ symbol: ts.Symbol } | { external: string }}
 */
export function resolveAlias(checker, symbol) {
  let current = symbol;
  while (current.flags & ts.SymbolFlags.Alias) {
    const next = checker.getImmediateAliasedSymbol(current);
    if (!next?.declarations?.length) return { external: reexportText(symbol.name, current) };
    current = next;
  }
  return { symbol: current };
}

/**
 * @param {string} exportName
 * @param {ts.Symbol} alias the last alias in the package, whose target is outside it
 */
function reexportText(exportName, alias) {
  const declaration = alias.declarations?.[0];
  /** @type {ts.Expression | undefined} */
  let specifier;
  let imported = exportName;
  if (declaration && ts.isImportSpecifier(declaration)) {
    specifier = declaration.parent.parent.parent.moduleSpecifier;
    imported = (declaration.propertyName ?? declaration.name).text;
  } else if (declaration && ts.isExportSpecifier(declaration)) {
    specifier = declaration.parent.parent.moduleSpecifier;
    imported = (declaration.propertyName ?? declaration.name).text;
  } else if (declaration && ts.isImportClause(declaration)) {
    specifier = declaration.parent.moduleSpecifier;
    imported = "default";
  } else if (declaration && ts.isNamespaceImport(declaration)) {
    specifier = declaration.parent.parent.moduleSpecifier;
    imported = "*";
  } else if (declaration && ts.isNamespaceExport(declaration)) {
    specifier = declaration.parent.moduleSpecifier;
    imported = "*";
  }
  const from = specifier && ts.isStringLiteral(specifier) ? specifier.text : "<unresolved>";
  if (imported === "*") return `export * as ${exportName} from "${from}";`;
  if (imported === exportName) return `export { ${exportName} } from "${from}";`;
  return `export { ${imported} as ${exportName} } from "${from}";`;
}
