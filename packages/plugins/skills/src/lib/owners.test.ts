import { describe, expect, test } from "vitest";
import {
  type Actor,
  OWNER_REQUIRED_MESSAGE,
  type OwnerOperation,
  type OwnerSpec,
  parseOwnerBody,
  parseOwnerQuery,
  resolveOwner,
} from "./owners.js";

const USER: Actor = { userId: 7, isAdmin: false, isOwner: false, adminSession: false };
const ADMIN: Actor = { userId: 1, isAdmin: true, isOwner: false, adminSession: true };
const OWNER: Actor = { userId: 2, isAdmin: true, isOwner: true, adminSession: true };
const UNLINKED: Actor = { userId: null, isAdmin: false, isOwner: false, adminSession: false };

describe("the ?owner= query", () => {
  test.each([undefined, "", " ", "\t\n"])("is required: %j answers the exact message", (value) => {
    expect(parseOwnerQuery(value)).toEqual({
      ok: false,
      code: "owner-required",
      message: OWNER_REQUIRED_MESSAGE,
    });
    expect(OWNER_REQUIRED_MESSAGE).toBe('owner is required: "instance", "me" or an account id');
  });

  test.each([
    ["me", { kind: "me" }],
    ["instance", { kind: "instance" }],
    ["7", { kind: "account", userId: 7 }],
    ["9007199254740991", { kind: "account", userId: Number.MAX_SAFE_INTEGER }],
  ])("reads %j", (value, spec) => {
    expect(parseOwnerQuery(value)).toEqual(spec);
  });

  test.each([
    "Me",
    " me",
    "0",
    "07",
    "-1",
    "1.5",
    "1e3",
    "+3",
    "9007199254740992",
    "admin",
    "99999999999999999",
  ])("refuses %j as invalid owner syntax", (value) => {
    expect(parseOwnerQuery(value)).toMatchObject({ ok: false, code: "owner-invalid" });
  });
});

describe("a transfer's body owner", () => {
  test.each([
    ["me", { kind: "me" }],
    [null, { kind: "me" }],
    ["instance", { kind: "instance" }],
    [12, { kind: "account", userId: 12 }],
    ["12", { kind: "account", userId: 12 }],
  ])("reads %j", (value, spec) => {
    expect(parseOwnerBody(value)).toEqual(spec);
  });

  test("is required", () => {
    expect(parseOwnerBody(undefined)).toMatchObject({ code: "owner-required" });
    expect(parseOwnerBody(" ")).toMatchObject({ code: "owner-required" });
  });

  test.each([0, -3, 1.5, Number.MAX_SAFE_INTEGER + 1, true, {}, "x"])("refuses %j", (value) => {
    expect(parseOwnerBody(value)).toMatchObject({ code: "owner-invalid" });
  });
});

describe("resolving an owner", () => {
  const exists = async (id: number) => id !== 404;
  const cases: [string, OwnerSpec, Actor, OwnerOperation, unknown][] = [
    [
      "me is the actor's own folder",
      { kind: "me" },
      USER,
      "create",
      { kind: "personal", userId: 7 },
    ],
    [
      "the actor's own id is its own folder",
      { kind: "account", userId: 7 },
      USER,
      "delete",
      { kind: "personal", userId: 7 },
    ],
    [
      "another account is administrator-only",
      { kind: "account", userId: 8 },
      USER,
      "edit",
      { code: "forbidden" },
    ],
    [
      "an administrator may name another account",
      { kind: "account", userId: 8 },
      ADMIN,
      "edit",
      { kind: "personal", userId: 8 },
    ],
    [
      "a missing account is refused",
      { kind: "account", userId: 404 },
      ADMIN,
      "create",
      { code: "account-missing" },
    ],
    [
      "an unlinked turn has no personal target",
      { kind: "me" },
      UNLINKED,
      "create",
      { code: "no-personal-target" },
    ],
    [
      "instance edits are administrator-only",
      { kind: "instance" },
      USER,
      "edit",
      { code: "forbidden" },
    ],
    [
      "an administrator edits instance skills",
      { kind: "instance" },
      ADMIN,
      "edit",
      { kind: "instance" },
    ],
    [
      "instance creation is instance-owner-only",
      { kind: "instance" },
      ADMIN,
      "create",
      { code: "forbidden" },
    ],
    [
      "the instance owner creates instance skills",
      { kind: "instance" },
      OWNER,
      "create",
      { kind: "instance" },
    ],
    [
      "instance deletion needs an administrator session",
      { kind: "instance" },
      { ...ADMIN, adminSession: false },
      "delete",
      { code: "forbidden" },
    ],
    [
      "an administrator session deletes instance skills",
      { kind: "instance" },
      ADMIN,
      "delete",
      { kind: "instance" },
    ],
  ];
  test.each(cases)("%s", async (_label, spec, actor, operation, expected) => {
    expect(await resolveOwner(spec, actor, operation, exists)).toMatchObject(expected as object);
  });

  test("checks administrator status before asking whether another account exists", async () => {
    const asked: number[] = [];
    const probe = async (id: number) => {
      asked.push(id);
      return true;
    };
    await resolveOwner({ kind: "account", userId: 8 }, USER, "edit", probe);
    expect(asked).toEqual([]);
    await resolveOwner({ kind: "account", userId: 8 }, ADMIN, "edit", probe);
    expect(asked).toEqual([8]);
  });

  test("refuses the actor's own folder when its account no longer exists", async () => {
    expect(
      await resolveOwner({ kind: "me" }, { ...USER, userId: 404 }, "create", exists),
    ).toMatchObject({ code: "account-missing" });
  });
});
