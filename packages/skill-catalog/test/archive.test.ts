import { chmodSync, cpSync, readdirSync, readFileSync, statSync, symlinkSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateRawSync, gzipSync } from "node:zlib";
import { ElowenError, isElowenError } from "@elowen/plugin-shared/errors";
import { describe, expect, test } from "vitest";
import { writeTar } from "../src/archive/tar.js";
import {
  archiveSkillFolder,
  readSkillArchive,
  SKILL_ARCHIVE_MAX_ENTRIES,
  SKILL_ARCHIVE_MAX_FILE_BYTES,
  SKILL_ARCHIVE_MAX_TOTAL_BYTES,
  type SkillArchiveEntry,
  SkillArchiveError,
} from "../src/index.js";
import { TempTree } from "./support.js";

const PDF = fileURLToPath(new URL("fixtures/anthropics-skills/skills/pdf", import.meta.url));

function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(dir, path)] = readFileSync(path).toString("base64");
    }
  };
  walk(dir);
  return out;
}

const file = (
  path: string,
  data: string | Uint8Array = "x",
  executable = false,
): SkillArchiveEntry => ({
  path,
  kind: "file",
  executable,
  data: typeof data === "string" ? new TextEncoder().encode(data) : data,
});
const SKILL = file("SKILL.md", "---\nname: a\ndescription: d\n---\n");

