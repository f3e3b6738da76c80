import type { IncomingHttpHeaders } from "node:http";
import { bearer, type RequestProblem } from "./wire-protocol.js";

function defaultType(status: number): string {
  if (status === 429) return "rate_limit_exceeded";
  return status < 500 ? "invalid_request_error" : "server_error";
}

/** OpenAI's error JSON: `{ error: { message, type, param, code } }`. */
export function openaiErrorBody(status: number, message: string, type: string | undefined) {
  const code = status === 401 ? "invalid_api_key" : null;
  return JSON.stringify({
    error: { message, type: type ?? defaultType(status), param: null, code },
  });
}

/** OpenAI's bearer-key check, without echoing a wrong key back. */
export function openaiCheckAuth(
  headers: IncomingHttpHeaders,
  apiKey: string | undefined,
): RequestProblem | undefined {
  const sent = bearer(headers);
  if (sent === undefined) {
    return {
      status: 401,
      message: "You didn't provide an API key. Send it as Authorization: Bearer <key>.",
    };
  }
  if (apiKey !== undefined && sent !== apiKey) {
    return { status: 401, message: "Incorrect API key provided." };
  }
  return undefined;
}
