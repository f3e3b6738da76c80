import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Access } from "@elowen/plugin-api/access";
import { afterEach, describe, expect, test } from "vitest";
import { readShareSource } from "./share-source.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function layout() {
  const root = mkdtempSync(join(tmpdir(), "share-source-"));
  dirs.push(root);
  const workspace = join(root, "workspace");
  mkdirSync(workspace);
  writeFileSync(join(workspace, "in.txt"), "inside");
  writeFileSync(join(root, "host.txt"), "host file");
  symlinkSync(join(root, "host.txt"), join(workspace, "link.txt"));
  return { root, workspace };
}

const user: Access = {
  userId: 2,
  role: "user",
  isAdmin: false,
  isOwner: false,
  surface: "cli",
  allAccess: false,
  grants: [],
};
const admin: Access = { ...user, role: "admin", isAdmin: true };

describe("the share source", () => {
  test("reads a workspace file", async () => {
    const { workspace } = layout();
    const read = await readShareSource({
      access: user,
      workspace,
      path: "in.txt",
      maxBytes: 100,
      what: "file",
    });
    expect(read.ok && read.bytes.toString()).toBe("inside");
  });

  test("refuses a link that leads out of the workspace", async () => {
    const { workspace } = layout();
    const read = await readShareSource({
      access: user,
      workspace,
      path: "link.txt",
      maxBytes: 100,
      what: "file",
    });
    expect(read).toEqual({
      ok: false,
      reason: "link.txt is outside this session's workspace; use a path inside it",
    });
  });

  test("an all-access turn of an administrator may share any host path", async () => {
    const { root, workspace } = layout();
    const read = await readShareSource({
      access: { ...admin, allAccess: true },
      workspace,
      path: join(root, "host.txt"),
      maxBytes: 100,
      what: "file",
    });
    expect(read.ok && read.bytes.toString()).toBe("host file");
  });

  test("an all-access turn of an account that is not an administrator shares nothing", async () => {
    const { workspace } = layout();
    const read = await readShareSource({
      access: { ...user, allAccess: true },
      workspace,
      path: "in.txt",
      maxBytes: 100,
      what: "image",
    });
    expect(read).toEqual({
      ok: false,
      reason: "sharing a host image on an all-access turn is for administrators",
    });
  });

  test("takes a file of exactly the limit and refuses one byte more", async () => {
    const { workspace } = layout();
    const at = await readShareSource({
      access: user,
      workspace,
      path: "in.txt",
      maxBytes: 6,
      what: "file",
    });
    const past = await readShareSource({
      access: user,
      workspace,
      path: "in.txt",
      maxBytes: 5,
      what: "file",
    });
    expect(at.ok).toBe(true);
    expect(past).toEqual({ ok: false, reason: "the file is 6 bytes, more than the 5-byte limit" });
  });

  test("refuses a directory", async () => {
    const { root } = layout();
    const read = await readShareSource({
      access: user,
      workspace: root,
      path: "workspace",
      maxBytes: 100,
      what: "file",
    });
    expect(read).toEqual({ ok: false, reason: "workspace is not a regular file" });
  });
});
