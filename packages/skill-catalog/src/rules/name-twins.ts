/**
 * Letters of other scripts that look like Latin ones in a skill name (Cyrillic and Greek), mapped
 * to the Latin letter they pass for.
 */
const LOOKALIKES: Readonly<Record<string, string>> = {
  а: "a",
  в: "b",
  е: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ӏ: "l",
  α: "a",
  β: "b",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
};

/**
 * The form two names share when a person cannot tell them apart: Unicode compatibility
 * normalization (NFKC, so NFC and NFD spellings of `café` meet), lower case, and look-alike
 * letters of other scripts read as the Latin ones they pass for.
 */
export function nameTwinKey(name: string): string {
  let key = "";
  for (const char of name.normalize("NFKC").toLowerCase()) key += LOOKALIKES[char] ?? char;
  return key;
}
