import { setTimeout as sleep } from "node:timers/promises";

/** One server-sent event as it came over the wire. */
export interface Frame {
  readonly id: string;
  readonly event: string;
  readonly data: unknown;
}

/** A session's raw SSE stream, read in the background from the moment it opens. */
export interface FollowedStream {
  /** Every frame so far, in order. */
  readonly frames: readonly Frame[];
  /** Resolves when the stream ends (the server closed it or went away). */
  readonly ended: Promise<void>;
  /** Resolves once `done` holds for the frames so far; rejects after `timeoutMs` naming `what`. */
  until(
    what: string,
    done: (frames: readonly Frame[]) => boolean,
    timeoutMs?: number,
  ): Promise<void>;
  close(): void;
}

function parseFrame(part: string): Frame | undefined {
  const field = (name: string) =>
    part
      .split("\n")
      .find((line) => line.startsWith(`${name}: `))
      ?.slice(name.length + 2);
  const data = field("data");
  if (data === undefined) return undefined;
  return { id: field("id") ?? "", event: field("event") ?? "", data: JSON.parse(data) };
}

/** Opens `GET /sessions/:id/events` (with `Last-Event-ID` when given) and follows it. */
export async function followStream(
  url: string,
  token: string,
  sessionId: string,
  lastEventId?: string,
): Promise<FollowedStream> {
  const controller = new AbortController();
  const response = await fetch(`${url}/sessions/${sessionId}/events`, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(lastEventId === undefined ? {} : { "last-event-id": lastEventId }),
    },
    signal: controller.signal,
  });
  if (!response.ok || !response.body)
    throw new Error(`the event stream of ${sessionId} answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const frames: Frame[] = [];
  const ended = (async () => {
    let text = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += value;
        const parts = text.split("\n\n");
        text = parts.pop() ?? "";
        for (const part of parts) {
          const frame = parseFrame(part);
          if (frame) frames.push(frame);
        }
      }
    } catch {
      // A killed server or our own close: the stream ended either way.
    }
  })();
  return {
    frames,
    ended,
    async until(what, done, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!done(frames)) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await sleep(50);
      }
    },
    close: () => controller.abort(),
  };
}

/** The journal entries the frames carried, in order. */
export function entriesOf(frames: readonly Frame[]): { id: string; kind: string }[] {
  return frames.flatMap((f) =>
    f.event === "entries" ? (f.data as { entries: { id: string; kind: string }[] }).entries : [],
  );
}
