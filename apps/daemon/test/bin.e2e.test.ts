import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ElowenClient } from "@elowen/client";
import { describe, expect, test } from "vitest";
import { spawnNode } from "./helpers/child.js";
import { tempHomes } from "./helpers/temp-homes.js";
import { fixturePlugin } from "./helpers/test-daemon.js";

const bin = join(import.meta.dirname, "..", "dist", "bin.js");
const home = tempHomes();

describe("elowen-daemon (the real bin)", () => {
  test("starts on its defaults; a second process signs in and reads status and the command catalog", async () => {
    const dir = home();
    const daemon = spawnNode([bin], { ELOWEN_HOME: dir, ELOWEN_PORT: "0", ELOWEN_HOST: "" });
    try {
      const listening = await daemon.waitFor((line) =>
        line.startsWith("Elowen daemon listening on "),
      );
      await daemon.waitFor((line) => line.startsWith("Sign in with the owner token in "));
      expect(daemon.lines).toContain(`Data directory: ${dir}`);
      expect(listening).toMatch(
        /^Elowen daemon listening on http:\/\/127\.0\.0\.1:\d+ \(offline model/,
      );
      const file = JSON.parse(readFileSync(join(dir, "daemon.json"), "utf8"));
      expect(file.pid).toBe(daemon.process.pid);
      // Only the operator may read the owner's token and the daemon file.
      expect(statSync(join(dir, "owner.token")).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, "daemon.json")).mode & 0o777).toBe(0o600);
      const token = readFileSync(join(dir, "owner.token"), "utf8").trim();
      const client = new ElowenClient({ baseUrl: file.url, token });
      const status = await client.status();
      expect(status.model.offline).toBe(true);
      expect(status.admitsNewWork).toBe(true);
      const { commands } = await client.commands("cli");
      expect(commands.map((c) => c.name)).toContain("help");
      await expect(new ElowenClient({ baseUrl: file.url }).status()).rejects.toMatchObject({
        status: 401,
      });
    } finally {
      daemon.process.kill("SIGTERM");
    }
    expect(await daemon.exited()).toEqual({ code: 0, signal: null });
    expect(existsSync(join(dir, "daemon.json"))).toBe(false);
  });

  test.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)(
    "a second %s exits at once (code %i) while plugin.shutdown hooks still run",
    async (signal, code) => {
      const dir = home();
      writeFileSync(
        join(dir, "elowen.yaml"),
        `plugins:\n  bundled: false\n  dirs: [${JSON.stringify(fixturePlugin("hang-shutdown"))}]\n`,
      );
      const daemon = spawnNode([bin], { ELOWEN_HOME: dir, ELOWEN_PORT: "0" });
      await daemon.waitFor((line) => line.startsWith("Press Ctrl-C"));
      daemon.process.kill(signal);
      for (let i = 0; i < 200 && !daemon.stderr().includes("stopping"); i += 1)
        await new Promise((r) => setTimeout(r, 5));
      daemon.process.kill(signal);
      expect(await daemon.exited()).toEqual({ code, signal: null });
      expect(daemon.stderr()).toContain(`${signal} again, exiting now`);
    },
  );

  test("an invalid config stops start-up listing every problem, and nothing is written", async () => {
    const dir = home();
    writeFileSync(
      join(dir, "elowen.yaml"),
      "server:\n  port: -1\n  host: 'not a host!'\nstore:\n  kind: mongodb\n",
    );
    const daemon = spawnNode([bin], { ELOWEN_HOME: dir });
    expect((await daemon.exited()).code).toBe(78);
    expect(daemon.stderr()).toMatch(/invalid configuration in .*elowen\.yaml:/);
    for (const path of ["server.port", "server.host", "store.kind"])
      expect(daemon.stderr()).toContain(`  - ${path}: `);
    expect(readdirSync(dir)).toEqual(["elowen.yaml"]);
  });
});
