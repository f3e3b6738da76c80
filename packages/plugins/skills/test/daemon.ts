import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ElowenClient } from "@elowen/client";
// @elowen/daemon is a devDependency back on the host that bundles this plugin; this package's
// turbo.json lists its build's dependencies by name to keep that out of ^build (a task cycle).
import { startTestDaemon, type TestDaemon, type TestDaemonOptions } from "@elowen/daemon/testing";
import { parseEntryData, type ToolResultEntryData } from "@elowen/wire";

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

/** What a skills daemon plays: the offline script (default no turns) and config overrides. */
export interface SkillsDaemonOptions {
  readonly script?: string;
  readonly config?: TestDaemonOptions["config"];
}

/** A real daemon with this plugin, and the four accounts the tests act as. */
export interface SkillsDaemon {
  readonly daemon: TestDaemon["daemon"];
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
  readonly lines: readonly string[];
  /** A raw HTTP request as `who` (null: no token). */
  request(who: Account | null, method: string, path: string, body?: unknown): Promise<Answer>;
  /** Restarts on the same data (the same accounts and tokens) with `options` instead. */
  restart(options?: SkillsDaemonOptions): Promise<SkillsDaemon>;
  /** Stops the daemon and removes its data directory. */
  close(): Promise<void>;
}

/** The harness options: only this plugin, the operator consenting to its `turnContext`. */
function harnessOptions(options: SkillsDaemonOptions): TestDaemonOptions {
  return {
    plugins: [PLUGIN_DIR],
    script: options.script ?? "turns: []\n",
    config: {
      ...options.config,
      plugins: {
        consent: { "@elowen/plugin-skills": { mutates: ["turnContext"] } },
        ...options.config?.plugins,
      },
    },
  };
}

/**
 * Starts a daemon with only this plugin (the operator consenting to its `turnContext`), the
 * offline model playing `script`, and an owner, an administrator and two users, each with a token.
 */
export async function startSkillsDaemon(options: SkillsDaemonOptions = {}): Promise<SkillsDaemon> {
  const t = await startTestDaemon(harnessOptions(options));
  const me = await t.owner.me();
  const web = { surface: "web" } as const;
  return wrap(t, {
    owner: { id: me.account.id, token: t.ownerToken },
    admin: await t.createAccount("admin", { role: "admin", ...web }),
    ada: await t.createAccount("ada", web),
    bob: await t.createAccount("bob", web),
  });
}

type Tokens = Record<"owner" | "admin" | "ada" | "bob", Pick<Account, "id" | "token">>;

function wrap(t: TestDaemon, tokens: Tokens): SkillsDaemon {
  const account = ({ id, token }: Pick<Account, "id" | "token">): Account => ({
    id,
    token,
    client: new ElowenClient({ baseUrl: t.url, token, surface: "web" }),
  });
  return {
    daemon: t.daemon,
    home: t.home,
    dataDir: join(t.home, "plugins-data", "skills"),
    owner: account(tokens.owner),
    admin: account(tokens.admin),
    ada: account(tokens.ada),
    bob: account(tokens.bob),
    lines: t.lines,
    async request(who, method, path, body) {
      const response = await fetch(`${t.url}${path}`, {
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
    async restart(options = {}) {
      return wrap(await t.restart(harnessOptions(options)), tokens);
    },
    close: () => t.close(),
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
