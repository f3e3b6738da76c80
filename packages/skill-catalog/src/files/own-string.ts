/**
 * A copy of `text` that shares no storage with the string it was cut from. A name or description
 * parsed out of a file is a slice of the whole file's text; kept as it is, it would keep that
 * text alive for as long as the catalog holds the skill.
 */
export function ownString(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}
