import { type Session, UpdateSessionBodySchema } from "@elowen/wire";
import { useRef, useState } from "preact/hooks";
import { Alert, failureText } from "./alert.js";
import { useApp } from "./app-context.js";
import { useFocusFirst } from "./focus-first.js";

/**
 * The form that renames a session: "New title" starting with its current one, checked (1 to 200
 * characters) before sending, the daemon's refusal shown under it. Focus starts in the field.
 * With `onCancel` it also has Cancel, and Escape in the field cancels.
 */
export function RenameSession(props: {
  readonly session: Session;
  /** The field's id, unique on the page. */
  readonly id: string;
  readonly onRenamed: (renamed: Session) => void;
  readonly onCancel?: () => void;
}) {
  const { client } = useApp();
  const [title, setTitle] = useState(props.session.title ?? "");
  const [error, setError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirst(formRef, true, "input");
  const { onCancel } = props;
  return (
    <form
      ref={formRef}
      class="rename"
      onSubmit={async (event) => {
        event.preventDefault();
        const checked = UpdateSessionBodySchema.safeParse({ title });
        if (!checked.success) {
          setError(`title: ${checked.error.issues[0]?.message ?? "invalid"}`);
          return;
        }
        try {
          props.onRenamed(await client.sessions.rename(props.session.id, checked.data));
        } catch (failure) {
          setError(failureText(failure));
        }
      }}
    >
      <label for={props.id}>New title</label>
      <input
        id={props.id}
        value={title}
        maxLength={200}
        aria-invalid={error ? "true" : "false"}
        onInput={(e) => setTitle(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") onCancel?.();
        }}
      />
      <button type="submit">Save</button>
      {onCancel && (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
      <Alert message={error} />
    </form>
  );
}
