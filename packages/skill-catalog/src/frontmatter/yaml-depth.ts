import type { CST } from "yaml";

/**
 * The collection nesting of a YAML block as the CST shows it, counted without recursion and
 * abandoned as soon as it passes `limit`. `yaml`'s composer recurses once per level: a block
 * nested thousands deep exhausts the stack (and can abort the process), so the composer only ever
 * sees a block this check has passed. A CST collection composes to at least one collection, so a
 * block past the limit here is past it in the composed document too.
 */
export function cstDepthExceeds(tokens: readonly CST.Token[], limit: number): boolean {
  const pending: (CST.Token | null | undefined)[] = [];
  const depths: number[] = [];
  for (const token of tokens) {
    if (token.type === "document") {
      pending.push(token.value);
      depths.push(0);
    }
  }
  while (pending.length > 0) {
    const token = pending.pop();
    const depth = depths.pop() ?? 0;
    if (
      token === null ||
      token === undefined ||
      (token.type !== "block-map" && token.type !== "block-seq" && token.type !== "flow-collection")
    ) {
      continue;
    }
    const inner = depth + 1;
    if (inner > limit) return true;
    for (const item of token.items) {
      if ("key" in item && item.key) {
        pending.push(item.key);
        depths.push(inner);
      }
      if (item.value) {
        pending.push(item.value);
        depths.push(inner);
      }
    }
  }
  return false;
}
