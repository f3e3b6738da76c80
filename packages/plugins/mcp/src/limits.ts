import { MAX_TOOL_IMAGE_BYTES, MAX_TRACE_BYTES } from "@elowen/plugin-api/limits";

/** A server's calls time out after this long unless its `timeoutMs` says otherwise (60 s). */
export const MCP_DEFAULT_TIMEOUT_MS = 60_000;
/** The shortest and longest `timeoutMs` a server may set (100 ms to 10 minutes). */
export const MCP_MIN_TIMEOUT_MS = 100;
export const MCP_MAX_TIMEOUT_MS = 600_000;
/** How long connecting (the initialize handshake and the first tools/list) may take (30 s). */
export const MCP_CONNECT_TIMEOUT_MS = 30_000;
/** Server names: letters, digits, `_` and `-`, at most 32 characters (others are normalized). */
export const MCP_SERVER_NAME_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
/** A server's `command`, `cwd` and `url`: at most this many characters (4096). */
export const MCP_LOCATION_MAX_CHARS = 4096;
/** A stdio server's `args`: at most this many (1024)... */
export const MCP_MAX_ARGS = 1024;
/** ...each, and each `env` value, at most this many characters (32 KiB). */
export const MCP_ARG_MAX_CHARS = 32_768;
/** The name of an `env` variable or an HTTP header: 1 to this many characters (256). */
export const MCP_VARIABLE_NAME_MAX_CHARS = 256;
/** An HTTP header's value: at most this many characters (8 KiB). */
export const MCP_HEADER_VALUE_MAX_CHARS = 8192;
/** A server's `tools.allow` and `tools.deny`: at most this many names (512)... */
export const MCP_MAX_TOOL_NAMES = 512;
/** ...each 1 to this many characters (128). */
export const MCP_TOOL_NAME_MAX_CHARS = 128;
/** At most this many servers are configured, all sources together. */
export const MCP_MAX_SERVERS = 64;
/** The text of one tool result the model reads is cut at this many UTF-8 bytes (the trace budget). */
export const MCP_RESULT_MAX_TEXT_BYTES = MAX_TRACE_BYTES;
/**
 * An image in a result larger than this (decoded) is replaced by a note before it is decoded:
 * the host's own cap on `ctx.images.put`, MAX_TOOL_IMAGE_BYTES.
 */
export const MCP_RESULT_MAX_IMAGE_BYTES = MAX_TOOL_IMAGE_BYTES;
/**
 * A stdio server's message larger than this (10 MiB, the SDK's default) fails the call it answers
 * and closes the connection, which reconnects: the SDK's reader grows its buffer by copying, so a
 * much larger limit would let one answer stall the daemon for minutes.
 */
export const MCP_STDIO_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** Restart delays of a server that closed: doubling from the first to the last, then staying. */
export const MCP_RESTART_FIRST_MS = 500;
export const MCP_RESTART_MAX_MS = 30_000;
/** A connection that stayed up this long resets the restart delay. */
export const MCP_RESTART_STABLE_MS = 60_000;
/** At most this many stderr lines of a server are logged per minute; the rest are counted. */
export const MCP_STDERR_LINES_PER_MINUTE = 120;
/**
 * Edits of `mcp.json`, `mcp.d/` and the accounts' files come in bursts (an editor's save, a plugin
 * install): one reload runs after this much quiet (250 ms)...
 */
export const MCP_CONFIG_QUIET_MS = 250;
/** ...or at the latest this long after the burst began (600 ms), so an edit applies within 1 s. */
export const MCP_CONFIG_BURST_MAX_MS = 600;
/**
 * How often the config files' names, sizes and times are compared as well (ours): a change the
 * watcher missed (an inotify limit reached, an event lost on a loaded machine) still applies.
 */
export const MCP_CONFIG_RECHECK_MS = 5000;
/** A sign-in (OAuth) not finished this long after its link was made is forgotten (10 minutes). */
export const MCP_SIGN_IN_TTL_MS = 600_000;
/** The authorization code a sign-in finishes with: 1 to this many characters (4096). */
export const MCP_SIGN_IN_CODE_MAX_CHARS = 4096;
/**
 * The state a sign-in's redirect carries back: 1 to this many characters (256; ours are 32). A
 * longer one names no sign-in, so it is refused before it is looked up.
 */
export const MCP_SIGN_IN_STATE_MAX_CHARS = 256;
/** At most this many sign-ins wait at once; a new one forgets the oldest. */
export const MCP_SIGN_IN_MAX_PENDING = 64;
