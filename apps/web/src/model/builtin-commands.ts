import type { ElowenClient } from "@elowen/client";
import type { CommandCatalog, Session, SessionModels } from "@elowen/wire";

type Command = CommandCatalog["commands"][number];

/** The commands core owns and every client runs itself (mechanism `builtin`). */
export const WEB_BUILTINS = [
  "help",
  "new",
  "sessions",
  "rename",
  "status",
  "model",
  "cancel",
] as const;

/** What a builtin shows in the chat's panel (none for one that only acts, such as /new). */
export type BuiltinOutput =
  | { readonly kind: "text"; readonly title: string; readonly lines: readonly string[] }
  | { readonly kind: "commands"; readonly commands: readonly Command[] }
  | { readonly kind: "sessions"; readonly sessions: readonly Session[]; readonly current: string }
  | { readonly kind: "rename"; readonly session: Session }
  | { readonly kind: "models"; readonly sessionId: string; readonly models: SessionModels };

/** What running a builtin needs from the page. */
export interface BuiltinContext {
  readonly client: ElowenClient;
  readonly sessionId: string;
  readonly running: boolean;
  /** The catalog the person sees (for /help). */
  readonly catalog: () => Promise<readonly Command[]>;
  /** Opens a session's chat. */
  readonly open: (sessionId: string) => void;
  /** Tells the sessions list that a session was created or renamed. */
  readonly sessionsChanged: () => void;
}

/** The event the sessions list listens to (a builtin created or renamed a session). */
export const SESSIONS_CHANGED_EVENT = "elowen:sessions-changed";

/** True for a catalog row the web runs itself. */
export function isBuiltin(command: Pick<Command, "mechanism">): boolean {
  return command.mechanism === "builtin";
}

/**
 * Runs one of core's builtins in the browser, as the terminal client runs them: none becomes a
 * model turn. Resolves what to show, or undefined when the command only acted. Throws the client's
 * error when the daemon refused (the caller shows it).
 */
export async function runWebBuiltin(
  name: string,
  args: string,
  context: BuiltinContext,
): Promise<BuiltinOutput | undefined> {
  const { client, sessionId } = context;
  switch (name) {
    case "help":
      return { kind: "commands", commands: await context.catalog() };
    case "new": {
      const session = await client.sessions.create({});
      context.sessionsChanged();
      context.open(session.id);
      return undefined;
    }
    case "sessions": {
      const { sessions } = await client.sessions.list({ limit: 50 });
      return { kind: "sessions", sessions, current: sessionId };
    }
    case "rename": {
      const title = args.trim();
      if (title === "") return { kind: "rename", session: await client.sessions.get(sessionId) };
      await client.sessions.rename(sessionId, { title });
      context.sessionsChanged();
      return { kind: "text", title: "Renamed", lines: [`This session is now “${title}”.`] };
    }
    case "status":
      return { kind: "text", title: "Daemon status", lines: statusLines(await client.status()) };
    case "model": {
      const models = await client.sessions.models(sessionId);
      const wanted = args.trim();
      if (wanted === "") return { kind: "models", sessionId, models };
      const named = (m: { provider: string; id: string }) => `${m.provider}/${m.id}`;
      const found =
        models.models.find((m) => named(m) === wanted) ??
        models.models.find((m) => m.id === wanted);
      if (!found)
        return {
          kind: "text",
          title: "Model",
          lines: [
            `No model “${wanted}” here: /model lists the ${models.models.length} this session may run on.`,
          ],
        };
      const { current } = await client.sessions.setModel(sessionId, found);
      return {
        kind: "text",
        title: "Model",
        lines: [`This session now runs on ${current.label} from its next turn.`],
      };
    }
    case "cancel":
      if (!context.running)
        return { kind: "text", title: "Stop the turn", lines: ["No turn is running."] };
      await client.sessions.abort(sessionId, {});
      return undefined;
    default:
      return {
        kind: "text",
        title: `/${name}`,
        lines: [`/${name} is a core command this page does not know yet.`],
      };
  }
}

function statusLines(status: Awaited<ReturnType<ElowenClient["status"]>>): string[] {
  const { model } = status;
  return [
    `Core ${status.core.version} · ${status.admitsNewWork ? "accepting new turns" : "stopping"}`,
    `Model ${model.label}${model.offline ? "" : ` (${model.provider}/${model.id})`}`,
    `Plugins ${status.plugins.map((p) => `${p.name}${p.state === "refused" ? " (refused)" : ""}`).join(", ") || "none"}`,
    ...(status.mcp ? [`MCP ${status.mcp.map((m) => `${m.name}: ${m.status}`).join(", ")}`] : []),
  ];
}
