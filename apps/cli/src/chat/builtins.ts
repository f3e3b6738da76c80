import { modelLabel } from "../cli/model-label.js";
import { formatTimestamp } from "../cli/table.js";
import type { BuiltinContext } from "./builtin-context.js";
import type { CatalogCommand } from "./catalog-command.js";
import { chooseLogin } from "./login-picker.js";

/**
 * Runs core's builtin commands locally (mechanism `builtin`): /help, /new, /sessions, /rename,
 * /status, /model, /cancel, and this terminal's own /login. None creates a model turn.
 */
export async function runBuiltin(
  command: CatalogCommand,
  args: string,
  context: BuiltinContext,
): Promise<void> {
  const { session, screen } = context;
  const notice = (text: string) => screen.showNotice({ level: "info", text });
  switch (command.name) {
    case "help":
      return notice(helpText(session.commands));
    case "new": {
      const opened = await session.open({ fresh: true });
      screen.view.toBottom();
      screen.showNotice(undefined);
      return notice(`Started a new session (${opened.id}).`);
    }
    case "sessions": {
      const { sessions } = await session.client.sessions.list({ limit: 100 });
      context.pickers.openLocal(
        "sessions",
        {
          title: "Sessions",
          items: sessions.map((s) => ({
            id: s.id,
            label: s.title ?? "(untitled)",
            description: `${formatTimestamp(s.updatedAt)} · ${s.id}`,
            ...(s.id === session.id ? { hint: "open" } : {}),
          })),
          emptyText: "No sessions yet.",
        },
        async (itemId) => {
          await session.open({ sessionId: itemId });
          screen.view.toBottom();
          screen.showNotice(undefined);
        },
      );
      return;
    }
    case "rename": {
      const title = args.trim();
      if (title === "") return notice("Usage: /rename <title>");
      const id = session.id;
      if (!id) return;
      session.session = await session.client.sessions.rename(id, { title });
      return notice(`Renamed this session to “${title}”.`);
    }
    case "status": {
      const status = await session.client.status();
      return notice(
        [
          `Core ${status.core.version} · ${status.admitsNewWork ? "accepting new turns" : "stopping"}`,
          `Model ${modelLabel(status.model)}`,
          `Plugins ${status.plugins.map((p) => `${p.name}${p.state === "refused" ? " (refused)" : ""}`).join(", ") || "none"}`,
          ...(status.mcp
            ? [`MCP ${status.mcp.map((m) => `${m.name}: ${m.status}`).join(", ")}`]
            : []),
        ].join("\n"),
      );
    }
    case "model":
      return chooseModel(args.trim(), context);
    case "login":
      if (context.home === undefined)
        return notice("/login needs the data directory; run `elowen login <provider>` instead.");
      return chooseLogin(args.trim(), { ...context, home: context.home, env: context.env ?? {} });
    case "cancel":
      if (!session.activity.running) return notice("No turn is running.");
      return session.abort();
    default:
      return notice(`/${command.name} is a core command this terminal does not know yet.`);
  }
}

/**
 * /model: a picker of the models the session may run on (the current one marked), or with an
 * argument (`provider/id`, or an id alone) a switch to that model. Either takes effect from the
 * session's next turn and is kept with the session.
 */
async function chooseModel(wanted: string, context: BuiltinContext): Promise<void> {
  const { session, screen } = context;
  const { current, models } = await session.models();
  const name = (m: { provider: string; id: string }) => `${m.provider}/${m.id}`;
  const choose = async (choice: (typeof models)[number]) => {
    const chosen = await session.chooseModel(choice);
    screen.showNotice({
      level: "info",
      text: `This session now runs on ${chosen.label} from its next turn.`,
    });
  };
  if (wanted !== "") {
    const found = models.find((m) => name(m) === wanted) ?? models.find((m) => m.id === wanted);
    if (found) return choose(found);
    return screen.showNotice({
      level: "error",
      text: `no model "${wanted}" here: /model lists the ${models.length} this session may run on`,
    });
  }
  context.pickers.openLocal(
    "model",
    {
      title: "Models",
      items: models.map((m) => ({
        id: name(m),
        label: m.label,
        description: name(m),
        ...(name(m) === name(current) ? { hint: "current" } : {}),
      })),
      emptyText: "No models.",
    },
    async (itemId) => {
      const found = models.find((m) => name(m) === itemId);
      if (found) await choose(found);
    },
  );
}

/** The keys of the chat, as /help lists them. */
const HELP_KEYS = [
  ["Enter", "send (or run the command)"],
  ["Alt+Enter", "new line"],
  ["Tab", "complete"],
  ["PgUp/PgDn, wheel", "scroll"],
  ["End", "back to the newest"],
  ["Ctrl+O", "expand answers"],
  ["Ctrl+C", "stop the turn; twice quits"],
  ["Ctrl+D", "quit"],
] as const;

/** /help: the commands and the keys, each in two aligned columns. */
export function helpText(commands: readonly CatalogCommand[]): string {
  const names = commands.map((c) => `/${c.name}${c.argumentHint ? ` ${c.argumentHint}` : ""}`);
  const width = Math.max(0, ...names.map((n) => n.length), ...HELP_KEYS.map(([k]) => k.length));
  return [
    "Commands",
    ...commands.map(
      (c, i) =>
        `  ${(names[i] ?? "").padEnd(width)}  ${c.description}${c.adminOnly ? " (administrators)" : ""}`,
    ),
    "",
    "Keys",
    ...HELP_KEYS.map(([key, what]) => `  ${key.padEnd(width)}  ${what}`),
  ].join("\n");
}
