import { ElowenError } from "@elowen/plugin-shared/errors";

/**
 * The codes of the web client's own errors. `web.host_api_refused`: a plugin view's `api` call was
 * answered with an error status. `web.outside_signed_in_view`: a component that needs the signed-in
 * services was rendered outside the signed-in tree (a programming error).
 */
export type WebErrorCode = "web.host_api_refused" | "web.outside_signed_in_view";

/**
 * An error the web client throws: an `ElowenError` with one of the {@link WebErrorCode}s and the
 * sentence the UI shows as its message.
 */
export class WebError<Code extends WebErrorCode = WebErrorCode> extends ElowenError<Code> {
  override readonly name: string = "WebError";

  constructor(code: Code, summary: string) {
    super({ code, summary });
  }
}
