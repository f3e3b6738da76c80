import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ElowenClient } from "@elowen/client";
import { afterEach } from "vitest";
import { type Child, spawnNode } from "./child.js";
import { scriptFile } from "./live-events.js";
import { tempHomes } from "./temp-homes.js";
import { fixturePlugin } from "./test-daemon.js";

/** One daemon process (the built bin) of a {@link postgresProcesses} cluster. */
export interface DaemonProcess {
  readonly child: Child;
  readonly home: string;
  readonly url: string;
  /** The owner's token (every instance on the database signs its owner token for one account). */
  readonly token: string;
  /** A client with the owner's token. */
  readonly client: ElowenClient;
}

/** What one process runs: its offline script and fixture plugins with their `plugins:` config. */
export interface DaemonProcessOptions {
  readonly script: string;
  /** Fixture plugin names, loaded from their folders (bundled plugins are off). */
  readonly plugins: readonly string[];
  /** More YAML lines under `plugins:` (consent, settings), each indented by two spaces. */
  readonly pluginLines: readonly string[];
}

/**
 * A starter of daemon processes (`dist/bin.js`, so the package must be built) on one PostgreSQL
 * database with a short lease (1.5 s), each in its own temporary home. Processes still running
 * after a test are killed (SIGKILL) and their homes removed.
 */
export function postgresProcesses(database: {
  readonly url: string;
}): (options: DaemonProcessOptions) => Promise<DaemonProcess> {
  const bin = join(import.meta.dirname, "..", "..", "dist", "bin.js");
  const home = tempHomes();
  const children: Child[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.process.exitCode === null && child.process.signalCode === null) {
        child.process.kill("SIGKILL");
        await child.exited();
      }
    }
  });
  return async ({ script, plugins, pluginLines }) => {
    const dir = home();
    writeFileSync(
      join(dir, "elowen.yaml"),
      [
        "store:",
        "  kind: postgres",
        `  url: ${JSON.stringify(database.url)}`,
        "  poolSize: 4",
        "  leaseMs: 1500",
        "model:",
        `  script: ${JSON.stringify(scriptFile(dir, script))}`,
        "plugins:",
        "  bundled: false",
        `  dirs: [${plugins.map((name) => JSON.stringify(fixturePlugin(name))).join(", ")}]`,
        ...pluginLines,
        "",
      ].join("\n"),
    );
    const child = spawnNode([bin], { ELOWEN_HOME: dir, ELOWEN_PORT: "0", ELOWEN_HOST: "" });
    children.push(child);
    await child.waitFor((line) => line.startsWith("Press Ctrl-C"));
    const { url } = JSON.parse(readFileSync(join(dir, "daemon.json"), "utf8"));
    const token = readFileSync(join(dir, "owner.token"), "utf8").trim();
    return { child, home: dir, url, token, client: new ElowenClient({ baseUrl: url, token }) };
  };
}
