import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ElowenClient, parseEntryData, type ToolResultEntryData } from "@elowen/client";
// The daemon depends on this plugin (it bundles it), so a dependency back on @elowen/daemon would
// make a package cycle. These tests load its build by path instead; this package's turbo.json
// orders @elowen/daemon#build before its typecheck and tests.
import type { ElowenConfigInput, RunningDaemon } from "../../../../apps/daemon/dist/index.js";

const daemonModule = new URL("../../../../apps/daemon/dist/index.js", import.meta.url).href;
const { startDaemon } = (await import(
  daemonModule
)) as typeof import("../../../../apps/daemon/dist/index.js");

/** This package's directory: the daemon loads the plugin from it, through its manifest's entry. */
export const PLUGIN_DIR = new URL("..", import.meta.url).pathname;

/** One account of the test instance, with its token and a web client. */
export interface Account {
  readonly id: number;
  readonly token: string;
  /** A client that says it is the web (`x-elowen-surface: web`), as the browser client does. */
  readonly client: ElowenClient;
}

/** A raw answer: the status, the body text and its JSON. */
export interface Answer {
  readonly status: number;
  readonly text: string;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON came back.
  readonly json: any;
}

/** A real daemon with this plugin, and the four accounts the tests act as. */
export interface SkillsDaemon {
  readonly daemon: RunningDaemon;
  readonly home: string;
  /** The plugin's data directory (`<home>/plugins-data/skills`). */
  readonly dataDir: string;
  /** The instance owner. */
  readonly owner: Account;
  /** An administrator who is not the owner. */
  readonly admin: Account;
  /** Two plain users. */
  readonly ada: Account;
  readonly bob: Account;
  readonly lines: string[];
  /** A raw HTTP request as `who` (null: no token). */
  request(who: Account | null, method: string, path: string, body?: unknown): Promise<Answer>;
  stop(remove?: boolean): Promise<void>;
}

/** A fresh data directory. */
export function tempHome(): string {
  return mkdtempSync(join(tmpdir(), "plugin-skills-e2e-"));
}

function webClient(url: string, token: string): ElowenClient {
  return new ElowenClient({
    baseUrl: url,
    token,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("x-elowen-surface", "web");
      return fetch(input, { ...init, headers });
    },
  });
}

/**
 * Starts a daemon on `home` with only this plugin (the operator consenting to its
 * `turnContext`), the offline model playing `script`, and an owner, an administrator and two
 * users, each with a token.
 */
export async function startSkillsDaemon(
  options: {
    readonly script?: string;
    readonly config?: ElowenConfigInput;
    readonly home?: string;
  } = {},
): Promise<SkillsDaemon> {
  const home = options.home ?? tempHome();
  const script = join(home, "script.yaml");
  writeFileSync(script, options.script ?? "turns: []\n");
  const lines: string[] = [];
  const daemon = await startDaemon({
    home,
    env: {},
    writeDaemonFile: false,
    log: (line: string) => lines.push(line),
    config: {
      ...options.config,
      server: { port: 0 },
      model: { script },
      plugins: {
        bundled: false,
        dirs: [PLUGIN_DIR],
        consent: { "@elowen/plugin-skills": { mutates: ["turnContext"] } },
        ...options.config?.plugins,
      },
    },
  });
  const ownerToken = readFileSync(daemon.ownerTokenFile, "utf8").trim();
  const root = webClient(daemon.url, ownerToken);
  const me = await root.me();
  const account = async (name: string, role: "admin" | "user"): Promise<Account> => {
    const created = await root.accounts.create({ name, role });
    const { token } = await root.accounts.issueToken(created.id);
    return { id: created.id, token, client: webClient(daemon.url, token) };
  };
  const owner = { id: me.account.id, token: ownerToken, client: root };
  const admin = await account("admin", "admin");
  const ada = await account("ada", "user");
  const bob = await account("bob", "user");
  return {
    daemon,
    home,
    dataDir: join(home, "plugins-data", "skills"),
    owner,
    admin,
    ada,
    bob,
    lines,
    async request(who, method, path, body) {
      const response = await fetch(`${daemon.url}${path}`, {
        method,
        headers: {
          ...(who ? { authorization: `Bearer ${who.token}` } : {}),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined
          ? {}
          : { body: typeof body === "string" ? body : JSON.stringify(body) }),
      });
      const text = await response.text();
      let json: unknown;
      try {
        json = text === "" ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, text, json };
    },
    async stop(remove = false) {
      await daemon.stop();
      if (remove) rmSync(home, { recursive: true, force: true });
    },
  };
}

/** The SKILL.md of a personal skill (`owner` an account id) or an instance skill, if present. */
export function skillFile(
  t: SkillsDaemon,
  owner: number | "instance",
  name: string,
): string | undefined {
  const dir =
    owner === "instance" ? join(t.dataDir, "instance") : join(t.dataDir, "personal", String(owner));
  const file = join(dir, name, "SKILL.md");
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}

/** Runs one turn in a new session of `who` and waits for the skill review it may have offered. */
export async function turn(t: SkillsDaemon, who: Account, text: string) {
  const session = await who.client.sessions.create();
  const reply = await who.client.sessions.submitTurn(session.id, { text, waitForSettle: true });
  await t.daemon.host.learning.idle();
  const { entries } = await who.client.sessions.history(session.id);
  const parsed = entries.flatMap((entry) => {
    const data = parseEntryData(entry);
    return data ? [data] : [];
  });
  const user = parsed.find((e) => e.kind === "user");
  return {
    session,
    reply,
    /** What the model read of the person's text. */
    modelText: user?.kind === "user" ? (user.data.modelText ?? user.data.text) : undefined,
    results: parsed.flatMap((e): ToolResultEntryData[] =>
      e.kind === "tool_result" ? [e.data] : [],
    ),
  };
}

/** The text of a tool result entry. */
export function resultText(result: ToolResultEntryData | undefined): string {
  return (result?.content ?? []).map((block) => (block.type === "text" ? block.text : "")).join("");
}
