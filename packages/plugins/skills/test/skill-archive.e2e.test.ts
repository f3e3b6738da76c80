import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { archiveSkillFolder, writeSkillArchiveEntries } from "@elowen/skill-catalog";
import { afterEach, describe, expect, test } from "vitest";
import { type SkillsDaemon, startSkillsDaemon } from "./daemon.js";

// The public anthropics/skills pdf skill (12 files, scripts and references), vendored with its licence.
const PDF = fileURLToPath(
  new URL("../../../skill-catalog/test/fixtures/anthropics-skills/skills/pdf", import.meta.url),
);

let t: SkillsDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

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

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

describe("whole skill folders over HTTP", () => {
  test("an imported archive keeps every file and frontmatter key, and exports byte for byte", async () => {
    t = await startSkillsDaemon();
    const archive = archiveSkillFolder(PDF, "pdf");
    const imported = await t.request(t.ada, "POST", "/plugins/skills/import?owner=me", {
      archive: base64(gzipSync(archive)),
    });
    expect(imported.status).toBe(201);
    expect(imported.json).toMatchObject({ skill: { name: "pdf", catalogSource: "personal" } });
    const folder = join(t.dataDir, "personal", String(t.ada.id), "pdf");
    expect(filesOf(folder)).toEqual(filesOf(PDF));
    expect(readFileSync(join(folder, "SKILL.md"), "utf8")).toMatch(/^license: /m);

    const list = await t.request(t.ada, "GET", "/plugins/skills/list");
    expect(list.json.skills).toContainEqual(
      expect.objectContaining({ name: "pdf", catalogSource: "personal" }),
    );
    const exported = await t.request(t.ada, "GET", "/plugins/skills/pdf/export?owner=me");
    expect(exported.status).toBe(200);
    expect(exported.json.format).toBe("tar");
    expect(Buffer.from(exported.json.archive, "base64").equals(Buffer.from(archive))).toBe(true);
  });

  test("a failed import leaves nothing behind, and says which entry broke which rule", async () => {
    t = await startSkillsDaemon();
    const archive = writeSkillArchiveEntries([
      { path: "pdf", kind: "dir", executable: false, data: new Uint8Array() },
      {
        path: "pdf/SKILL.md",
        kind: "file",
        executable: false,
        data: readFileSync(join(PDF, "SKILL.md")),
      },
      { path: "pdf/../../escape.sh", kind: "file", executable: true, data: new Uint8Array([1]) },
    ]);
    const refused = await t.request(t.ada, "POST", "/plugins/skills/import?owner=me", {
      archive: base64(archive),
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe(
      'archive: entry "pdf/../../escape.sh": a path may not leave the skill\'s folder (..)',
    );
    const personal = join(t.dataDir, "personal", String(t.ada.id));
    expect(existsSync(personal) ? readdirSync(personal) : []).toEqual([]);

    const bad = await t.request(t.ada, "POST", "/plugins/skills/import?owner=me", {
      archive: "%%",
    });
    expect(bad).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/^body\.archive: must be/), path: "body.archive" },
    });

    const first = await t.request(t.ada, "POST", "/plugins/skills/import?owner=me", {
      archive: base64(archiveSkillFolder(PDF, "pdf")),
    });
    expect(first.status).toBe(201);
    const again = await t.request(t.ada, "POST", "/plugins/skills/import?owner=me", {
      archive: base64(archiveSkillFolder(PDF, "pdf")),
    });
    expect(again.status).toBe(409);
    expect(readdirSync(personal)).toEqual(["pdf"]);
  });
});