/** A zip of stored entries; `mode` sets the Unix file type and permissions of an entry. */
function zip(
  entries: readonly {
    name: string;
    data?: Uint8Array;
    mode?: number;
    deflate?: boolean;
    size?: number;
  }[],
): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const raw = Buffer.from(entry.data ?? new Uint8Array());
    const stored = entry.deflate ? deflateRawSync(raw) : raw;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(entry.size ?? raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(entry.size ?? raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, stored);
    centrals.push(central, name);
    offset += 30 + name.length + stored.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

function refusal(bytes: Uint8Array): string {
  try {
    readSkillArchive(bytes);
  } catch (error) {
    if (error instanceof SkillArchiveError) return error.message;
    throw error;
  }
  throw new Error("expected the archive to be refused");
}

describe("a skill folder as an archive", () => {
  test("the public collection's pdf skill packs, unpacks byte for byte, and packs again to the same bytes", () => {
    const tree = new TempTree();
    const archive = archiveSkillFolder(PDF, "pdf");
    const read = readSkillArchive(archive);
    expect(read.folder).toBe("pdf");
    const unpacked = Object.fromEntries(
      read.entries
        .filter((e) => e.kind === "file")
        .map((e) => [e.path, Buffer.from(e.data).toString("base64")]),
    );
    expect(unpacked).toEqual(filesOf(PDF));
    cpSync(PDF, tree.path("copy/pdf"), { recursive: true });
    expect(
      Buffer.from(archiveSkillFolder(tree.path("copy/pdf"), "pdf")).equals(Buffer.from(archive)),
    ).toBe(true);
    expect(readSkillArchive(gzipSync(archive))).toEqual(read);
  });

  test("keeps a script's executable bit", () => {
    const tree = new TempTree();
    tree.skill("s", "s", "d");
    tree.write("s/run.sh", "echo hi\n");
    chmodSync(tree.path("s/run.sh"), 0o755);
    const entry = readSkillArchive(archiveSkillFolder(tree.path("s"), "s")).entries.find(
      (e) => e.path === "run.sh",
    );
    expect(entry?.executable).toBe(true);
  });

  test("a folder holding a link is not exported", () => {
    const tree = new TempTree();
    tree.skill("s", "s", "d");
    tree.write("secret", "x");
    symlinkSync(tree.path("secret"), tree.path("s/leak"));
    expect(() => archiveSkillFolder(tree.path("s"), "s")).toThrow(
      /leak.*not a regular file or folder/,
    );
  });
});

describe("an uploaded archive, checked entry by entry", () => {
  test("zip: stored and deflated files are read", () => {
    const data = new TextEncoder().encode("---\nname: z\ndescription: d\n---\nbody\n");
    const read = readSkillArchive(
      zip([
        { name: "z/", mode: 0o40755 },
        { name: "z/SKILL.md", data, deflate: true },
      ]),
    );
    expect(read.folder).toBe("z");
    expect(new TextDecoder().decode(read.entries[0]?.data)).toContain("name: z");
  });

  test.each([
    [
      "a symbolic link (tar)",
      () => {
        const t = writeTar([SKILL]);
        return withType(t, "leak", "2");
      },
      /symbolic link/,
    ],
    [
      "a symbolic link (zip)",
      () =>
        zip([
          { name: "SKILL.md", data: SKILL.data },
          { name: "leak", data: new TextEncoder().encode("/etc/passwd"), mode: 0o120777 },
        ]),
      /"leak".*symbolic link/,
    ],
    [
      "a path out of the folder",
      () => writeTar([SKILL, file("../escape")]),
      /leave the skill's folder/,
    ],
    [
      "an absolute path",
      () =>
        zip([
          { name: "SKILL.md", data: SKILL.data },
          { name: "/etc/x", data: SKILL.data },
        ]),
      /absolute path/,
    ],
    ["a backslash", () => writeTar([SKILL, file("a\\b")]), /backslash/],
    ["an entry twice", () => writeTar([SKILL, file("x"), file("x")]), /"x": appears twice/],
    ["no SKILL.md", () => writeTar([file("README.md")]), /no SKILL.md/],
    [
      "a zip entry that inflates past its declared size",
      () => zip([{ name: "SKILL.md", data: new Uint8Array(100_000), deflate: true, size: 10 }]),
      /declared size/,
    ],
    ["not an archive", () => new TextEncoder().encode("hello"), /not a zip, a tar/],
  ])("refuses %s, naming the rule", (_what, make, message) => {
    expect(refusal(make())).toMatch(message);
  });

  test("a refusal is an ElowenError with the code skill_archive.invalid and names the entry", () => {
    let caught: unknown;
    try {
      readSkillArchive(writeTar([SKILL, file("x"), file("x")]));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ElowenError);
    expect(caught).toMatchObject({
      name: "SkillArchiveError",
      code: "skill_archive.invalid",
      entry: "x",
    });
    expect(isElowenError(caught, "skill_archive.invalid")).toBe(true);
  });

  test(`${SKILL_ARCHIVE_MAX_ENTRIES} entries are read and one more is refused`, () => {
    const many = (n: number) => [SKILL, ...Array.from({ length: n - 1 }, (_, i) => file(`f${i}`))];
    expect(readSkillArchive(writeTar(many(SKILL_ARCHIVE_MAX_ENTRIES))).entries).toHaveLength(
      SKILL_ARCHIVE_MAX_ENTRIES,
    );
    expect(refusal(writeTar(many(SKILL_ARCHIVE_MAX_ENTRIES + 1)))).toMatch(/at most 1000 entries/);
  });

  test(`a file of ${SKILL_ARCHIVE_MAX_FILE_BYTES} bytes is read and one byte more is refused`, () => {
    expect(
      readSkillArchive(writeTar([SKILL, file("big", new Uint8Array(SKILL_ARCHIVE_MAX_FILE_BYTES))]))
        .entries,
    ).toHaveLength(2);
    expect(
      refusal(writeTar([SKILL, file("big", new Uint8Array(SKILL_ARCHIVE_MAX_FILE_BYTES + 1))])),
    ).toMatch(/"big": a file may hold at most 8388608 bytes/);
  });

  test(`files of ${SKILL_ARCHIVE_MAX_TOTAL_BYTES} bytes together are read and one byte more is refused`, () => {
    const chunk = new Uint8Array(SKILL_ARCHIVE_MAX_FILE_BYTES);
    const rest =
      SKILL_ARCHIVE_MAX_TOTAL_BYTES - 3 * SKILL_ARCHIVE_MAX_FILE_BYTES - SKILL.data.length;
    const at = (extra: number) => [
      SKILL,
      file("a", chunk),
      file("b", chunk),
      file("c", chunk),
      file("d", new Uint8Array(rest + extra)),
    ];
    expect(readSkillArchive(writeTar(at(0))).entries).toHaveLength(5);
    expect(refusal(writeTar(at(1)))).toMatch(
      /"d": an archive's files may hold at most 33554432 bytes together/,
    );
  });
});

/** Rewrites the tar's first header after SKILL.md into an entry of `type` named `name`. */
function withType(tar: Uint8Array, name: string, type: string): Uint8Array {
  const extra = writeTar([file(name, "")]).slice(0, 512);
  extra[156] = type.charCodeAt(0);
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : (extra[i] ?? 0);
  extra.set(new TextEncoder().encode(`${sum.toString(8).padStart(6, "0")}\0 `), 148);
  const body = tar.slice(0, tar.length - 1024);
  const out = new Uint8Array(body.length + 512 + 1024);
  out.set(body, 0);
  out.set(extra, body.length);
  return out;
}
