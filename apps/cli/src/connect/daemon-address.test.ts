import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CliError } from "../cli/cli-error.js";
import { resolveDaemonAddress } from "./daemon-address.js";

function home(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "elowen-cli-address-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe("resolveDaemonAddress", () => {
  test("reads the URL from daemon.json and the owner's token from the data directory", () => {
    const dir = home({
      "daemon.json": JSON.stringify({ url: "http://127.0.0.1:4321", pid: 42, startedAt: 1 }),
      "owner.token": "elw_owner\n",
    });
    expect(resolveDaemonAddress({}, { ELOWEN_HOME: dir })).toEqual({
      home: dir,
      url: "http://127.0.0.1:4321",
      source: "daemon.json",
      token: "elw_owner",
    });
  });

  test("falls back to the default port, or ELOWEN_PORT, when no daemon.json is there", () => {
    const dir = home();
    expect(resolveDaemonAddress({}, { ELOWEN_HOME: dir })).toMatchObject({
      url: "http://127.0.0.1:7457",
      source: "default",
      token: undefined,
    });
    expect(resolveDaemonAddress({}, { ELOWEN_HOME: dir, ELOWEN_PORT: "9000" })).toMatchObject({
      url: "http://127.0.0.1:9000",
    });
  });

  test("lets options win over the environment, and the environment over the files", () => {
    const dir = home({
      "daemon.json": JSON.stringify({ url: "http://127.0.0.1:1", pid: 1 }),
      "owner.token": "file",
    });
    expect(
      resolveDaemonAddress(
        {},
        { ELOWEN_HOME: dir, ELOWEN_URL: "http://elowen.example:8080/", ELOWEN_TOKEN: "env" },
      ),
    ).toMatchObject({ url: "http://elowen.example:8080", source: "env", token: "env" });
    expect(
      resolveDaemonAddress(
        { url: "https://other.example", token: "opt", home: dir },
        { ELOWEN_URL: "http://x.example", ELOWEN_TOKEN: "env" },
      ),
    ).toMatchObject({ url: "https://other.example", source: "option", token: "opt" });
  });

  test("ignores a daemon.json that is not what a daemon writes", () => {
    const dir = home({ "daemon.json": "{ not json" });
    expect(resolveDaemonAddress({}, { ELOWEN_HOME: dir })).toMatchObject({ source: "default" });
  });

  test.each([
    ["not a url", /--url must be an absolute http\(s\) URL/],
    ["ftp://example.com", /--url must be an http or https URL, not ftp/],
  ])("refuses --url %j naming the option and the rule", (url, message) => {
    expect(() => resolveDaemonAddress({ url, home: home() }, {})).toThrow(message);
    expect(() => resolveDaemonAddress({ url, home: home() }, {})).toThrow(CliError);
  });
});
