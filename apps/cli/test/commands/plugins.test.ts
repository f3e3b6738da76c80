import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EXIT_CODES } from "../../src/cli/exit-codes.js";
import { runCli } from "../../src/cli/run-cli.js";
import { startCliDaemon, type TestDaemon } from "../support/daemon.js";
import { recordingIo } from "./io.js";

let t: TestDaemon;
let folder: string;
beforeAll(async () => {
  t = await startCliDaemon({ bundled: false });
  folder = join(mkdtempSync(join(tmpdir(), "elowen-cli-plugin-")), "acme-cli");
  mkdirSync(folder);
  writeFileSync(
    join(folder, "package.json"),
    JSON.stringify({
      name: "acme-cli",
      version: "1.0.0",
      type: "module",
      elowen: { core: "^0.30.0", sharedApi: 14, capabilities: { mutates: ["turnContext"] } },
    }),
  );
  writeFileSync(join(folder, "index.js"), "export default { register() {} };\n");
});
afterAll(() => t.close());

async function elowen(args: string[], answer?: string) {
  const io = recordingIo({ ELOWEN_HOME: t.home });
  const asked: string[] = [];
  const withAsk =
    answer === undefined
      ? io
      : {
          ...io,
          ask: async (q: string) => {
            asked.push(q);
            return answer;
          },
        };
  const code = await runCli(args, withAsk);
  return { code, out: io.out(), err: io.err(), asked };
}

describe("elowen plugins", () => {
  test("without a terminal to ask and without --yes, nothing is installed and the message says how to consent", async () => {
    const run = await elowen(["plugins", "add", folder]);
    expect(run.code).toBe(EXIT_CODES.failure);
    expect(run.err).toContain(
      "acme-cli@1.0.0 asks for turnContext; run again with --yes to consent",
    );
    expect((await elowen(["plugins"])).out).toBe("No plugins are installed.\n");
  });

  test("a person who answers no installs nothing", async () => {
    const run = await elowen(["plugins", "add", folder], "n");
    expect(run.asked).toEqual(["acme-cli@1.0.0 asks for turnContext. Consent? [y/N] "]);
    expect(run.code).toBe(EXIT_CODES.failure);
    expect(run.err).toBe("Nothing was installed.\n");
  });

  test("a person who consents installs it, and it loads at once", async () => {
    const run = await elowen(["plugins", "add", folder], "y");
    expect(run.code).toBe(0);
    expect(run.out).toBe(
      "Installed acme-cli@1.0.0 (elowen).\nCapabilities: turnContext (new: turnContext)\nLoaded: yes.\n",
    );
    const list = await elowen(["plugins", "list"]);
    expect(list.out).toMatch(
      /^NAME\s+VERSION\s+FORMAT\s+STATE\s+CONSENT\s+SPEC\nacme-cli\s+1\.0\.0\s+elowen\s+loaded\s+turnContext\s+\//,
    );
    const json = JSON.parse((await elowen(["plugins", "--json"])).out);
    expect(json.plugins[0]).toMatchObject({
      name: "acme-cli",
      integrity: expect.stringMatching(/^sha512-/),
    });
  });

  test("update --yes and remove say a restart is needed for a loaded plugin", async () => {
    const update = await elowen(["plugins", "update", "acme-cli", "--yes"]);
    expect(update.out).toContain("Updated acme-cli 1.0.0 → 1.0.0 (elowen).");
    expect(update.out).toContain(
      "Loaded: no: a loaded plugin is not swapped while the daemon runs",
    );
    const remove = await elowen(["plugins", "remove", "acme-cli"]);
    expect(remove.out).toBe(
      "Removed acme-cli@1.0.0 (acme-cli stays loaded until the daemon restarts).\n",
    );
    const again = await elowen(["plugins", "remove", "acme-cli"]);
    expect(again.code).toBe(EXIT_CODES.notFound);
    expect(again.err).toContain("acme-cli is not installed");
  });

  test("an unknown action is a usage error naming the actions", async () => {
    const run = await elowen(["plugins", "install", "x"]);
    expect(run.code).toBe(EXIT_CODES.usage);
    expect(run.err).toContain(
      'unknown plugins action "install": expected list, add, update or remove',
    );
  });
});
