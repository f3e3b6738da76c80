/**
 * Whose skills a mutation targets, as the browser client names it (the Skills routes'
 * explicit owner): an account id, `'instance'`, or `null` for the signed-in account's own
 * skills, serialized as `owner=me`. Every create, update, delete and transfer takes one; nothing
 * is inferred from administrator status.
 */
export type SkillOwner = number | "instance" | null;

/**
 * The `?owner=` value of a {@link SkillOwner}: `me`, `instance` or the decimal account id.
 * Throws a TypeError naming `owner` for anything else (a non-integer, zero or negative id).
 */
export function ownerQuery(owner: SkillOwner): string {
  if (owner === null) return "me";
  if (owner === "instance") return "instance";
  if (typeof owner === "number" && Number.isSafeInteger(owner) && owner > 0) return String(owner);
  throw new TypeError(
    `owner must be null (me), "instance" or a positive integer account id, received ${JSON.stringify(owner)}`,
  );
}

/** A transfer body's destination: JSON `null` (me), `"instance"` or the account id. */
export function ownerBody(owner: SkillOwner): null | "instance" | number {
  ownerQuery(owner);
  return owner;
}

/** The owner a catalog row belongs to, when it can be managed here: personal → me, instance. */
export function ownerOfSource(catalogSource: string): SkillOwner | undefined {
  if (catalogSource === "personal") return null;
  if (catalogSource === "instance") return "instance";
  return undefined;
}

/** Reads an owner from a form's text (`me`, `instance` or an account id); undefined if invalid. */
export function parseOwnerChoice(value: string): SkillOwner | undefined {
  const text = value.trim();
  if (text === "me") return null;
  if (text === "instance") return "instance";
  if (/^[1-9][0-9]{0,15}$/.test(text)) {
    const id = Number(text);
    if (Number.isSafeInteger(id)) return id;
  }
  return undefined;
}
