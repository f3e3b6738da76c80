import type { ChatScreen } from "../tui/chat-screen.js";
import type { ChatSession } from "./chat-session.js";
import type { PickerFlow } from "./picker-flow.js";

/** What a builtin command needs. */
export interface BuiltinContext {
  readonly session: ChatSession;
  readonly screen: ChatScreen;
  readonly pickers: PickerFlow;
  /** The data directory a local daemon reads provider keys from (/login writes there). */
  readonly home?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
}
