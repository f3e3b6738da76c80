/**
 * The journal entry of each direct tool call's result of one turn, by call id, and who is told
 * when one is committed (a late trace settlement waits for its call's entry).
 */
export class ResultEntries {
  readonly #entries = new Map<string, string>();
  readonly #listeners = new Set<() => void>();

  /** The entries so far, by call id. */
  get byCallId(): ReadonlyMap<string, string> {
    return this.#entries;
  }

  /** Records a committed result entry and tells every listener. */
  record(callId: string, entryId: string): void {
    this.#entries.set(callId, entryId);
    for (const listener of this.#listeners) listener();
  }

  /** Listens for committed results. Returns the remover. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
