import type { ImageRef, SharedFile, SharedImage } from "@elowen/plugin-api/trace";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { useEffect, useState } from "preact/hooks";
import { useApp } from "./app-context.js";

/**
 * Loads a session attachment as an object URL. The attachment route needs the account's token,
 * which an `<img src>` cannot send, so the bytes are fetched with it and shown from a blob URL,
 * released when the view goes.
 */
function useAttachmentUrl(sessionId: string, hash: string): { url?: string; error?: string } {
  const { client } = useApp();
  const [state, setState] = useState<{ url?: string; error?: string }>({});
  useEffect(() => {
    let url: string | undefined;
    let cancelled = false;
    client.sessions
      .attachment(sessionId, hash)
      .then((response) => response.blob())
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ url });
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ error: errorMessage(error) });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [client, sessionId, hash]);
  return state;
}

/** An image the session owns (a tool result's image, or a shared image with its caption). */
export function AttachmentImage(props: {
  readonly sessionId: string;
  readonly image: ImageRef | SharedImage;
}) {
  const { url, error } = useAttachmentUrl(props.sessionId, props.image.hash);
  const caption = "caption" in props.image ? props.image.caption : undefined;
  const alt = caption ?? ("filename" in props.image && props.image.filename) ?? "Image from a tool";
  return (
    <figure class="attachment-image">
      {url ? <img src={url} alt={alt || "Image from a tool"} loading="lazy" /> : null}
      {error ? <span class="error">Image unavailable: {error}</span> : null}
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}

/** A file the session owns, offered for download under its own name. */
export function AttachmentFile(props: { readonly sessionId: string; readonly file: SharedFile }) {
  const { url, error } = useAttachmentUrl(props.sessionId, props.file.hash);
  const { filename, bytes, caption } = props.file;
  return (
    <div class="attachment-file">
      {url ? (
        <a href={url} download={filename}>
          Download {filename}
        </a>
      ) : (
        <span>{filename}</span>
      )}{" "}
      <span class="hint">({formatBytes(bytes)})</span>
      {caption ? <p>{caption}</p> : null}
      {error ? <span class="error">File unavailable: {error}</span> : null}
    </div>
  );
}

/** Bytes in B, KiB or MiB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
