import type { SkillCatalogEntry, SkillInvocation } from "@elowen/plugin-api/skills";
import { type Contribution, entryOf } from "../registry/contribution.js";
import { type Reader, selectWinner } from "../registry/projection.js";
import type { CatalogIndex } from "../registry/snapshot.js";

/** A name resolved for one reader: the selected contribution and its entry, or why there is none. */
export type Resolution =
  | { readonly ok: true; readonly contribution: Contribution; readonly entry: SkillCatalogEntry }
  | { readonly ok: false; readonly reason: "missing" | "denied"; readonly message: string };

/**
 * Resolves a name the way the projections select it (grants and ownership, then enabled over
 * disabled, then precedence). With `invocation`, the selection must also be effective in that
 * projection: `user` needs a user-invocable skill, `model` one offered to the model. Another
 * account's personal skill reads as missing, never as denied, so its name does not leak.
 */
export function resolveSkill(
  index: CatalogIndex,
  reader: Reader,
  name: string,
  invocation?: SkillInvocation,
): Resolution {
  const userId = reader.access.userId;
  const shared = index.shared.byName.get(name);
  const own = userId === null ? undefined : index.owned.get(userId)?.byName.get(name);
  const winner = selectWinner(reader, shared, own);
  const quoted = JSON.stringify(name);
  if (winner === undefined) {
    return shared === undefined
      ? { ok: false, reason: "missing", message: `no skill is named ${quoted}` }
      : {
          ok: false,
          reason: "denied",
          message: `skill ${quoted} belongs to a plugin this account is not granted`,
        };
  }
  const model = reader.modelEffective(winner);
  const user = winner.userInvocable;
  if (invocation === "model" && !model) {
    return { ok: false, reason: "denied", message: `skill ${quoted} is not offered to the model` };
  }
  if (invocation === "user" && !user) {
    return { ok: false, reason: "denied", message: `skill ${quoted} is not user-invocable` };
  }
  return { ok: true, contribution: winner, entry: entryOf(winner, model, user) };
}
