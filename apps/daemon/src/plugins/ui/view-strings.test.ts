import { describe, expect, test } from "vitest";
import { acceptedLanguages, requestLanguages, viewStrings } from "./view-strings.js";

describe("acceptedLanguages", () => {
  test.each([
    ["fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", ["fr-CH", "fr", "en", "de"]],
    ["en;q=0.5, pt-BR", ["pt-BR", "en"]],
    ["de;q=0, it", ["it"]],
    ["xx_YY, not a tag, ja", ["ja"]],
    ["fr;q=oops, es", ["es"]],
    ["", []],
  ])("reads %j as %j", (header, expected) => {
    expect(acceptedLanguages(header)).toEqual(expected);
  });
  test("keeps the header's order between equal qualities", () => {
    expect(acceptedLanguages(["nl;q=0.5, sv", "da;q=0.5"])).toEqual(["sv", "nl", "da"]);
  });
});

describe("view strings for a reader", () => {
  const manifest = {
    strings: { default: { a: "A", b: "B" }, languages: { fr: { a: "À" } } },
  };
  test("the first language the manifest overrides wins, else the default table", () => {
    expect(viewStrings(manifest, ["de", "fr-BE"])).toEqual({ a: "À", b: "B" });
    expect(viewStrings(manifest, ["de"])).toEqual({ a: "A", b: "B" });
  });
  test("a request naming no language reads in the daemon's", () => {
    expect(requestLanguages({ headers: {} }, "fr")).toEqual(["fr"]);
    expect(requestLanguages({ headers: { "accept-language": "de" } }, "fr")).toEqual(["de"]);
  });
});
