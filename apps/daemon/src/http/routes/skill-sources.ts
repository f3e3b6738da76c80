import { ApproveSkillSourceBodySchema, SkillSourcesSchema } from "@elowen/wire";
import type { FastifyInstance } from "fastify";
import { StoreError } from "../../store/store-error.js";
import type { HttpContext } from "../http-context.js";
import { route } from "../zod-route.js";

/**
 * The Agent Skills folders read in place: what they are, whether each is read, and every remark
 * of the catalog (administrators); the owner's approval of a workspace folder as it is now.
 */
export function skillSourceRoutes(app: FastifyInstance, context: HttpContext): void {
  const { skillSources, registry } = context;
  route(app, {
    method: "GET",
    url: "/skills/sources",
    auth: "admin",
    summary: "The skill folders read in place, and the catalog's diagnostics",
    tags: ["skills"],
    schema: { response: { 200: SkillSourcesSchema } },
    handler: async () => ({
      sources: skillSources.status(),
      diagnostics: registry.skills.diagnostics().map((note) => ({ ...note })),
    }),
  });
  route(app, {
    method: "POST",
    url: "/skills/sources/approve",
    auth: "owner",
    summary: "Approve a workspace skill folder as it is now (owner)",
    tags: ["skills"],
    schema: { body: ApproveSkillSourceBodySchema, response: { 200: SkillSourcesSchema } },
    handler: async (request) => {
      const { root, fingerprint } = request.body;
      const current = skillSources
        .status()
        .find((status) => status.root === root && status.needsApproval);
      if (current === undefined)
        throw new StoreError("not_found", `no skill folder needing approval has root ${root}`);
      if (current.fingerprint !== fingerprint) {
        throw new StoreError(
          "conflict",
          `${root} changed since it was shown (its fingerprint is now ${current.fingerprint}); look at it again`,
        );
      }
      await skillSources.approve(root, fingerprint);
      return {
        sources: skillSources.status(),
        diagnostics: registry.skills.diagnostics().map((note) => ({ ...note })),
      };
    },
  });
}
