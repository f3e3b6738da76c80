import { describe, expect, test } from "vitest";
import { parseRoute, routeHref } from "../ui/router.js";
import { argsSummary } from "../ui/tool-row.js";
import { EventCursor, parseEventId } from "./event-cursor.js";
import { ownerBody, ownerOfSource, ownerQuery, parseOwnerChoice } from "./skill-owner.js";
import { browserTokenStorage, checkToken, TOKEN_KEY } from "./token-store.js";

describe("explicit skill owners", () => {
  test.each([
    [null, "me"],
    ["instance" as const, "instance"],
    [1, "1"],
    [Number.MAX_SAFE_INTEGER, String(Number.MAX_SAFE_INTEGER)],
  ])("serializes %j as owner=%s", (owner, query) => {
    expect(ownerQuery(owner)).toBe(query);
  });

  test.each([0, -1, 2.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN])(
    "refuses %d as an account id, naming owner",
    (owner) => {
      expect(() => ownerQuery(owner)).toThrow(
        /^owner must be null \(me\), "instance" or a positive integer account id/,
      );
      expect(() => ownerBody(owner)).toThrow(/^owner must be/);
    },
  );

  test("keeps null as JSON null in a transfer body (the daemon reads it as me)", () => {
    expect(JSON.stringify({ owner: ownerBody(null) })).toBe('{"owner":null}');
  });

  test.each([
    ["me", null],
    ["instance", "instance"],
    [" 42 ", 42],
    ["042", undefined],
    ["0", undefined],
    ["-1", undefined],
    ["99999999999999999", undefined],
    ["", undefined],
  ])("reads the form choice %j as %j", (text, owner) => {
    expect(parseOwnerChoice(text)).toBe(owner);
  });

  test("maps a row's source to the owner that manages it; bundled and plugin skills have none", () => {
    expect([
      ownerOfSource("personal"),
      ownerOfSource("instance"),
      ownerOfSource("bundled"),
      ownerOfSource("plugin"),
    ]).toEqual([null, "instance", undefined, undefined]);
  });
});

describe("tokens", () => {
  test.each([
    [
      "",
      "token is required: paste the owner token (`cat ~/.elowen/owner.token` prints it) or an account token",
    ],
    [
      "   ",
      "token is required: paste the owner token (`cat ~/.elowen/owner.token` prints it) or an account token",
    ],
    ["x".repeat(513), "token is at most 512 characters, received 513"],
    ["elw_abc def", "token holds only letters, digits and . _ ~ + / = -"],
    ["elw_<script>", "token holds only letters, digits and . _ ~ + / = -"],
  ])("refuses %j: %s", (value, message) => {
    expect(checkToken(value)).toEqual({ ok: false, message });
  });

  test("accepts a token at the 512-character limit, trimmed", () => {
    expect(checkToken(` ${"a".repeat(512)}\n`)).toEqual({ ok: true, token: "a".repeat(512) });
  });

  test("keeps a token for the tab, or for the browser when asked, and signing out forgets both", () => {
    const memory = () => {
      const map = new Map<string, string>();
      return {
        getItem: (k: string) => map.get(k) ?? null,
        setItem: (k: string, v: string) => void map.set(k, v),
        removeItem: (k: string) => void map.delete(k),
        map,
      };
    };
    const session = memory();
    const local = memory();
    const tokens = browserTokenStorage(session as unknown as Storage, local as unknown as Storage);
    tokens.write("elw_a", false);
    expect([session.map.get(TOKEN_KEY), local.map.get(TOKEN_KEY)]).toEqual(["elw_a", undefined]);
    tokens.write("elw_b", true);
    expect([session.map.get(TOKEN_KEY), local.map.get(TOKEN_KEY)]).toEqual(["elw_b", "elw_b"]);
    session.map.clear();
    expect(tokens.read()).toBe("elw_b");
    tokens.clear();
    expect(tokens.read()).toBeUndefined();
  });
});

describe("event ids", () => {
  test("applies an id once, in order, and starts over for another boot", () => {
    const cursor = new EventCursor();
    expect(
      ["a.1", "a.2", "a.2", "a.1", "b.1", "b.1", "a.3"].map((id) => cursor.accept(id)),
    ).toEqual([true, true, false, false, true, false, true]);
    expect(cursor.lastId).toBe("a.3");
  });

  test("always accepts an id it cannot order", () => {
    const cursor = new EventCursor();
    expect([cursor.accept(""), cursor.accept(""), cursor.accept("opaque")]).toEqual([
      true,
      true,
      true,
    ]);
    expect(parseEventId("a.b.1")).toBeUndefined();
  });
});

describe("routes", () => {
  test.each([
    ["#/", { page: "chat" }],
    [`#/s/s_${"a".repeat(20)}`, { page: "chat", sessionId: `s_${"a".repeat(20)}` }],
    ["#/skills", { page: "skills" }],
    ["#/status", { page: "status" }],
    ["#/mcp", { page: "mcp" }],
    ["#/plugins", { page: "plugins" }],
    ["#/plugins/%40acme%2Fnotes", { page: "plugin", plugin: "@acme/notes" }],
    ["#/plugins/%40acme%2Fnotes/main", { page: "plugin", plugin: "@acme/notes", view: "main" }],
  ])("reads %s and writes it back", (hash, route) => {
    expect(parseRoute(hash)).toEqual(route);
    expect(routeHref(parseRoute(hash))).toBe(hash === "#/" ? "#/" : hash);
  });

  test("sends anything else to the chat page", () => {
    expect(parseRoute("#/s/not-a-session")).toEqual({ page: "chat" });
    expect(parseRoute("#/../../etc")).toEqual({ page: "chat" });
  });
});

describe("argument summaries", () => {
  test("is one line of at most 120 characters", () => {
    expect(argsSummary({ command: "ls\n-la" })).toBe('{"command":"ls\\n-la"}');
    const long = argsSummary({ text: "x".repeat(500) });
    expect(long).toHaveLength(120);
    expect(long.endsWith("…")).toBe(true);
    expect(argsSummary("a  b\n c")).toBe("a b c");
    expect(argsSummary(undefined)).toBe("");
  });
});
