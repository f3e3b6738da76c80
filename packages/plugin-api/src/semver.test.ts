import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compareVersions, isValidRange, parseVersion, satisfies } from "./semver.js";

describe("satisfies", () => {
  test.each([
    ["0.30.7", "^0.30.7", true],
    ["0.30.9", "^0.30.7", true],
    ["0.31.0", "^0.30.7", false],
    ["0.30.6", "^0.30.7", false],
    ["1.4.0", "^1.2.3", true],
    ["2.0.0", "^1.2.3", false],
    ["0.0.3", "^0.0.3", true],
    ["0.0.4", "^0.0.3", false],
    ["1.2.9", "~1.2.3", true],
    ["1.3.0", "~1.2.3", false],
    ["1.9.0", "~1", true],
    ["0.30.7", ">=0.30.0 <0.31.0", true],
    ["0.31.0", ">=0.30.0 <0.31.0", false],
    ["0.30.7", "0.30.x", true],
    ["0.29.9", "0.30.x", false],
    ["5.0.0", "*", true],
    ["1.2.3", "1.2.3", true],
    ["1.2.4", "=1.2.3", false],
    ["1.5.0", "1.2.3 - 1.5", true],
    ["1.6.0", "1.2.3 - 1.5", false],
    ["2.0.0", "^1.0.0 || ^2.0.0", true],
    ["3.0.0", "^1.0.0 || ^2.0.0", false],
    ["1.0.0-rc.1", "^1.0.0", false],
    ["1.0.0-rc.2", ">=1.0.0-rc.1 <2", true],
    ["1.0.1-rc.2", ">=1.0.0-rc.1 <2", false],
    ["1.0.0", ">= 1.0.0", true],
    ["not-a-version", "*", false],
  ])("%s satisfies %s: %s", (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  test.each(["^", "1.2.3.4", ">=>=1", "abc", "1 - "])(
    "refuses the unreadable range %j",
    (range) => {
      expect(isValidRange(range)).toBe(false);
      expect(satisfies("1.2.3", range)).toBe(false);
    },
  );
});

describe("compareVersions", () => {
  test("orders prereleases before their release and numerically within", () => {
    const order = [
      "1.0.0-alpha",
      "1.0.0-alpha.1",
      "1.0.0-alpha.beta",
      "1.0.0-beta.2",
      "1.0.0-beta.11",
      "1.0.0-rc.1",
      "1.0.0",
    ];
    const parsed = order.map((v) => parseVersion(v)).filter((v) => v !== undefined);
    for (let i = 1; i < parsed.length; i++)
      expect(compareVersions(parsed[i - 1] as never, parsed[i] as never)).toBeLessThan(0);
  });

  test("is antisymmetric on arbitrary versions", () => {
    const version = fc
      .tuple(fc.nat(50), fc.nat(50), fc.nat(50))
      .map(([a, b, c]) => `${a}.${b}.${c}`);
    fc.assert(
      fc.property(version, version, (a, b) => {
        const x = parseVersion(a);
        const y = parseVersion(b);
        if (!x || !y) return false;
        return Math.sign(compareVersions(x, y)) === -Math.sign(compareVersions(y, x));
      }),
    );
  });

  test("a caret range holds exactly its own major (above zero)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.nat(20),
        fc.nat(20),
        fc.integer({ min: 0, max: 21 }),
        (major, minor, patch, other) => {
          const inside = satisfies(`${other}.${minor}.${patch}`, `^${major}.0.0`);
          return inside === (other === major);
        },
      ),
    );
  });
});
