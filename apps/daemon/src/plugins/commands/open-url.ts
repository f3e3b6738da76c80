import { OPEN_URL_MAX_CHARS } from "@elowen/plugin-api/limits";

/** The outcome of validating a picker action's `openUrl`. */
export type OpenUrlResult =
  | { readonly ok: true; readonly url: string }
  | { readonly ok: false; readonly reason: string };

/**
 * Validates and normalizes an action's `openUrl` (`PickerActionResultSchema`): HTTP or HTTPS only,
 * no embedded credentials, at most OPEN_URL_MAX_CHARS characters once normalized.
 */
export function validateOpenUrl(raw: string): OpenUrlResult {
  if (raw.length > OPEN_URL_MAX_CHARS) {
    return { ok: false, reason: `openUrl is longer than ${OPEN_URL_MAX_CHARS} characters` };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "openUrl is not an absolute URL" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, reason: `openUrl must be http or https, not ${url.protocol.slice(0, -1)}` };
  }
  if (url.username !== "" || url.password !== "") {
    return { ok: false, reason: "openUrl must not embed credentials" };
  }
  const normalized = url.href;
  if (normalized.length > OPEN_URL_MAX_CHARS) {
    return {
      ok: false,
      reason: `openUrl is longer than ${OPEN_URL_MAX_CHARS} characters once normalized`,
    };
  }
  return { ok: true, url: normalized };
}
