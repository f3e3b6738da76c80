import { createHash } from "node:crypto";
import { mkdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import type { PluginLogger } from "@elowen/plugin-api";
import { readJsonStrict, writeJsonAtomic } from "@elowen/plugin-shared/atomicJson";
import { errorMessage, isErrnoFailure } from "@elowen/plugin-shared/errors";
import { KeyedQueue } from "@elowen/plugin-shared/queue";
import { z } from "zod";
import { TODO_FILE_MAX_BYTES, TODO_MAX_ITEMS, TODO_MEMORY_MAX_LISTS } from "./limits.js";
import { type TodoItem, TodoItemSchema } from "./todo-items.js";

/** Whose list: a session's main agent, or one of its sub-agents. */
export interface TodoListKey {
  readonly sessionId: string;
  readonly agentId?: string | undefined;
}

const ListFileSchema = z.strictObject({
  version: z.literal(1),
  sessionId: z.string(),
  agentId: z.string().optional(),
  items: z.array(TodoItemSchema).max(TODO_MAX_ITEMS),
});

interface Entry {
  items: readonly TodoItem[];
  /** What the run-boundary reminder last said about this list, so it is said once. */
  spoken?: string;
}

/** Options of {@link TodoLists}. */
export interface TodoListsOptions {
  /** The directory of the list files (the plugin uses `<dataDir>/lists`). */
  readonly dir: string;
  readonly log?: PluginLogger;
  /** Lists kept in memory (default {@link TODO_MEMORY_MAX_LISTS}). */
  readonly maxInMemory?: number;
}

const keyText = (key: TodoListKey) =>
  key.agentId === undefined ? key.sessionId : `${key.sessionId}\u0000${key.agentId}`;

/**
 * Every session's todo lists: in memory (the most recently used {@link TODO_MEMORY_MAX_LISTS})
 * and on disk, one JSON file per list named by a digest of its session and agent, written
 * atomically, so a daemon restart keeps the start times. Changes to one list run one at a time in
 * call order. A list file that cannot be read or is not a valid list is logged and read as empty,
 * and the next change replaces it; a write that fails is logged and the change still stands in
 * memory, so the tool keeps working on a full or read-only disk.
 */
export class TodoLists {
  readonly #dir: string;
  readonly #log: PluginLogger | undefined;
  readonly #max: number;
  readonly #entries = new Map<string, Entry>();
  readonly #queue = new KeyedQueue<string>();

  constructor(options: TodoListsOptions) {
    this.#dir = options.dir;
    this.#log = options.log;
    this.#max = options.maxInMemory ?? TODO_MEMORY_MAX_LISTS;
  }

  /** The file that holds a list. */
  fileOf(key: TodoListKey): string {
    return join(this.#dir, `${createHash("sha256").update(keyText(key)).digest("hex")}.json`);
  }

  /** A list as it stands (empty when there is none). */
  read(key: TodoListKey): Promise<readonly TodoItem[]> {
    return this.#serialized(key, async () => (await this.#entry(key)).items);
  }

  /** Replaces a list with `change(previous)`, stores it, and resolves the new list. */
  update(
    key: TodoListKey,
    change: (previous: readonly TodoItem[]) => readonly TodoItem[],
  ): Promise<readonly TodoItem[]> {
    return this.#serialized(key, async () => {
      const entry = await this.#entry(key);
      const items = change(entry.items);
      await this.#store(key, items);
      this.#remember(keyText(key), { items });
      return items;
    });
  }

  /**
   * Runs `decide` on a list and what was last spoken about it; a returned `spoken` text is
   * remembered (in memory only) for the next call.
   */
  speak<T>(
    key: TodoListKey,
    decide: (
      items: readonly TodoItem[],
      spoken: string | undefined,
    ) => { value: T; spoken?: string },
  ): Promise<T> {
    return this.#serialized(key, async () => {
      const entry = await this.#entry(key);
      const decision = decide(entry.items, entry.spoken);
      if (decision.spoken !== undefined) entry.spoken = decision.spoken;
      return decision.value;
    });
  }

  #serialized<T>(key: TodoListKey, run: () => Promise<T>): Promise<T> {
    return this.#queue.run(keyText(key), run);
  }

  async #entry(key: TodoListKey): Promise<Entry> {
    const text = keyText(key);
    const held = this.#entries.get(text);
    if (held) {
      this.#entries.delete(text);
      this.#entries.set(text, held);
      return held;
    }
    const entry: Entry = { items: await this.#load(key) };
    this.#remember(text, entry);
    return entry;
  }

  #remember(text: string, entry: Entry): void {
    const spoken = this.#entries.get(text)?.spoken;
    this.#entries.delete(text);
    // An empty list has nothing to remember: no timing and nothing a reminder would say.
    if (entry.items.length === 0) return;
    if (spoken !== undefined && entry.spoken === undefined) entry.spoken = spoken;
    this.#entries.set(text, entry);
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#max) break;
      this.#entries.delete(oldest);
    }
  }

  async #load(key: TodoListKey): Promise<readonly TodoItem[]> {
    const file = this.fileOf(key);
    try {
      const read = await readJsonStrict(file, { maxBytes: TODO_FILE_MAX_BYTES });
      if (read.status === "missing") return [];
      const parsed = ListFileSchema.safeParse(read.value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        this.#log?.warn(
          `todo list ${file} is not a valid list (${issue?.path.join(".") || "(file)"}: ${issue?.message}); reading it as empty`,
        );
        return [];
      }
      if (parsed.data.sessionId !== key.sessionId || parsed.data.agentId !== key.agentId) return [];
      return parsed.data.items;
    } catch (error) {
      this.#log?.warn(
        `todo list ${file} cannot be read (${errorMessage(error)}); reading it as empty`,
      );
      return [];
    }
  }

  async #store(key: TodoListKey, items: readonly TodoItem[]): Promise<void> {
    const file = this.fileOf(key);
    try {
      if (items.length === 0) {
        await unlink(file).catch((error: unknown) => {
          if (!(isErrnoFailure(error) && error.code === "ENOENT")) throw error;
        });
        return;
      }
      await mkdir(this.#dir, { recursive: true });
      const document = {
        version: 1,
        sessionId: key.sessionId,
        ...(key.agentId === undefined ? {} : { agentId: key.agentId }),
        items,
      };
      await writeJsonAtomic(file, document);
    } catch (error) {
      this.#log?.error(
        `todo list ${file} was not saved (${errorMessage(error)}); it stands in memory until the daemon stops`,
      );
    }
  }
}
