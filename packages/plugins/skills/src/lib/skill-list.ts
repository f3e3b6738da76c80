import type { Access } from "@elowen/plugin-api/access";
import type { PluginRequest, PluginResponse } from "@elowen/plugin-api/routes";
import type { SkillCatalogEntry } from "@elowen/plugin-api/skills";
import { visible } from "./catalog-reads.js";
import type { SkillOwner } from "./owners.js";
import { isRefusal } from "./refusal.js";
import type { SkillRoutesDeps } from "./skill-routes-deps.js";

/** One row of `GET /plugins/skills/list`: `catalogSource` and `effective` are the only scope and state fields. */
export interface SkillListRow {
  readonly name: string;
  readonly description: string;
  readonly plugin: string;
  readonly catalogSource: SkillCatalogEntry["catalogSource"];
  readonly effective: SkillCatalogEntry["effective"];
  readonly lineCount: number | null;
  /** For this plugin's personal and instance skills: the revision to send as `expectedRevision`. */
  readonly revision?: number;
  /** For this plugin's personal and instance skills: the markdown body, for the editor. */
  readonly content?: string;
}

/**
 * `GET /plugins/skills/list`: the reader's catalog, awaited now. This plugin's own personal and
 * instance skills are read through the file owner for their revision and body (the editor's
 * `expectedRevision` and text); a file that cannot be read is listed without them. An
 * administrator also gets `diagnostics`: every remark of the catalog (skills left out and why,
 * warnings), host paths included.
 */
export async function listSkills(
  deps: SkillRoutesDeps,
  request: PluginRequest,
): Promise<PluginResponse> {
  const entries = await visible(deps.catalog, request.access);
  const skills: SkillListRow[] = [];
  for (const entry of entries) {
    const row: SkillListRow = {
      name: entry.name,
      description: entry.description,
      plugin: entry.plugin,
      catalogSource: entry.catalogSource,
      effective: entry.effective,
      lineCount: entry.lineCount,
    };
    const owner = editableOwner(deps, entry, request.access);
    const file = owner ? await deps.files.read(owner, entry.name) : undefined;
    skills.push(
      file && !isRefusal(file)
        ? { ...row, revision: file.revision, content: file.source.body }
        : row,
    );
  }
  const diagnostics =
    request.access.isAdmin && deps.catalog.diagnostics !== undefined
      ? await deps.catalog.diagnostics()
      : [];
  return { status: 200, json: { skills, diagnostics } };
}

function editableOwner(
  deps: SkillRoutesDeps,
  entry: SkillCatalogEntry,
  access: Access,
): SkillOwner | undefined {
  if (entry.plugin !== deps.pluginName) return undefined;
  if (entry.catalogSource === "instance") return { kind: "instance" };
  if (
    entry.catalogSource === "personal" &&
    entry.ownerUserId !== null &&
    entry.ownerUserId === access.userId
  ) {
    return { kind: "personal", userId: entry.ownerUserId };
  }
  return undefined;
}
