/**
 * Expands `${VAR}` and `${VAR:-default}` in every string of a server entry, as Claude Code does
 * for `.mcp.json`: a variable that is unset and has no default is an error naming it (the entry
 * is refused rather than started with a hole in its command or headers).
 */
export function expandVariables(
  value: unknown,
  vars: Readonly<Record<string, string | undefined>>,
  missing: Set<string>,
): unknown {
  if (typeof value === "string")
    return value.replace(
      /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
      (_, name: string, fallback?: string) => {
        const found = vars[name];
        if (found !== undefined && found !== "") return found;
        if (fallback !== undefined) return fallback;
        missing.add(name);
        return "";
      },
    );
  if (Array.isArray(value)) return value.map((item) => expandVariables(item, vars, missing));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, expandVariables(item, vars, missing)]),
    );
  return value;
}
