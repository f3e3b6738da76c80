import type { FastifyError, FastifyInstance } from "fastify";
import { PausedError } from "../brain/brain.js";
import { RelayTimeoutError } from "../brain/session/turn-relay.js";
import { PickerError } from "../plugins/commands/picker-dispatch.js";
import { StoreError } from "../store/store-error.js";
import { RequestValidationError } from "./validation-error.js";

const STORE_STATUS = {
  "store.not_found": 404,
  "store.invalid": 400,
  "store.conflict": 409,
  "store.fenced": 409,
} as const;

/**
 * Answers every error as `{ error }` (plus `path` and `issues` for validation): 400 for invalid
 * input naming the failing path, the store's refusals mapped to 404/400/409, Fastify's own 4xx
 * (body too large, malformed JSON) with their message, and 500 with nothing internal for the rest.
 */
export function installErrorHandler(app: FastifyInstance, log: (message: string) => void): void {
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof RequestValidationError) {
      const first = error.issues[0];
      return reply.code(400).send({
        error: error.message,
        ...(first ? { path: first.path } : {}),
        issues: error.issues,
      });
    }
    if (error instanceof StoreError)
      return reply.code(STORE_STATUS[error.code]).send({ error: error.message });
    if (error instanceof PausedError || error instanceof RelayTimeoutError)
      return reply.code(503).send({ error: error.message });
    if (error instanceof PickerError)
      return reply.code(error.status).send({ error: error.message });
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send({ error: clientMessage(error) });
    }
    log(`request failed: ${error.stack ?? error.message}`);
    return reply.code(500).send({ error: "internal error" });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: `no route ${request.method} ${request.url.split("?")[0]}` });
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "the request body is larger than the daemon accepts (server.bodyLimitBytes)";
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return `the request body is not valid JSON: ${error.message}`;
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "the request body must be application/json";
    default:
      return error.message;
  }
}
