// The declarations an API names without exporting them.
import ts from "typescript";
import { resolveAlias } from "./aliases.mjs";

/**
 * The package's own top-level declarations that the exported ones mention by name (a parameter
 * type, a base class, `typeof x`) without exporting them, followed transitively: narrowing one of
 * them narrows the API as much as narrowing an export does.
 * Declarations in `exportedElsewhere` (exported by another subpath of the package) are neither
 * listed nor followed: their own section lists them and what they name.
 * @param {ts.TypeChecker} checker
 * @param {Set<ts.Symbol>} exported
 * @param {ReadonlySet<ts.Symbol>} [exportedElsewhere]
 * @returns {ts.Symbol[]}
 */
export function referencedDeclarations(checker, exported, exportedElsewhere = new Set()) {
  /** @type {Set<ts.Symbol>} */
  const seen = new Set([...exported, ...exportedElsewhere]);
  /** @type {ts.Symbol[]} */
  const found = [];
  const queue = [...exported];
  for (let symbol = queue.shift(); symbol; symbol = queue.shift()) {
    for (const declaration of symbol.declarations ?? []) {
      for (const name of namesReferenced(declaration)) {
        const target = checker.getSymbolAtLocation(name);
        if (!target) continue;
        const resolved = resolveAlias(checker, target);
        if ("external" in resolved || seen.has(resolved.symbol)) continue;
        seen.add(resolved.symbol);
        if (!isTopLevel(resolved.symbol)) continue;
        found.push(resolved.symbol);
        queue.push(resolved.symbol);
      }
    }
  }
  return found;
}

/**
 * @param {ts.Node} root
 * @returns {ts.Identifier[]}
 */
function namesReferenced(root) {
  /** @type {ts.Identifier[]} */
  const names = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    /** @type {ts.Node | undefined} */
    let name;
    if (ts.isTypeReferenceNode(node)) name = node.typeName;
    else if (ts.isExpressionWithTypeArguments(node)) name = node.expression;
    else if (ts.isTypeQueryNode(node)) name = node.exprName;
    while (name && (ts.isQualifiedName(name) || ts.isPropertyAccessExpression(name))) {
      name = ts.isQualifiedName(name) ? name.left : name.expression;
    }
    if (name && ts.isIdentifier(name)) names.push(name);
    ts.forEachChild(node, visit);
  };
  visit(root);
  return names;
}

/** @param {ts.Symbol} symbol */
function isTopLevel(symbol) {
  if (symbol.flags & ts.SymbolFlags.TypeParameter) return false;
  return (symbol.declarations ?? []).some(
    (d) =>
      ts.isSourceFile(d.parent) ||
      (ts.isVariableDeclaration(d) && ts.isSourceFile(d.parent.parent.parent)),
  );
}
