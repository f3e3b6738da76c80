/**
 * The most sessions `elowen sessions` lists (ours). Its own module: the command's spec names it in
 * help and its lazily loaded runner enforces it.
 */
export const SESSIONS_LIST_MAX = 1000;
