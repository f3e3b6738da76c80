import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PluginTool, ToolCallContext, ToolResult } from "@elowen/plugin-api/tools";
import type {
  CodeModeCompositionRequest,
  ImageRef,
  NestedTool,
  ToolTraceRecord,
} from "@elowen/plugin-api/trace";
import {
  type JournalRewriteOutcome,
  LiveToolRows,
  projectToolRows,
  type ToolCallEntry,
  type ToolImageStore,
  type ToolRow,
  type ToolTraceEvent,
  type ToolTraceJournal,
  ToolTraceTurn,
} from "@elowen/tool-trace";
import { type CodeModeHandle, createCodeModeControl } from "../../src/control.js";
import type { CodeModeOptions } from "../../src/options.js";
import { Gates, type ToolLog, testTools } from "./tools.js";

/** A content-addressed image store on disk, as the daemon keeps one beside its database. */
export class DiskImageStore implements ToolImageStore {
  readonly dir = mkdtempSync(join(tmpdir(), "code-mode-images-"));

  async put(bytes: Uint8Array, mimeType: string): Promise<ImageRef> {
    const hash = createHash("sha256").update(bytes).digest("hex");
    mkdirSync(this.dir, { recursive: true });
    writeFileSync(join(this.dir, hash), bytes);
    return { hash, mimeType, bytes: bytes.byteLength };
  }

  read(hash: string): Buffer {
    return readFileSync(join(this.dir, hash));
  }
}

/** The journal of tool calls and results, as PI appends them and the settlement writer rewrites them. */
export class MemoryJournal implements ToolTraceJournal {
  readonly results = new Map<string, ToolResult>();
  readonly entries: Omit<ToolCallEntry, "result">[] = [];
  private readonly listeners = new Set<() => void>();

  append(entry: Omit<ToolCallEntry, "result">, result: ToolResult): void {
    this.entries.push(entry);
    this.results.set(entry.callId, structuredClone(result));
    for (const listener of [...this.listeners]) listener();
  }

  /** The transcript a reload reads: every call with its stored result. */
  history(): ToolCallEntry[] {
    return this.entries.map((entry) => {
      const result = this.results.get(entry.callId);
      return result ? { ...entry, result } : entry;
    });
  }

  rewriteToolTrace(
    callId: string,
    rewrite: (toolTrace: unknown) => readonly ToolTraceRecord[] | undefined,
  ): JournalRewriteOutcome {
    const stored = this.results.get(callId);
    if (!stored) return "not-appended";
    const next = rewrite(stored.details?.toolTrace);
    if (next === undefined) return "unchanged";
    this.results.set(callId, { ...stored, details: { ...stored.details, toolTrace: next } });
    return "written";
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/**
 * The host side of one turn, as small as a test needs and as real as it can be: real
 * @elowen/tool-trace logs per producer (with a journal and an image store), real nested tools,
 * and the plugin's own control composing exec and wait. `exec`/`wait` call the wrapper tools the
 * way the agent loop does and append their results to the journal.
 */
export class TestTurn {
  readonly control: CodeModeHandle;
  readonly journal = new MemoryJournal();
  readonly images = new DiskImageStore();
  readonly events: ToolTraceEvent[] = [];
  /** What a client folds from the live event stream. */
  readonly live = new LiveToolRows();
  readonly trace: ToolTraceTurn;
  readonly toolLog: ToolLog = { calls: [], aborted: [] };
  readonly gates = new Gates();
  readonly abort = new AbortController();
  readonly request: CodeModeCompositionRequest;
  private nextId = 0;
  private nextCall = 0;
  private wrappers: Map<string, PluginTool> | undefined;

  constructor(options: CodeModeOptions = {}, tools?: NestedTool[], control?: CodeModeHandle) {
    this.control = control ?? createCodeModeControl(options);
    this.trace = new ToolTraceTurn({
      mintId: () => `row-${++this.nextId}`,
      images: this.images,
      journal: this.journal,
      onEvent: (event) => {
        this.events.push(event);
        this.live.apply(event);
      },
    });
    this.request = {
      sessionId: "session-1",
      turnId: "turn-1",
      userId: 7,
      tools: tools ?? testTools(this.toolLog, this.gates),
      signal: this.abort.signal,
      trace: (producerId) => this.trace.trace(producerId),
    };
  }

  /** The wrapper tools this turn composed (composing on first use). */
  async tools(): Promise<Map<string, PluginTool>> {
    if (!this.wrappers) {
      const composition = await this.control.compose(this.request);
      if (!composition) throw new Error("code mode composed nothing");
      this.wrappers = new Map(composition.tools.map((tool) => [tool.name, tool]));
    }
    return this.wrappers;
  }

  /** Calls exec as the agent loop would, and appends its result to the journal. */
  exec(script: string, signal?: AbortSignal): Promise<{ callId: string; result: ToolResult }> {
    return this.call("exec", { script }, signal);
  }

  /** Calls wait as the agent loop would, and appends its result to the journal. */
  wait(cellId?: string, signal?: AbortSignal): Promise<{ callId: string; result: ToolResult }> {
    return this.call("wait", cellId === undefined ? {} : { cellId }, signal);
  }

  /** Calls a wrapper tool by name with raw arguments. */
  async call(
    name: string,
    args: unknown,
    signal: AbortSignal = new AbortController().signal,
  ): Promise<{ callId: string; result: ToolResult }> {
    const tool = (await this.tools()).get(name);
    if (!tool) throw new Error(`no wrapper tool ${name}`);
    const callId = `toolu_${++this.nextCall}`;
    const context: ToolCallContext = {
      toolCallId: callId,
      sessionId: this.request.sessionId,
      turnId: this.request.turnId,
      access: {
        userId: 7,
        role: "user",
        isAdmin: false,
        isOwner: false,
        surface: "cli",
        allAccess: false,
        grants: [],
      },
      signal,
      onUpdate: () => {},
      askUser: async () => [],
      emitCard: () => {},
    };
    this.live.apply({ type: "tool-start", callId, name, args });
    const result = await tool.execute(args as never, context);
    this.journal.append({ callId, name, args }, result);
    this.live.apply({ type: "tool-end", callId, result });
    return { callId, result };
  }

  /** The durable rows of the turn, as a reload reads them: every stored result's toolTrace. */
  storedRecords(): ToolTraceRecord[] {
    return [...this.journal.results.values()].flatMap(
      (result) => (result.details?.toolTrace ?? []) as ToolTraceRecord[],
    );
  }

  /** The rows a client draws after a restart, from the journal alone. */
  historyRows(): ToolRow[] {
    return projectToolRows(this.journal.history());
  }

  /** Ends the turn: aborts its signal and closes the sandbox pool. */
  close(): void {
    this.abort.abort();
    this.control.close();
  }
}
