import { EXEC_TOOL_NAME } from "../limits.js";
import { partialScript } from "./partial-script.js";
import { scriptNote } from "./script-note.js";

/**
 * `CodeModeControl.authoringReason`: the status note of an exec call being written, read from the
 * raw partial JSON of its arguments (the wrapper's status note while the model writes it).
 * Returns the last `reason` (Bash: `description`) written in any `tools.<Name>({...})` call of the
 * script so far; a later call without one keeps it; undefined while no call has one, and for any
 * tool but exec. Never throws, whatever the partial text.
 */
export function authoringReason(toolName: string, partialArguments: string): string | undefined {
  if (toolName !== EXEC_TOOL_NAME || typeof partialArguments !== "string") return undefined;
  const script = partialScript(partialArguments);
  return script === undefined ? undefined : scriptNote(script);
}
