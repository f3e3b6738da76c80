import type { TemplateVariables } from "@elowen/plugin-api/prompt-context";
import { describeValue } from "@elowen/plugin-shared/errors";
import { PromptComposeError } from "../prompt-compose-error.js";

const PLACEHOLDER = /\\\{\{|\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * Renders a template's text with the caller's variables, in one pass. The syntax:
 *
 * - `{{name}}` (spaces inside the braces allowed, `{{ name }}`) is replaced by the variable's
 *   value as text; a name is a letter or `_` followed by letters, digits and `_`;
 * - `\{{` writes a literal `{{`;
 * - any other `{{` (such as `{{ }}` or `{{a-b}}`) and every `$` are literal text;
 * - values are not read again: a value holding `{{x}}` is inserted as written.
 *
 * Throws {@link PromptComposeError} `template-variable-missing` naming every placeholder with no
 * variable (in order of first use), and `invalid-input` naming a variable whose value is not a
 * string, number or boolean. Unused variables are ignored.
 */
export function renderTemplateText(template: string, variables: TemplateVariables): string {
  const missing: string[] = [];
  const out = template.replace(PLACEHOLDER, (match, name: string | undefined) => {
    if (name === undefined) return "{{";
    if (!Object.hasOwn(variables, name)) {
      if (!missing.includes(name)) missing.push(name);
      return match;
    }
    const value: unknown = variables[name];
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      throw new PromptComposeError(
        "invalid-input",
        `variables.${name} must be a string, number or boolean, got ${describeValue(value)}`,
        { field: `variables.${name}` },
      );
    }
    return String(value);
  });
  if (missing.length > 0) {
    const names = missing.map((n) => `"${n}"`).join(", ");
    throw new PromptComposeError(
      "template-variable-missing",
      `the template uses ${names} but no variable ${missing.length === 1 ? "by that name was" : "by those names were"} given`,
      { field: `variables.${missing[0]}` },
    );
  }
  return out;
}
