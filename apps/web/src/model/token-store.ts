/** The storage key of the signed-in account token. */
export const TOKEN_KEY = "elowen.token";

/** Where a token is kept: this tab only (session storage) or this browser (local storage). */
export interface TokenStorage {
  read(): string | undefined;
  write(token: string, remember: boolean): void;
  clear(): void;
}

/**
 * Keeps the account token in `sessionStorage` (the tab keeps it across reloads, and it ends with
 * the tab), or in `localStorage` when the person asks to stay signed in on this browser. Signing
 * out clears both.
 */
export function browserTokenStorage(
  session: Storage = sessionStorage,
  local: Storage = localStorage,
): TokenStorage {
  return {
    read: () => session.getItem(TOKEN_KEY) ?? local.getItem(TOKEN_KEY) ?? undefined,
    write(token, remember) {
      session.setItem(TOKEN_KEY, token);
      if (remember) local.setItem(TOKEN_KEY, token);
      else local.removeItem(TOKEN_KEY);
    },
    clear() {
      session.removeItem(TOKEN_KEY);
      local.removeItem(TOKEN_KEY);
    },
  };
}

/**
 * Checks a pasted token before it is tried: trimmed, non-empty, at most 512 characters, and only
 * the characters a bearer token may hold. Answers the trimmed token, or a sentence naming the rule.
 */
export function checkToken(
  value: string,
): { ok: true; token: string } | { ok: false; message: string } {
  const token = value.trim();
  if (token === "")
    return {
      ok: false,
      message:
        "token is required: paste the owner token (`cat ~/.elowen/owner.token` prints it) or an account token",
    };
  if (token.length > 512)
    return { ok: false, message: `token is at most 512 characters, received ${token.length}` };
  if (!/^[A-Za-z0-9._~+/=-]+$/.test(token))
    return { ok: false, message: "token holds only letters, digits and . _ ~ + / = -" };
  return { ok: true, token };
}
