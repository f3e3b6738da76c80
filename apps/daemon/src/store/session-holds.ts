/** Ends a hold on a session (calling it again does nothing). */
export type HoldRelease = () => Promise<void>;

/**
 * Who may run a session's turn now, across every daemon instance sharing the store. The
 * session's queue already runs one turn at a time inside an instance; on a shared database each
 * turn also holds its session, so turns queued on different instances never interleave.
 */
export interface SessionHolds {
  /**
   * Waits until this instance holds the session, marking interrupted first any turn of it that a
   * dead instance left running, and answers the release. Rejects with the signal's reason when it
   * is aborted while waiting; rejects when the database cannot be reached. Should the hold be
   * lost while the turn runs (this instance's lease lapsed and another instance took the session
   * over), `onLost` is called once: the turn must stop, and its writes are refused meanwhile.
   */
  acquire(
    sessionId: string,
    signal: AbortSignal,
    onLost?: (reason: Error) => void,
  ): Promise<HoldRelease>;
}
