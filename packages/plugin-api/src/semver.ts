/**
 * The subset of semver the plugin loader needs: versions `1.2.3(-pre)`, and ranges made of
 * comparators (`>=1.2.3`, `<2`, `=1.2.3`), carets, tildes, x-ranges (`1.2.x`, `1`, `*`), hyphen
 * ranges (`1.2.3 - 1.4`), conjunction by spaces and disjunction by `||`. A prerelease version
 * satisfies a range only when a comparator names the same major.minor.patch with a prerelease,
 * as npm's semver does.
 */

/** A parsed version. */
export interface SemverVersion {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  readonly prerelease: readonly (string | number)[];
}

const VERSION =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-.]+)?$/;

/** Parses `1.2.3`, `1.2.3-rc.1`; returns `undefined` for anything else. */
export function parseVersion(text: string): SemverVersion | undefined {
  const m = VERSION.exec(text.trim());
  if (!m) return undefined;
  const prerelease = m[4] ? m[4].split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p)) : [];
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), prerelease };
}

/** Compares two versions: negative, zero or positive. */
export function compareVersions(a: SemverVersion, b: SemverVersion): number {
  if (a.major !== b.major) return a.major - b.major;
  if (a.minor !== b.minor) return a.minor - b.minor;
  if (a.patch !== b.patch) return a.patch - b.patch;
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return b.prerelease.length - a.prerelease.length;
  }
  const n = Math.max(a.prerelease.length, b.prerelease.length);
  for (let i = 0; i < n; i++) {
    const x = a.prerelease[i];
    const y = b.prerelease[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    if (typeof x === "number") return -1;
    if (typeof y === "number") return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

type Op = "<" | "<=" | ">" | ">=" | "=";
interface Comparator {
  op: Op;
  version: SemverVersion;
}

const PARTIAL =
  /^v?(\*|x|X|0|[1-9]\d*)(?:\.(\*|x|X|0|[1-9]\d*))?(?:\.(\*|x|X|0|[1-9]\d*))?(?:-([0-9A-Za-z-.]+))?$/;

interface Partial {
  major?: number;
  minor?: number;
  patch?: number;
  prerelease: readonly (string | number)[];
}

function parsePartial(text: string): Partial | undefined {
  const m = PARTIAL.exec(text);
  if (!m) return undefined;
  const num = (s: string | undefined) =>
    s === undefined || /^[*xX]$/.test(s) ? undefined : Number(s);
  const major = num(m[1]);
  const minor = major === undefined ? undefined : num(m[2]);
  const patch = minor === undefined ? undefined : num(m[3]);
  const prerelease = m[4] ? m[4].split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p)) : [];
  return {
    ...(major === undefined ? {} : { major }),
    ...(minor === undefined ? {} : { minor }),
    ...(patch === undefined ? {} : { patch }),
    prerelease,
  };
}

const v = (
  major: number,
  minor: number,
  patch: number,
  prerelease: readonly (string | number)[] = [],
): SemverVersion => ({
  major,
  minor,
  patch,
  prerelease,
});

function expand(op: string, p: Partial): Comparator[] | undefined {
  const { major, minor, patch, prerelease } = p;
  if (major === undefined)
    return op === "<" || op === ">" ? [{ op: "<", version: v(0, 0, 0, [0]) }] : [];
  if (op === "^") {
    const low = v(major, minor ?? 0, patch ?? 0, prerelease);
    const high =
      major > 0 || minor === undefined
        ? v(major + 1, 0, 0, [0])
        : minor > 0 || patch === undefined
          ? v(0, minor + 1, 0, [0])
          : v(0, 0, (patch ?? 0) + 1, [0]);
    return [
      { op: ">=", version: low },
      { op: "<", version: high },
    ];
  }
  if (op === "~") {
    const low = v(major, minor ?? 0, patch ?? 0, prerelease);
    const high = minor === undefined ? v(major + 1, 0, 0, [0]) : v(major, minor + 1, 0, [0]);
    return [
      { op: ">=", version: low },
      { op: "<", version: high },
    ];
  }
  const complete = minor !== undefined && patch !== undefined;
  if (complete) return [{ op: (op || "=") as Op, version: v(major, minor, patch, prerelease) }];
  const low = v(major, minor ?? 0, 0);
  const high = minor === undefined ? v(major + 1, 0, 0, [0]) : v(major, minor + 1, 0, [0]);
  switch (op) {
    case "":
    case "=":
      return [
        { op: ">=", version: low },
        { op: "<", version: high },
      ];
    case ">":
      return [{ op: ">=", version: high }];
    case ">=":
      return [{ op: ">=", version: low }];
    case "<":
      return [{ op: "<", version: low }];
    case "<=":
      return [{ op: "<", version: high }];
    default:
      return undefined;
  }
}

function parseSet(text: string): Comparator[] | undefined {
  const hyphen = /^\s*(\S+)\s+-\s+(\S+)\s*$/.exec(text);
  if (hyphen?.[1] && hyphen[2]) {
    const a = parsePartial(hyphen[1]);
    const b = parsePartial(hyphen[2]);
    if (!a || !b) return undefined;
    const low = expand(">=", a);
    const high = expand("<=", b);
    if (!low || !high) return undefined;
    return [...low, ...high];
  }
  const tokens = text
    .trim()
    .replace(/(<=|>=|<|>|=|\^|~)\s+/g, "$1")
    .split(/\s+/)
    .filter(Boolean);
  const out: Comparator[] = [];
  for (const token of tokens) {
    const m = /^(<=|>=|<|>|=|\^|~)?(.*)$/.exec(token);
    const partial = m?.[2] === undefined ? undefined : parsePartial(m[2]);
    if (!m || !partial) return undefined;
    const cs = expand(m[1] ?? "", partial);
    if (!cs) return undefined;
    out.push(...cs);
  }
  return out;
}

function test(c: Comparator, version: SemverVersion): boolean {
  const d = compareVersions(version, c.version);
  switch (c.op) {
    case "<":
      return d < 0;
    case "<=":
      return d <= 0;
    case ">":
      return d > 0;
    case ">=":
      return d >= 0;
    case "=":
      return d === 0;
  }
}

/** True when `range` is a range this module can read. */
export function isValidRange(range: string): boolean {
  return range.split("||").every((set) => parseSet(set) !== undefined);
}

/**
 * True when `version` satisfies `range`. An unreadable version or range satisfies nothing; use
 * {@link isValidRange} and {@link parseVersion} to tell the reason.
 */
export function satisfies(version: string, range: string): boolean {
  const parsed = parseVersion(version);
  if (!parsed) return false;
  return range.split("||").some((text) => {
    const set = parseSet(text);
    if (!set) return false;
    if (!set.every((c) => test(c, parsed))) return false;
    if (parsed.prerelease.length === 0) return true;
    return set.some(
      (c) =>
        c.version.prerelease.length > 0 &&
        !(c.version.prerelease.length === 1 && c.version.prerelease[0] === 0 && c.op === "<") &&
        c.version.major === parsed.major &&
        c.version.minor === parsed.minor &&
        c.version.patch === parsed.patch,
    );
  });
}
