import { describeValue } from "@elowen/plugin-shared/errors";
import type { ChainRules, RewriteCheck } from "./chain-rule-types.js";
import { HookBusError } from "./errors.js";
import { Refusal } from "./refusal.js";
import { sameValue } from "./same-value.js";
import { firstIssue, plainTypeOf } from "./schema-shape.js";

type Event = Record<string, unknown>;

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
 *
 * For an event whose fields are all known (one object shape, no object-level refinements) the
 * check hands the hooks beneath a fresh plain object holding the accepted fields in the contract's
 * order, each field read once. A hook that rewrites with `next({ ...e, text })` then spreads an
 * object of a stable shape, which V8 copies on its fast path; spreading the object a spread made
 * falls to V8's generic path, several times slower (the README's benchmark section has the figures).
 */
export function compileRewriteCheck(rules: ChainRules): RewriteCheck {
  const free = [...rules.free.keys()];
  const all = [...rules.pinned, ...rules.engine, ...free];
  for (const field of all) {
    if (!IDENTIFIER.test(field)) {
      throw new HookBusError(
        "chains.invalid_contract",
        `chain field ${field} is not an identifier`,
        field,
      );
    }
  }
  const lines: string[] = [
    "if (passed === undefined) passed = received;",
    `if (passed === received${sameFixed(rules)}) return received;`,
    `if (typeof passed !== 'object' || passed === null || Array.isArray(passed)) ${refuse("notObject(passed)")}`,
    ...(rules.wholeCheck ? copyChecks(rules, free) : buildChecks(rules, free, all)),
  ];
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

/**
 * The generated test that an event passed on as received still holds the engine's pinned and
 * engine fields (a hook may have edited it in place); when it does not, the full check runs.
 */
function sameFixed(rules: ChainRules): string {
  return [...rules.fixed].map((field) => ` && passed.${field} === engine.${field}`).join("");
}

/** Generated code that records a refusal and returns undefined. */
function refuse(call: string): string {
  return `{ h.refused = h.${call}; return undefined; }`;
}

/** The test of a rewritten free field's value `v`: a `typeof` where the schema allows it. */
function freeTest(rules: ChainRules, field: string, i: number): string {
  const shape = rules.input._zod.def.shape?.[field];
  const plain = shape === undefined ? undefined : plainTypeOf(shape);
  return plain === undefined ? `!h.tests[${i}](v)` : `typeof v !== "${plain}"`;
}

/** The check of a free field's value `v` against what the hook received. */
function freeCheck(rules: ChainRules, field: string, i: number): string {
  const f = JSON.stringify(field);
  const missing = rules.required.includes(field) ? refuse(`required(${f})`) : "{}";
  return `if (v !== received.${field}) { if (v === undefined) ${missing} else if (${freeTest(rules, field, i)}) ${refuse(`invalid(${f}, v)`)} }`;
}

/**
 * Every field known: each read once into a local (pinned ones put back when left out, engine ones
 * taken from the engine), unknown keys refused, and a fresh event built in the contract's order.
 */
function buildChecks(rules: ChainRules, free: readonly string[], all: readonly string[]): string[] {
  const local = new Map(all.map((field, i) => [field, `f${i}`]));
  const lines: string[] = [];
  for (const field of rules.pinned) {
    const v = local.get(field) as string;
    lines.push(
      `let ${v} = passed.${field}; { const o = engine.${field};`,
      `  if (${v} !== o) { if (${v} !== undefined && !h.same(${v}, o)) ${refuse(`pinned(${JSON.stringify(field)})`)} ${v} = o; } }`,
    );
  }
  lines.push(...pinnedKeyChecks(rules));
  for (const field of rules.engine) lines.push(`const ${local.get(field)} = engine.${field};`);
  free.forEach((field, i) => {
    lines.push(
      `const ${local.get(field)} = passed.${field}; { const v = ${local.get(field)}; ${freeCheck(rules, field, i)} }`,
    );
  });
  const unknownKey = `if (passed[key] !== undefined) ${refuse("unknown(key)")}`;
  const known = all.map((field) => `case ${JSON.stringify(field)}:`).join(" ");
  lines.push(
    all.length === 0
      ? `for (const key in passed) ${unknownKey}`
      : `for (const key in passed) { switch (key) { ${known} break; default: ${unknownKey} } }`,
  );
  const order = [...rules.inputFields.filter((field) => local.has(field)), ...all];
  lines.push("const event = {};");
  for (const field of new Set(order))
    lines.push(`if (${local.get(field)} !== undefined) event.${field} = ${local.get(field)};`);
  lines.push("return event;");
  return lines;
}

/**
 * Fields beyond the known ones (a union, a refinement): the passed object goes on as it is,
 * copied only to put a value back, and the whole input schema judges it.
 */
function copyChecks(rules: ChainRules, free: readonly string[]): string[] {
  const lines = ["let copy;"];
  for (const field of rules.pinned) {
    lines.push(
      `{ const v = passed.${field}, o = engine.${field};`,
      `  if (v !== o) {`,
      `    if (v !== undefined && !h.same(v, o)) ${refuse(`pinned(${JSON.stringify(field)})`)}`,
      `    copy ??= { ...passed }; if (o === undefined) delete copy.${field}; else copy.${field} = o; } }`,
    );
  }
  lines.push(...pinnedKeyChecks(rules));
  for (const field of rules.engine) {
    lines.push(
      `{ const v = engine.${field};`,
      `  if (passed.${field} !== v) { copy ??= { ...passed }; if (v === undefined) delete copy.${field}; else copy.${field} = v; } }`,
    );
  }
  free.forEach((field, i) => {
    lines.push(`{ const v = passed.${field}; ${freeCheck(rules, field, i)} }`);
  });
  lines.push(
    "const event = copy ?? passed;",
    "const refused = h.whole(event); if (refused) { h.refused = refused; return undefined; }",
    "return event;",
  );
  return lines;
}

/** Pinned keys a rewrite may not add where the engine left them out. */
function pinnedKeyChecks(rules: ChainRules): string[] {
  return rules.pinnedKeys.map((field) => {
    const f = JSON.stringify(field);
    return `if (!(${f} in engine) && ${f} in passed) ${refuse(`pinned(${f})`)}`;
  });
}
