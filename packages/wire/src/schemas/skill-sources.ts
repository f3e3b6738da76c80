import { z } from "zod";

/** One remark of the skill catalog about a skill file or folder (`@elowen/skill-catalog`). */
export const SkillDiagnosticSchema = z.strictObject({
  code: z.string(),
  /** `loaded` (a warning), `skipped` (left out), or `unmeasured` (listed without a line count). */
  outcome: z.enum(["loaded", "skipped", "unmeasured"]),
  path: z.string(),
  name: z.string().optional(),
  /** The label of the folder the file was found in. */
  source: z.string().optional(),
  message: z.string(),
});
/** One catalog remark. */
export type SkillDiagnostic = z.infer<typeof SkillDiagnosticSchema>;

/** One Agent Skills folder the daemon reads, and whether it is read. */
export const SkillSourceStatusSchema = z.strictObject({
  contributor: z.string(),
  label: z.string(),
  root: z.string(),
  needsApproval: z.boolean(),
  trust: z.enum(["trusted", "approved", "unapproved", "changed"]),
  fingerprint: z.string().optional(),
});
/** One skill folder's status. */
export type SkillSourceStatus = z.infer<typeof SkillSourceStatusSchema>;

/** `GET /skills/sources`: the folders read in place and every remark of the catalog. */
export const SkillSourcesSchema = z.strictObject({
  sources: z.array(SkillSourceStatusSchema),
  diagnostics: z.array(SkillDiagnosticSchema),
});
/** `GET /skills/sources`. */
export type SkillSources = z.infer<typeof SkillSourcesSchema>;

/** `POST /skills/sources/approve`: the owner approves a workspace folder as it is now. */
export const ApproveSkillSourceBodySchema = z.strictObject({
  root: z.string().min(1).max(4096),
  /** The fingerprint `GET /skills/sources` showed; a folder changed since is refused (409). */
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/, "64 lowercase hex digits"),
});
/** `POST /skills/sources/approve`. */
export type ApproveSkillSourceBody = z.infer<typeof ApproveSkillSourceBodySchema>;
