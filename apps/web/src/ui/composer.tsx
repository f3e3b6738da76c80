import { type CommandCatalog, SubmitTurnBodySchema } from "@elowen/wire";
import { useEffect, useMemo, useState } from "preact/hooks";
import {
  type BuiltinOutput,
  isBuiltin,
  runWebBuiltin,
  SESSIONS_CHANGED_EVENT,
} from "../model/builtin-commands.js";
import { PromptBoxModel } from "../model/prompt-box.js";
import { failureText } from "./alert.js";
import { useApp } from "./app-context.js";
import { BuiltinPanel } from "./builtin-panel.js";
import { CommandMenu } from "./command-menu.js";
import { PickerDialog } from "./picker-dialog.js";
import { PromptField } from "./prompt-field.js";
import { navigate } from "./router.js";
import { SkillsPicker } from "./skills-picker.js";

type Command = CommandCatalog["commands"][number];

const EMPTY = { text: "", cursor: 0 };

/**
 * The prompt box: Enter sends (Shift+Enter is a new line), checked against the turn body's rules
 * before sending; a prompt a hook dropped shows the hook's reason; a queued one says how many
 * wait before it; Stop ends the running turn. Typing `/` at the start offers the command catalog
 * (fetched each time it opens); a picker command opens its picker instead of sending a turn. The
 * box raises the prompt-box chains through `box` (`PromptBoxModel`), as the CLI's does:
 * hooked edits, changes and autocomplete rows, plugins' fills and dim suggestions (Tab or Right).
 */
export function Composer({
  sessionId,
  running,
  box: given,
}: {
  readonly sessionId: string;
  readonly running: boolean;
  /** The session's prompt box; without one the composer keeps its own (no plugin requests reach it). */
  readonly box?: PromptBoxModel;
}) {
  const { client } = useApp();
  const own = useMemo(
    () => (given ? undefined : new PromptBoxModel(client, sessionId)),
    [given, client, sessionId],
  );
  const box = given ?? (own as PromptBoxModel);
  const [, setVersion] = useState(0);
  const [message, setMessage] = useState<{ kind: "error" | "info"; text: string }>();
  const [busy, setBusy] = useState(false);
  const [picker, setPicker] = useState<{ name: string; args: string }>();
  const [panel, setPanel] = useState<BuiltinOutput>();

  useEffect(() => {
    const stop = box.subscribe(() => setVersion((v) => v + 1));
    if (own) void own.refresh().catch(() => {});
    return stop;
  }, [box, own]);
  useEffect(() => {
    box.turnRunning = running;
    box.dialogOpen = picker !== undefined;
  }, [box, running, picker]);

  const text = box.box.text;

  const send = async () => {
    const body = SubmitTurnBodySchema.safeParse({ text });
    if (!body.success) {
      setMessage({ kind: "error", text: `text: ${body.error.issues[0]?.message ?? "invalid"}` });
      return;
    }
    const picked = /^\/([a-z0-9][a-z0-9-]{0,31})(?:\s+([\s\S]*))?$/.exec(text.trim());
    const command = picked?.[1] ? await lookup(picked[1]) : undefined;
    if (command && isBuiltin(command)) {
      box.set(EMPTY, "clear");
      await builtin(command.name, picked?.[2] ?? "");
      return;
    }
    if (command?.kind === "picker") {
      setPicker({ name: command.name, args: picked?.[2] ?? "" });
      box.set(EMPTY, "clear");
      return;
    }
    setBusy(true);
    setMessage(undefined);
    try {
      const answer = await client.sessions.submitTurn(sessionId, body.data);
      if (answer.status === "dropped")
        setMessage({ kind: "info", text: `Not sent: ${answer.reason}` });
      else {
        box.set(EMPTY, "clear");
        if (answer.status === "accepted" && answer.position > 0)
          setMessage({
            kind: "info",
            text: `Queued: ${answer.position} ${answer.position === 1 ? "turn runs" : "turns run"} first.`,
          });
      }
    } catch (failure) {
      setMessage({
        kind: "error",
        text: failureText(failure),
      });
    } finally {
      setBusy(false);
    }
  };

  const catalog = async (): Promise<readonly Command[]> => (await client.commands("web")).commands;

  const lookup = async (name: string): Promise<Command | undefined> => {
    try {
      return (await catalog()).find((c) => c.name === name);
    } catch {
      return undefined;
    }
  };

  /** Runs one of core's builtins here, as the terminal does: none becomes a model turn. */
  const builtin = async (name: string, args: string) => {
    setMessage(undefined);
    try {
      const output = await runWebBuiltin(name, args, {
        client,
        sessionId,
        running,
        catalog,
        open: (id) => navigate({ page: "chat", sessionId: id }),
        sessionsChanged: () => dispatchEvent(new Event(SESSIONS_CHANGED_EVENT)),
      });
      setPanel(output);
    } catch (failure) {
      setMessage({ kind: "error", text: failureText(failure) });
    }
  };

  const stop = async () => {
    try {
      await client.sessions.abort(sessionId, {});
    } catch (failure) {
      setMessage({
        kind: "error",
        text: failureText(failure),
      });
    }
  };

  const take = (command: Command) => {
    if (isBuiltin(command) && !command.argumentHint) {
      box.set(EMPTY, "clear");
      void builtin(command.name, "");
    } else if (command.kind === "picker" && !isBuiltin(command)) {
      setPicker({ name: command.name, args: "" });
      box.set(EMPTY, "clear");
    } else {
      const line = `/${command.name} `;
      box.set({ text: line, cursor: line.length });
    }
  };

  return (
    <div class="composer-wrap">
      {panel && (
        <BuiltinPanel
          output={panel}
          onClose={() => setPanel(undefined)}
          onRenamed={() => {
            dispatchEvent(new Event(SESSIONS_CHANGED_EVENT));
            setPanel(undefined);
          }}
        />
      )}
      {picker &&
        (picker.name === "skills" ? (
          <SkillsPicker
            onInsert={(line) => {
              box.set({ text: line, cursor: line.length });
              setPicker(undefined);
            }}
            onClose={() => setPicker(undefined)}
          />
        ) : (
          <PickerDialog
            name={picker.name}
            args={picker.args}
            sessionId={sessionId}
            onClose={() => setPicker(undefined)}
          />
        ))}
      <form
        class="composer"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label for="prompt" class="visually-hidden">
          Message
        </label>
        <CommandMenu
          text={text}
          onTake={take}
          rows={box.rows}
          onTakeRow={(row) => box.takeRow(row)}
        >
          {(menuProps) => (
            <PromptField
              box={box}
              menu={menuProps}
              invalid={message?.kind === "error"}
              describedBy={message ? "composer-message" : undefined}
              onEnter={() => void send()}
            />
          )}
        </CommandMenu>
        <div class="composer-actions">
          {running && (
            <button type="button" class="danger" onClick={stop}>
              Stop
            </button>
          )}
          <button type="submit" disabled={busy}>
            Send
          </button>
        </div>
        {message && (
          <p
            id="composer-message"
            class={message.kind === "error" ? "error" : "hint"}
            role={message.kind === "error" ? "alert" : "status"}
          >
            {message.text}
          </p>
        )}
      </form>
    </div>
  );
}
