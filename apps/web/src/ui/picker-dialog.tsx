import type { PickerDescriptor } from "@elowen/plugin-api/commands";
import { useEffect, useRef, useState } from "preact/hooks";
import { Alert, failureText } from "./alert.js";
import { useApp } from "./app-context.js";
import { useDialogKeys, useFocusFirst } from "./focus-first.js";

/**
 * A picker command rendered locally (a `PickerCommand` creates no model turn): its descriptor
 * from `POST /commands/:name/render`, its rows as buttons, and each row's explicit actions
 * (Enter, and the descriptor's keys). An action's notice is shown; its `openUrl`, already validated
 * by core, is shown beside the notice and opened once for that action only.
 */
export function PickerDialog(props: {
  readonly name: string;
  readonly args: string;
  readonly sessionId?: string;
  readonly onClose: () => void;
}) {
  const { client } = useApp();
  const [descriptor, setDescriptor] = useState<PickerDescriptor>();
  const [notice, setNotice] = useState<{ text?: string; url?: string }>();
  const [error, setError] = useState<string>();
  const [generation, setGeneration] = useState(0);
  const body = {
    surface: "web" as const,
    args: props.args,
    ...(props.sessionId ? { sessionId: props.sessionId } : {}),
  };

  useEffect(() => {
    let cancelled = false;
    client
      .renderPicker(props.name, body)
      .then((d) => {
        if (!cancelled) setDescriptor(d);
      })
      .catch((failure: unknown) => {
        if (!cancelled) setError(failureText(failure));
      });
    return () => {
      cancelled = true;
    };
  }, [client, props.name, props.args, generation]);

  const act = async (itemId: string, action: string) => {
    try {
      const result = await client.pickerAction(props.name, { ...body, itemId, action });
      setNotice({
        ...(result.notice ? { text: result.notice } : {}),
        ...(result.openUrl ? { url: result.openUrl } : {}),
      });
      if (result.openUrl) window.open(result.openUrl, "_blank", "noopener,noreferrer");
      if (result.refresh) setGeneration((g) => g + 1);
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  const titleId = `picker-${props.name}`;
  const listRef = useRef<HTMLUListElement>(null);
  useFocusFirst(listRef, descriptor !== undefined);
  const dialogRef = useRef<HTMLElement>(null);
  useDialogKeys(dialogRef, props.onClose, descriptor);
  return (
    <section class="picker" role="dialog" aria-labelledby={titleId} ref={dialogRef}>
      <header>
        <h2 id={titleId}>{descriptor?.title ?? `/${props.name}`}</h2>
        <button type="button" class="quiet" onClick={props.onClose} aria-label="Close picker">
          ×
        </button>
      </header>
      <Alert message={error} />
      {notice && (
        <p class="notice info" role="status">
          {notice.text}
          {notice.url && (
            <>
              {" "}
              <a href={notice.url} target="_blank" rel="noopener noreferrer">
                {notice.url}
              </a>
            </>
          )}
        </p>
      )}
      {descriptor && descriptor.items.length === 0 && (
        <p class="hint">{descriptor.emptyText ?? "Nothing here."}</p>
      )}
      {descriptor && descriptor.items.length > 0 && (
        <ul class="picker-items" ref={listRef}>
          {descriptor.items.map((item) => (
            <li key={item.id}>
              <button type="button" disabled={item.disabled} onClick={() => act(item.id, "select")}>
                {item.label}
                {item.hint && <span class="badge">{item.hint}</span>}
              </button>
              {item.description && <span class="hint"> {item.description}</span>}
              {Object.entries(descriptor.keys ?? {}).map(([key, label]) => (
                <button
                  key={key}
                  type="button"
                  class="quiet"
                  disabled={item.disabled}
                  aria-label={`${label} ${item.label}`}
                  onClick={() => act(item.id, key)}
                >
                  {label}
                </button>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
