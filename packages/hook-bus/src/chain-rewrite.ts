import type { ChainRules } from "./chain-rules.js";
import { describeValue } from "./errors.js";
import { sameValue } from "./same-value.js";
import { firstIssue, plainTypeOf } from "./schema-shape.js";

/** Why the event a hook passed to `next` was refused; `field` names the field at fault. */
export class Refusal {
  constructor(
    readonly reason: string,
    readonly field?: string,
  ) {}
}

type Event = Record<string, unknown>;

/**
 * Checks the event a hook passes down (`next(e)`) against the one it received: pinned fields
 * left out are put back and changed ones refused; engine fields are silently restored to the
 * engine's values; rewritten fields must pass their schema; required fields may not be left out;
 * a field the input does not have is refused. Returns the event the hooks beneath read, or
 * `undefined` when it is refused (then {@link RewriteCheck.refusal} says why). Allocates only
 * when it must put a value back.
 */
export interface RewriteCheck {
  (received: Event, passed: unknown, engineInput: Event): Event | undefined;
  /** Why the last refused call was refused. */
  refusal(): Refusal;
  /** Records a refusal found outside the check (an unreadable event); returns undefined. */
  refuse(reason: string): undefined;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The helpers generated checks call, all slow paths but `same` and the field tests. */
interface Helpers {
  refused: Refusal;
  readonly same: (a: unknown, b: unknown) => boolean;
  readonly tests: readonly ((value: unknown) => boolean)[];
  readonly notObject: (passed: unknown) => Refusal;
  readonly pinned: (field: string) => Refusal;
  readonly required: (field: string) => Refusal;
  readonly invalid: (field: string, value: unknown) => Refusal;
  readonly unknown: (field: string) => Refusal;
  readonly whole: (event: Event) => Refusal | undefined;
}

function helpers(rules: ChainRules, free: readonly string[]): Helpers {
  const event = rules.event;
  return {
    refused: new Refusal("not refused"),
    same: sameValue,
    tests: free.map((field) => rules.free.get(field) as (value: unknown) => boolean),
    notObject: (passed) =>
      new Refusal(
        `${event}: next(e) takes the event object ({ ...e, field }), received ${describeValue(passed)}`,
      ),
    pinned: (field) =>
      new Refusal(
        `${event}: ${field} is pinned (the engine's fact); a hook may leave it out but not change it`,
        field,
      ),
    required: (field) =>
      new Refusal(
        `${event}: ${field} is required; pass the event on with it (next({ ...e, ${field} }))`,
        field,
      ),
    invalid: (field, value) => {
      const schema = rules.input._zod.def.shape?.[field];
      const issue = schema ? firstIssue(schema, value, field) : undefined;
      return new Refusal(`${event}: ${issue ?? `${field} has the wrong type`}`, field);
    },
    unknown: (field) =>
      new Refusal(`${event}: ${field} is not a field of this event's input`, field),
    whole: (candidate) => {
      const issue = firstIssue(rules.input, candidate);
      return issue === undefined ? undefined : new Refusal(`${event}: ${issue}`);
    },
  };
}

/**
 * Compiles the rewrite check of one event into straight-line code over its known field names
 * (taken from the contract's schemas, each checked to be an identifier), so the hot path reads
 * each field by name instead of by a variable key. Built once per event at load.
 */
export function compileRewriteCheck(rules: ChainRules): RewriteCheck {
  const free = [...rules.free.keys()];
  const all = [...rules.pinned, ...rules.engine, ...free];
  for (const field of all)
    if (!IDENTIFIER.test(field)) throw new Error(`chain field ${field} is not an identifier`);
  const required = new Set(rules.required);
  const refuse = (call: string) => `{ h.refused = h.${call}; return undefined; }`;
  const lines: string[] = [
    "if (passed === undefined || passed === received) return received;",
    `if (typeof passed !== 'object' || passed === null || Array.isArray(passed)) ${refuse("notObject(passed)")}`,
    "let copy;",
  ];
  for (const field of rules.pinned) {
    const f = JSON.stringify(field);
    lines.push(
      `{ const v = passed.${field}, o = received.${field};`,
      `  if (v !== o) {`,
      `    if (v === undefined) { copy ??= { ...passed }; copy.${field} = o; }`,
      `    else if (!h.same(v, o)) ${refuse(`pinned(${f})`)} } }`,
    );
  }
  for (const field of rules.pinnedKeys) {
    const f = JSON.stringify(field);
    lines.push(`if (!(${f} in received) && ${f} in passed) ${refuse(`pinned(${f})`)}`);
  }
  for (const field of rules.engine) {
    lines.push(
      `{ const v = engine.${field};`,
      `  if (passed.${field} !== v) { copy ??= { ...passed }; if (v === undefined) delete copy.${field}; else copy.${field} = v; } }`,
    );
  }
  free.forEach((field, i) => {
    const f = JSON.stringify(field);
    const missing = required.has(field) ? refuse(`required(${f})`) : "{}";
    const shape = rules.input._zod.def.shape?.[field];
    const plain = shape === undefined ? undefined : plainTypeOf(shape);
    const invalid = plain === undefined ? `!h.tests[${i}](v)` : `typeof v !== "${plain}"`;
    lines.push(
      `{ const v = passed.${field};`,
      `  if (v !== received.${field}) { if (v === undefined) ${missing} else if (${invalid}) ${refuse(`invalid(${f}, v)`)} } }`,
    );
  });
  const unknownKey = `if (passed[key] !== undefined) ${refuse("unknown(key)")}`;
  const known = all.map((field) => `case ${JSON.stringify(field)}:`).join(" ");
  if (!rules.wholeCheck)
    lines.push(
      all.length === 0
        ? `for (const key in passed) ${unknownKey}`
        : `for (const key in passed) { switch (key) { ${known} break; default: ${unknownKey} } }`,
    );
  lines.push("const event = copy ?? passed;");
  if (rules.wholeCheck)
    lines.push(
      "const refused = h.whole(event); if (refused) { h.refused = refused; return undefined; }",
    );
  lines.push("return event;");
  const h = helpers(rules, free);
  const factory = new Function(
    "h",
    `return function check(received, passed, engine) {\n${lines.join("\n")}\n};`,
  );
  const check = factory(h) as RewriteCheck;
  check.refusal = () => h.refused;
  check.refuse = (reason) => {
    h.refused = new Refusal(`${rules.event}: ${reason}`);
    return undefined;
  };
  return check;
}
