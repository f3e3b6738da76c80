import { ElowenApiError, type ElowenClient } from "@elowen/client";
import type { Me } from "@elowen/wire";
import { useState } from "preact/hooks";
import { checkToken } from "../model/token-store.js";
import { failureText } from "./alert.js";

/** What {@link SignIn} needs: how to build a client for a token, and what to do once signed in. */
export interface SignInProps {
  readonly connect: (token: string) => ElowenClient;
  readonly onSignedIn: (signedIn: {
    readonly token: string;
    readonly me: Me;
    readonly remember: boolean;
  }) => void;
}

/**
 * The sign-in form: an account token (the instance owner's is kept in `owner.token` in the data
 * directory; the daemon's banner prints the command that shows it), checked with `GET /me` before
 * it is kept.
 */
export function SignIn({ connect, onSignedIn }: SignInProps) {
  const [value, setValue] = useState("");
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    const checked = checkToken(value);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const me = await connect(checked.token).me();
      onSignedIn({ token: checked.token, me, remember });
    } catch (failure) {
      setError(
        failure instanceof ElowenApiError && failure.status === 401
          ? "That token was not accepted. Paste the owner token (`cat ~/.elowen/owner.token` on the daemon's machine prints it) or an account token an administrator issued."
          : `Could not reach the daemon: ${failureText(failure)}`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="sign-in">
      <form onSubmit={submit} aria-labelledby="sign-in-title" noValidate>
        <h1 id="sign-in-title">Sign in to Elowen</h1>
        <p class="hint">
          Paste your account token. The instance owner's token is in <code>owner.token</code> in the
          daemon's data directory: on the daemon's machine, <code>cat ~/.elowen/owner.token</code>{" "}
          prints it (the daemon's banner shows this command with its own data directory).
        </p>
        <label for="token">Account token</label>
        <input
          id="token"
          name="token"
          type="password"
          autoComplete="current-password"
          spellcheck={false}
          value={value}
          onInput={(e) => setValue(e.currentTarget.value)}
          aria-invalid={error ? "true" : "false"}
          aria-describedby={error ? "token-error" : undefined}
          required
        />
        <label class="check">
          <input
            type="checkbox"
            checked={remember}
            onChange={(e) => setRemember(e.currentTarget.checked)}
          />
          Keep me signed in on this browser
        </label>
        {error && (
          <p id="token-error" class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </main>
  );
}
