import type { PendingPermission } from "@elowen/wire";
import { useState } from "preact/hooks";
import { Alert, failureText } from "./alert.js";
import { useApp } from "./app-context.js";

const OUTCOMES = ["once", "always", "deny"] as const;

/**
 * A tool call waiting for approval, answered inline with the choices the host offers (allow once,
 * always for this tool, deny). The first decision wins; a later one is told so.
 */
export function PermissionPrompt({
  sessionId,
  pending,
}: {
  readonly sessionId: string;
  readonly pending: PendingPermission;
}) {
  const { client } = useApp();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const decide = async (outcome: (typeof OUTCOMES)[number]) => {
    setBusy(true);
    setError(undefined);
    try {
      await client.sessions.decidePermission(sessionId, pending.permissionId, { outcome });
    } catch (failure) {
      setError(
        failureText(
          failure,
          "This call was already decided (perhaps in another window), or the prompt expired.",
        ),
      );
    } finally {
      setBusy(false);
    }
  };
  const titleId = `perm-${pending.permissionId}`;
  return (
    <section class="permission" aria-labelledby={titleId}>
      <h3 id={titleId}>
        <span class="header">{pending.header}</span> {pending.question}
      </h3>
      <p>
        <span class="tool-name">{pending.tool}</span>
        {pending.nested && <span class="badge">inside a script</span>}
        <code class="summary">{pending.summary}</code>
      </p>
      <div class="actions">
        {OUTCOMES.map((outcome) => (
          <button
            key={outcome}
            type="button"
            class={outcome === "deny" ? "danger" : undefined}
            disabled={busy}
            onClick={() => decide(outcome)}
          >
            {pending.choices[outcome]}
          </button>
        ))}
      </div>
      <Alert message={error} />
    </section>
  );
}
