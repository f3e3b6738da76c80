import type { AskAnswer, AskQuestion } from "@elowen/plugin-api/questions";
import type { ElicitRequest, ElicitResult } from "@modelcontextprotocol/sdk/types.js";

/** The option that leaves a field out of the answer. */
export const LEAVE_EMPTY = "(leave empty)";
/** The option that declines the whole request. */
export const DECLINE = "(decline the request)";

type Property = Readonly<Record<string, unknown>>;
interface Choice {
  readonly value: string;
  readonly label: string;
}

/** One question per field of a form elicitation's `requestedSchema`, in the schema's order. */
export interface ElicitForm {
  readonly fields: readonly { readonly key: string; readonly property: Property }[];
  readonly questions: readonly AskQuestion[];
}

/**
 * A form elicitation as ask-user questions, one per field: a boolean as Yes / No, an enum (or
 * `oneOf` / `anyOf` of `const`s) as its first four values (the rest typed as "other"), an array of
 * an enum as a multi-select, any other string or number typed as "other" with its default offered.
 * Every question but a boolean's offers DECLINE, and every optional one LEAVE_EMPTY.
 */
export function elicitQuestions(params: ElicitRequest["params"]): ElicitForm {
  const schema = "requestedSchema" in params ? params.requestedSchema : undefined;
  const required = new Set<string>(schema?.required ?? []);
  const fields = Object.entries(schema?.properties ?? {}).map(([key, property]) => ({
    key,
    property: property as Property,
  }));
  const questions = fields.map(({ key, property }): AskQuestion => {
    const title = typeof property.title === "string" ? property.title : key;
    const description = typeof property.description === "string" ? property.description : "";
    const question = `${params.message}\n\n${title}${description ? `: ${description}` : ""}`;
    const choices = choicesOf(property);
    const fallback = [...(required.has(key) ? [] : [LEAVE_EMPTY]), DECLINE].map((label) => ({
      label,
    }));
    const defaulted =
      property.default !== undefined && !Array.isArray(property.default)
        ? [{ label: String(property.default), recommended: true }]
        : [];
    const options =
      property.type === "boolean"
        ? [{ label: "Yes" }, { label: "No" }]
        : choices.length > 0
          ? [...choices.slice(0, 4 - fallback.length).map((c) => ({ label: c.label })), ...fallback]
          : [...defaulted, ...fallback];
    if (options.length < 2) options.unshift({ label: LEAVE_EMPTY });
    return {
      question: question.slice(0, 2000),
      header: title.slice(0, 200),
      options: options.slice(0, 4),
      ...(property.type === "array" ? { multiSelect: true } : {}),
      allowOther: property.type !== "boolean",
    };
  });
  return { fields, questions };
}

/**
 * The person's answers as the protocol's result: `decline` when a question was answered with
 * DECLINE, `cancel` when one expired, else `accept` with each answered field converted to its type
 * (a choice's label back to its value; fields left empty are left out).
 */
export function elicitResult(form: ElicitForm, answers: readonly AskAnswer[]): ElicitResult {
  if (answers.some((a) => a.outcome === "expired")) return { action: "cancel" };
  if (answers.some((a) => a.selected.includes(DECLINE))) return { action: "decline" };
  const content: Record<string, string | number | boolean | string[]> = {};
  form.fields.forEach(({ key, property }, index) => {
    const answer = answers[index];
    if (!answer) return;
    const choices = choicesOf(property);
    const picked = [...answer.selected, ...(answer.other ? [answer.other] : [])]
      .filter((v) => v !== LEAVE_EMPTY)
      .map((v) => choices.find((c) => c.label === v)?.value ?? v);
    const first = picked[0];
    if (first === undefined) return;
    if (property.type === "boolean") content[key] = first === "Yes";
    else if (property.type === "array") content[key] = picked;
    else if (property.type === "number" || property.type === "integer") {
      const number = Number(first);
      if (Number.isFinite(number)) content[key] = number;
    } else content[key] = first;
  });
  return { action: "accept", content };
}

function choicesOf(property: Property): Choice[] {
  const source = property.type === "array" ? (property.items as Property | undefined) : property;
  if (!source) return [];
  if (Array.isArray(source.enum)) {
    const names = Array.isArray(source.enumNames) ? source.enumNames : [];
    return source.enum.map((value, i) => ({
      value: String(value),
      label: String(names[i] ?? value),
    }));
  }
  const list = Array.isArray(source.oneOf)
    ? source.oneOf
    : Array.isArray(source.anyOf)
      ? source.anyOf
      : [];
  return (list as Property[]).map((entry) => ({
    value: String(entry.const),
    label: String(entry.title ?? entry.const),
  }));
}
