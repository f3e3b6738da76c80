/**
 * The JavaScript that runs inside a fresh sandbox context before the script. It receives the
 * host functions as arguments (they are never globals), builds `tools`, `console` and the
 * serialisers the worker calls, and removes what a script must not have. It captures the
 * intrinsics it uses first, so a script that rewrites `JSON` or `String` only breaks itself.
 *
 * Returns `[describeValue, describeError, settle]`. `settle(id, reply)` resolves the promise of
 * nested call `id`: those promises are made and kept here, inside the sandbox, so the host holds no
 * handle on a call that is still waiting when its cell ends, and has nothing of it to free.
 */
export const PRELUDE_SOURCE = String.raw`(function (hostCall, hostLog, setTimer, clearTimer, toolNamesJson, limitsJson) {
  "use strict";
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const toolNames = parse(toolNamesJson);
  const limits = parse(limitsJson);
  const toStr = String;
  const create = Object.create;
  const PromiseCtor = Promise;
  const freeze = Object.freeze;
  const defineProperties = Object.defineProperties;
  const isError = (e) => e instanceof Error;

  const clip = (s, max, what) =>
    s.length > max ? s.slice(0, max) + "\n[… " + (s.length - max) + " more characters of " + what + " omitted]" : s;

  const show = (v) => {
    if (typeof v === "string") return v;
    if (isError(v)) return toStr(v.name) + ": " + toStr(v.message);
    try {
      const s = stringify(v);
      return s === undefined ? toStr(v) : s;
    } catch (e) {
      try { return toStr(v); } catch (e2) { return "[value that cannot be printed]"; }
    }
  };

  class ToolError extends Error {
    constructor(tool, message, text) {
      super(message);
      this.name = "ToolError";
      this.tool = tool;
      this.text = text;
    }
  }

  const waiting = create(null);

  const tool = (name) => function (args) {
    if (args === undefined) args = {};
    let json;
    try {
      json = stringify(args);
    } catch (e) {
      return Promise.reject(new TypeError("tools." + name + ": the arguments cannot be turned into JSON: " + show(e)));
    }
    if (typeof json !== "string" || json[0] !== "{")
      return Promise.reject(new TypeError("tools." + name + " takes one object of named arguments, as in tools." + name + "({ ... })"));
    if (json.length > limits.maxArgsChars)
      return Promise.reject(new RangeError("tools." + name + ": the arguments are " + json.length + " characters of JSON, more than the " + limits.maxArgsChars + " a nested call may pass"));
    const id = hostCall(name, json);
    return new PromiseCtor((resolve) => (waiting[id] = resolve)).then((reply) => {
      const outcome = parse(reply);
      if (outcome.ok) return outcome.text;
      throw new ToolError(name, outcome.message, outcome.text);
    });
  };

  const readOnly = () => {
    throw new TypeError("tools is read-only");
  };
  const table = create(null);
  for (const name of toolNames) table[name] = tool(name);
  freeze(table);
  const available = toolNames.length ? toolNames.join(", ") : "none";
  const tools = new Proxy(table, {
    get(target, key) {
      if (typeof key !== "string" || key in target) return target[key];
      if (key === "then" || key === "toJSON") return undefined;
      throw new TypeError("tools." + key + " is not a tool this script can call (available: " + available + ")");
    },
    set: readOnly,
    defineProperty: readOnly,
    deleteProperty: readOnly,
  });

  const log = (level) => (...args) => {
    let line = "";
    for (let i = 0; i < args.length; i++) line += (i ? " " : "") + show(args[i]);
    hostLog(clip((level === "log" ? "" : "[" + level + "] ") + line, limits.maxConsoleChars, "this line") + "\n");
  };
  const consoleObject = freeze({ log: log("log"), info: log("info"), debug: log("debug"), warn: log("warn"), error: log("error") });

  const setTimeoutFn = (fn, ms, ...rest) => {
    if (typeof fn !== "function") throw new TypeError("setTimeout takes a function");
    return setTimer(rest.length ? () => fn(...rest) : fn, +ms || 0);
  };
  const clearTimeoutFn = (id) => { if (typeof id === "number") clearTimer(id); };

  const g = globalThis;
  for (const name of ["SharedArrayBuffer", "Atomics", "WebAssembly"]) {
    try { delete g[name]; } catch (e) {}
  }
  // Defined without writable, enumerable or configurable: each is false.
  defineProperties(g, {
    tools: { value: tools },
    console: { value: consoleObject },
    ToolError: { value: ToolError },
    setTimeout: { value: setTimeoutFn },
    clearTimeout: { value: clearTimeoutFn },
  });

  const describeValue = (v) => (v === undefined ? undefined : clip(show(v), limits.maxResultChars, "the result"));
  const describeError = (e) => {
    try {
      if (!isError(e)) return clip("Uncaught " + show(e), limits.maxResultChars, "the error");
      let text = toStr(e.name) + ": " + toStr(e.message);
      const stack = typeof e.stack === "string" ? e.stack : "";
      const frames = stack.split("\n").filter((l) => l.indexOf("cell.js:") >= 0).slice(0, 5);
      if (frames.length) text += "\n" + frames.map((l) => "    " + l.trim()).join("\n");
      return clip(text, limits.maxResultChars, "the error");
    } catch (e2) {
      return "Uncaught exception that cannot be described";
    }
  };
  // The host settles only the ids it knows are waiting, each once.
  const settle = (id, reply) => {
    const resolve = waiting[id];
    delete waiting[id];
    resolve(reply);
  };
  return [describeValue, describeError, settle];
})`;

/** Opens a script as the body of an async function, on the script's first line so lines match. */
export const SCRIPT_PREFIX = "(async () => {";
/** Closes what {@link SCRIPT_PREFIX} opened, on a line of its own after a trailing comment. */
export const SCRIPT_SUFFIX = "\n})()";
/** The file name stack frames of a script carry. */
export const SCRIPT_FILE = "cell.js";
