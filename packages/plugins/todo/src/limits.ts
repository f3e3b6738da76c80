/** The todo tool's name, as the model calls it. */
export const TODO_TOOL_NAME = "TodoWrite";
/** The card id of a session's main todo list; a sub-agent's list is `todo:<agentId>`. */
export const TODO_CARD_ID = "todo";
/** The states of a todo item. */
export const TODO_STATUSES = ["pending", "in_progress", "completed"] as const;
/** A list holds at most this many items (ours; a card holds up to 200 rows). */
export const TODO_MAX_ITEMS = 100;
/** An item's text is at most this many characters (ours; a card row holds up to 2,000). */
export const TODO_TEXT_MAX_CHARS = 500;
/** An item id: a letter or digit, then up to 63 letters, digits, `_`, `.` or `-`. */
export const TODO_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** Lists kept in memory at once; the least recently used are read back from disk (ours). */
export const TODO_MEMORY_MAX_LISTS = 1000;
/** A list file larger than this is not read (ours; a full list is about 60 KiB). */
export const TODO_FILE_MAX_BYTES = 256 * 1024;
