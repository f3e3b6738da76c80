import { ElowenApiError } from "@elowen/client";
import { errorMessage } from "@elowen/plugin-shared/errors";

/** A failure line read out when it appears; nothing when there is no message. */
export function Alert({ message }: { readonly message: string | undefined }) {
  if (!message) return null;
  return (
    <p class="error" role="alert">
      {message}
    </p>
  );
}

/**
 * The sentence for a failed request: `conflict` for a 409 (another client was first, or the
 * prompt expired), else the error's own message.
 */
export function failureText(failure: unknown, conflict?: string): string {
  if (conflict && failure instanceof ElowenApiError && failure.status === 409) return conflict;
  return errorMessage(failure);
}
