import { ElowenError } from "@elowen/plugin-shared/errors";
import { type ErrorBody, ErrorBodySchema } from "@elowen/wire";

/**
 * An error answer of the daemon: the HTTP status and the parsed error body. `message` is the
 * daemon's sentence, prefixed with the status and the failing path when there is one. An
 * `ElowenError` with the one code `client.request_refused`; switch on `status` for the reason.
 */
export class ElowenApiError extends ElowenError<"client.request_refused"> {
  override readonly name = "ElowenApiError";
  /** The HTTP status. */
  readonly status: number;
  /** The error body; `{ error }` with the raw text when the daemon's answer was not JSON. */
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super({
      code: "client.request_refused",
      summary: `HTTP ${status}: ${body.error}${body.path ? ` (at ${body.path})` : ""}`,
    });
    this.status = status;
    this.body = body;
  }

  /** Builds the error from a failed response, reading its body once. */
  static async fromResponse(response: Response): Promise<ElowenApiError> {
    const text = await response.text().catch(() => "");
    let body: ErrorBody = { error: text || response.statusText || "request failed" };
    try {
      const parsed = ErrorBodySchema.safeParse(JSON.parse(text));
      if (parsed.success) body = parsed.data;
    } catch {
      // Not JSON: keep the raw text.
    }
    return new ElowenApiError(response.status, body);
  }
}
