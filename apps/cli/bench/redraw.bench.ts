import { compare, record } from "@elowen/bench";
import { ElowenClient } from "@elowen/client";
import { Container, Markdown, type Terminal, TUI } from "@mariozechner/pi-tui";
import { ChatSession } from "../src/chat/chat-session.js";
import { ChatScreen } from "../src/tui/chat-screen.js";
import { markdownTheme } from "../src/tui/theme.js";
import { streamingReply, transcript } from "./transcript-fixture.js";

// Redraw cost while a reply streams at the end of a 2,000-message transcript, at 120 columns:
// one update is a delta folded in and one frame drawn through pi-tui's differential renderer.
// The peer is pi-tui's own chat layout (its README's chat example): one Markdown component per
// message in a Container, the streaming one given its new text each update.
const COLUMNS = 120;
const ROWS = 40;
const MESSAGES = 2_000;
const PIECES = 400;

/** A terminal that takes the bytes and drops them, so a frame costs only the drawing. */
class NullTerminal implements Terminal {
  written = 0;
  start(): void {}
  stop(): void {}
  async drainInput(): Promise<void> {}
  write(data: string): void {
    this.written += data.length;
  }
  get columns(): number {
    return COLUMNS;
  }
  get rows(): number {
    return ROWS;
  }
  get kittyProtocolActive(): boolean {
    return false;
  }
  moveBy(): void {}
  hideCursor(): void {}
  showCursor(): void {}
  clearLine(): void {}
  clearFromCursor(): void {}
  clearScreen(): void {}
  setTitle(): void {}
  setProgress(): void {}
}

const frame = (tui: TUI) => (tui as unknown as { doRender(): void }).doRender();
const entries = transcript(MESSAGES);
const reply = streamingReply(PIECES);

function heap(): number {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
}

// Ours: the chat screen (transcript viewport, cards, status bar, prompt box).
const before = heap();
const oursTui = new TUI(new NullTerminal());
const session = new ChatSession(new ElowenClient({ baseUrl: "http://127.0.0.1:9" }), {
  changed: () => {},
  notice: () => {},
});
session.ready = true;
session.model = { label: "Offline model", offline: true };
const screen = new ChatScreen(
  oursTui,
  session,
  { submit: () => {}, abort: () => {}, exit: () => {} },
  () => 1_700_000_000_000,
);
oursTui.addChild(screen);
session.hydrate({ entries });
frame(oursTui);
const loaded = heap() - before;
let oursPiece = 0;
function oursUpdate(): void {
  if (oursPiece % PIECES === 0) {
    session.transcript.clear();
    session.transcript.addEntries(entries);
    session.receive(reply.start);
  }
  const delta = reply.deltas[oursPiece % PIECES];
  if (delta) session.receive(delta);
  oursPiece += 1;
  frame(oursTui);
}

// The peer: a Container of Markdown components in pi-tui's own inline layout.
const peerTui = new TUI(new NullTerminal());
const peerMessages = new Container();
peerTui.addChild(peerMessages);
for (const e of entries) {
  const data = e.data as { text?: string; content?: { type: string; text?: string }[] };
  const text =
    e.kind === "user"
      ? (data.text ?? "")
      : e.kind === "assistant"
        ? (data.content?.find((b) => b.type === "text")?.text ?? "")
        : "";
  if (text) peerMessages.addChild(new Markdown(text, 1, 1, markdownTheme));
}
const streaming = new Markdown("", 1, 1, markdownTheme);
peerMessages.addChild(streaming);
frame(peerTui);
let peerPiece = 0;
let peerText = "";
function peerUpdate(): void {
  if (peerPiece % PIECES === 0) peerText = "";
  const delta = reply.deltas[peerPiece % PIECES]?.data as { text: string } | undefined;
  peerText += delta?.text ?? "";
  streaming.setText(peerText);
  peerPiece += 1;
  frame(peerTui);
}

await compare({
  name: `frame per streamed update, ${MESSAGES}-message transcript at ${COLUMNS} columns`,
  ours: oursUpdate,
  peer: peerUpdate,
  peerName: "pi-tui Container of Markdown (its chat example)",
  unit: "ms/op",
  target: "median < 4 ms",
  rounds: 3,
  options: { min_cpu_time: 500e6 },
});
// A reload: the whole history folded in and the first frame drawn, from a fresh screen.
const reloads: number[] = [];
for (let i = 0; i < 7; i += 1) {
  const tui = new TUI(new NullTerminal());
  const fresh = new ChatSession(new ElowenClient({ baseUrl: "http://127.0.0.1:9" }), {
    changed: () => {},
    notice: () => {},
  });
  fresh.ready = true;
  tui.addChild(
    new ChatScreen(
      tui,
      fresh,
      { submit: () => {}, abort: () => {}, exit: () => {} },
      () => 1_700_000_000_000,
    ),
  );
  const started = performance.now();
  fresh.hydrate({ entries });
  frame(tui);
  reloads.push(performance.now() - started);
}
reloads.sort((a, b) => a - b);
record({
  name: `reload of a ${MESSAGES}-message session to its first frame`,
  unit: "ms",
  value: Math.round((reloads[3] ?? 0) * 100) / 100,
  target: "printed",
});
record({
  name: `heap held by a ${MESSAGES}-message transcript on screen`,
  unit: "bytes",
  value: loaded,
  target: "printed",
});
record({
  name: `heap per transcript message (${MESSAGES} messages)`,
  unit: "bytes",
  value: Math.round(loaded / MESSAGES),
  target: "printed",
});
