import type { Session } from "@elowen/wire";
import { useCallback, useEffect, useState } from "preact/hooks";
import { SESSIONS_CHANGED_EVENT } from "../model/builtin-commands.js";
import { Alert, failureText } from "./alert.js";
import { useApp } from "./app-context.js";
import { RenameSession } from "./rename-session.js";
import { navigate, routeHref } from "./router.js";

/** The session list's page size. */
const PAGE = 50;

/**
 * The title a session is listed under: its own (the daemon titles a session from its first
 * message), else "New session" with when it was started (the time today, else the date).
 */
export function sessionTitle(
  session: Pick<Session, "title" | "createdAt">,
  now: Date = new Date(),
): string {
  if (session.title) return session.title;
  const created = new Date(session.createdAt);
  const today = created.toDateString() === now.toDateString();
  const when = today
    ? created.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
    : created.toLocaleDateString();
  return `New session, ${when}`;
}

/**
 * The account's sessions, most recently updated first: open, create, rename (1 to 200 characters,
 * checked before sending), delete (after an explicit confirmation), and load more.
 */
export function SessionList({ current }: { readonly current?: string | undefined }) {
  const { client } = useApp();
  const [sessions, setSessions] = useState<Session[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [editing, setEditing] = useState<string>();
  const [confirming, setConfirming] = useState<string>();

  const load = useCallback(async () => {
    try {
      const page = await client.sessions.list({ limit: PAGE });
      setSessions(page.sessions);
      setNext(page.nextCursor);
      setError(undefined);
    } catch (failure) {
      setError(failureText(failure));
    }
  }, [client]);

  useEffect(() => {
    void load();
  }, [load, current]);
  useEffect(() => {
    const reload = () => void load();
    addEventListener(SESSIONS_CHANGED_EVENT, reload);
    return () => removeEventListener(SESSIONS_CHANGED_EVENT, reload);
  }, [load]);

  const more = async () => {
    if (!next) return;
    try {
      const page = await client.sessions.list({ limit: PAGE, cursor: next });
      setSessions((list) => [
        ...list,
        ...page.sessions.filter((s) => !list.some((l) => l.id === s.id)),
      ]);
      setNext(page.nextCursor);
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  const create = async () => {
    try {
      const session = await client.sessions.create({});
      setSessions((list) => [session, ...list]);
      navigate({ page: "chat", sessionId: session.id });
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  const renamed = (session: Session) => {
    setSessions((list) => list.map((s) => (s.id === session.id ? session : s)));
    setEditing(undefined);
  };

  const remove = async (session: Session) => {
    try {
      await client.sessions.remove(session.id);
      setSessions((list) => list.filter((s) => s.id !== session.id));
      setConfirming(undefined);
      if (current === session.id) navigate({ page: "chat" });
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  return (
    <nav class="sessions" aria-label="Sessions">
      <div class="sessions-head">
        <h2>Sessions</h2>
        <button type="button" onClick={create}>
          New session
        </button>
      </div>
      <Alert message={error} />
      {sessions.length === 0 && !error && <p class="hint">No sessions yet.</p>}
      <ul>
        {sessions.map((session) => (
          <li key={session.id} class={session.id === current ? "current" : undefined}>
            {editing === session.id ? (
              <RenameSession
                id={`rename-${session.id}`}
                session={session}
                onRenamed={renamed}
                onCancel={() => setEditing(undefined)}
              />
            ) : confirming === session.id ? (
              <fieldset class="confirm">
                <legend>Delete “{sessionTitle(session)}” and its history?</legend>
                <button type="button" class="danger" onClick={() => remove(session)}>
                  Delete
                </button>
                <button type="button" onClick={() => setConfirming(undefined)}>
                  Cancel
                </button>
              </fieldset>
            ) : (
              <div class="session-row">
                <a
                  href={routeHref({ page: "chat", sessionId: session.id })}
                  aria-current={session.id === current ? "page" : undefined}
                >
                  {sessionTitle(session)}
                </a>
                <button
                  type="button"
                  class="quiet"
                  aria-label={`Rename ${sessionTitle(session)}`}
                  onClick={() => setEditing(session.id)}
                >
                  Rename
                </button>
                <button
                  type="button"
                  class="quiet"
                  aria-label={`Delete ${sessionTitle(session)}`}
                  onClick={() => setConfirming(session.id)}
                >
                  Delete
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {next && (
        <button type="button" class="quiet" onClick={more}>
          More sessions
        </button>
      )}
    </nav>
  );
}
