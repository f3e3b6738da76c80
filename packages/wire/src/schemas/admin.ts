import { z } from "zod";

/** `GET /admin/hooks/audit`: the hook bus's audit ring buffer, oldest first (administrators only). */
export const HookAuditSchema = z.strictObject({
  entries: z.array(z.record(z.string(), z.unknown())),
});
/** `GET /admin/hooks/audit`. */
export type HookAudit = z.infer<typeof HookAuditSchema>;

/** `GET|PUT /accounts/:accountId/grants`: user-grantable plugins and the plugin-skill switch. */
export const GrantsSchema = z.strictObject({
  plugins: z.array(z.string().min(1).max(214)).max(500),
  pluginSkills: z.boolean(),
});
/** An account's grants. */
export type Grants = z.infer<typeof GrantsSchema>;
