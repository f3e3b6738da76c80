import { SESSION_KINDS } from "@elowen/plugin-api/hooks";
import { z } from "zod";

/** Session ids are host-minted: `s_` and 20 to 40 lowercase letters and digits. */
export const SESSION_ID_PATTERN = /^s_[a-z0-9]{20,40}$/;
/** Journal entry ids are host-minted: `e_` and 20 to 40 lowercase letters and digits. */
export const ENTRY_ID_PATTERN = /^e_[a-z0-9]{20,40}$/;

/** A session id, validated against {@link SESSION_ID_PATTERN}. */
export const SessionIdSchema = z
  .string()
  .regex(SESSION_ID_PATTERN, "a session id is s_ followed by 20 to 40 letters and digits");

/** A session as the API shows it. */
export const SessionSchema = z.strictObject({
  id: z.string(),
  ownerId: z.number().int().positive(),
  title: z.string().nullable(),
  kind: z.enum(SESSION_KINDS),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** The directory the session works in, when it was created with one. */
  workspace: z.string().optional(),
});
/** A session. */
export type Session = z.infer<typeof SessionSchema>;

/** The longest workspace path a session may be created with. */
export const SESSION_WORKSPACE_MAX_CHARS = 4096;

/**
 * `POST /sessions`: clients create interactive sessions; other kinds belong to the host.
 * `workspace` is the directory the session works in (the CLI sends its working directory): an
 * absolute path of at most {@link SESSION_WORKSPACE_MAX_CHARS} characters; the daemon also checks
 * that it is an existing directory within the roots its owner allows (`brain.allowedWorkspaces`).
 */
export const CreateSessionBodySchema = z.strictObject({
  title: z.string().trim().min(1).max(200).optional(),
  workspace: z
    .string()
    .min(1, "workspace must be an absolute directory path")
    .max(
      SESSION_WORKSPACE_MAX_CHARS,
      `workspace is longer than ${SESSION_WORKSPACE_MAX_CHARS} characters`,
    )
    .refine((path) => path.startsWith("/"), "workspace must be an absolute path (starting with /)")
    .optional(),
});
/** `POST /sessions` body. */
export type CreateSessionBody = z.input<typeof CreateSessionBodySchema>;

/** `PATCH /sessions/:sessionId`. */
export const UpdateSessionBodySchema = z.strictObject({
  title: z.string().trim().min(1, "a title is required").max(200),
});
/** `PATCH /sessions/:sessionId` body. */
export type UpdateSessionBody = z.input<typeof UpdateSessionBodySchema>;

/** `:sessionId` path parameters. */
export const SessionParamsSchema = z.strictObject({ sessionId: SessionIdSchema });

/** Page size bounds shared by every paged listing. */
export const PAGE_LIMIT_MAX = 200;

/** A cursor page request: an opaque cursor from the previous page and a size (1 to 200, default 50). */
export const PageQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(50),
});
/** A cursor page request. */
export interface PageQuery {
  readonly cursor?: string;
  readonly limit?: number;
}

/** `GET /sessions`: the caller's sessions, most recently updated first. */
export const SessionPageSchema = z.strictObject({
  sessions: z.array(SessionSchema),
  nextCursor: z.string().nullable(),
});
/** `GET /sessions`. */
export type SessionPage = z.infer<typeof SessionPageSchema>;
