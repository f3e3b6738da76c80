import type { PluginRequest, PluginResponse, PluginRouteHandler } from "@elowen/plugin-api/routes";
import { isRecord } from "@elowen/plugin-shared/record";
import { reservedNames } from "./catalog-reads.js";
import { checkEdit, checkNewSkill, checkRevision } from "./edit-input.js";
import {
  type OwnerOperation,
  type OwnerSpec,
  parseOwnerBody,
  parseOwnerQuery,
  requestActor,
  type SkillOwner,
} from "./owners.js";
import { isRefusal, refuse, type SkillRefusal, type SkillRefusalCode } from "./refusal.js";
import { parseArchive } from "./skill-archive.js";
import { listSkills } from "./skill-list.js";
import type { WrittenSkill } from "./skill-move.js";
import { checkSkillName } from "./skill-paths.js";
import type { SkillRoutesDeps } from "./skill-routes-deps.js";

/** The HTTP status of each refusal. A stale revision is 409 with `{ error }` only. */
export const REFUSAL_STATUS: Readonly<Record<SkillRefusalCode, number>> = {
  "owner-required": 400,
  "owner-invalid": 400,
  "invalid-input": 400,
  "no-personal-target": 403,
  forbidden: 403,
  redirected: 403,
  "account-missing": 404,
  "not-found": 404,
  exists: 409,
  "stale-revision": 409,
  "not-agent-marked": 409,
  "fs-refusal": 503,
};

/**
 * The route handlers of the declared patterns: `GET /plugins/skills/list`, `POST /plugins/skills`,
 * `PATCH` and `DELETE /plugins/skills/:name`, `POST /plugins/skills/:name/owner`, and the whole
 * folder's `POST /plugins/skills/import` and `GET /plugins/skills/:name/export`. Mutations
 * need an explicit `?owner=`; a transfer's destination is the body's `owner`. Refusals answer
 * `{ error }` with the status of {@link REFUSAL_STATUS} before any write or reload.
 */
export function skillRoutes(deps: SkillRoutesDeps): PluginRouteHandler[] {
  return [
    { method: "GET", path: "/plugins/skills/list", handle: (request) => listSkills(deps, request) },
    {
      method: "POST",
      path: "/plugins/skills",
      handle: (request) => respond(() => createSkill(deps, request)),
    },
    {
      method: "PATCH",
      path: "/plugins/skills/:name",
      handle: (request) => respond(() => patchSkill(deps, request)),
    },
    {
      method: "DELETE",
      path: "/plugins/skills/:name",
      handle: (request) => respond(() => deleteSkill(deps, request)),
    },
    {
      method: "POST",
      path: "/plugins/skills/:name/owner",
      handle: (request) => respond(() => transferSkill(deps, request)),
    },
    {
      method: "POST",
      path: "/plugins/skills/import",
      handle: (request) => respond(() => importSkillRoute(deps, request)),
    },
    {
      method: "GET",
      path: "/plugins/skills/:name/export",
      handle: (request) => respond(() => exportSkillRoute(deps, request)),
    },
  ];
}

type Outcome = SkillRefusal | PluginResponse;

async function respond(run: () => Promise<Outcome>): Promise<PluginResponse> {
  const outcome = await run();
  return isRefusal(outcome)
    ? { status: REFUSAL_STATUS[outcome.code], json: { error: outcome.message } }
    : outcome;
}

async function target(
  deps: SkillRoutesDeps,
  request: PluginRequest,
  spec: OwnerSpec | SkillRefusal,
  operation: OwnerOperation,
): Promise<SkillOwner | SkillRefusal> {
  return isRefusal(spec)
    ? spec
    : deps.files.resolveOwner(spec, requestActor(request.access), operation);
}

function written(skill: WrittenSkill, status = 200): PluginResponse {
  const catalogSource = skill.owner.kind === "instance" ? "instance" : "personal";
  return { status, json: { skill: { name: skill.name, catalogSource, revision: skill.revision } } };
}

async function createSkill(deps: SkillRoutesDeps, request: PluginRequest): Promise<Outcome> {
  const spec = parseOwnerQuery(request.query.owner);
  if (isRefusal(spec)) return spec;
  const input = checkNewSkill(request.body);
  if (isRefusal(input)) return input;
  const owner = await target(deps, request, spec, "create");
  if (isRefusal(owner)) return owner;
  const reserved = await reservedNames(deps.catalog, request.access, deps.pluginName);
  const result = await deps.files.create(owner, input, { reserved });
  if (isRefusal(result)) return result;
  await deps.reload();
  return written(result, 201);
}

async function patchSkill(deps: SkillRoutesDeps, request: PluginRequest): Promise<Outcome> {
  const spec = parseOwnerQuery(request.query.owner);
  if (isRefusal(spec)) return spec;
  const name = checkSkillName(request.params.name);
  if (isRefusal(name)) return name;
  const change = checkEdit(request.body, { requireChange: true });
  if (isRefusal(change)) return change;
  const owner = await target(deps, request, spec, "edit");
  if (isRefusal(owner)) return owner;
  const revision =
    change.expectedRevision === undefined ? {} : { expectedRevision: change.expectedRevision };
  const result = await deps.files.patch(owner, name, change.edit, revision);
  if (isRefusal(result)) return result;
  await deps.reload();
  return written(result);
}

async function deleteSkill(deps: SkillRoutesDeps, request: PluginRequest): Promise<Outcome> {
  const spec = parseOwnerQuery(request.query.owner);
  if (isRefusal(spec)) return spec;
  const name = checkSkillName(request.params.name);
  if (isRefusal(name)) return name;
  const expected = deleteRevision(request.body);
  if (isRefusal(expected)) return expected;
  const owner = await target(deps, request, spec, "delete");
  if (isRefusal(owner)) return owner;
  const result = await deps.files.remove(
    owner,
    name,
    expected === undefined ? {} : { expectedRevision: expected },
  );
  if (isRefusal(result)) return result;
  await deps.reload();
  return { status: 200, json: { deleted: name } };
}

function deleteRevision(body: unknown): number | undefined | SkillRefusal {
  if (body === undefined || body === null) return undefined;
  if (!isRecord(body)) return refuse("invalid-input", "body must be a JSON object or empty");
  const extra = Object.keys(body).find((key) => key !== "expectedRevision");
  if (extra !== undefined)
    return refuse(
      "invalid-input",
      `body.${extra} is not a field of this request; allowed: expectedRevision`,
    );
  return body.expectedRevision === undefined
    ? undefined
    : checkRevision(body.expectedRevision, "body.expectedRevision");
}

async function transferSkill(deps: SkillRoutesDeps, request: PluginRequest): Promise<Outcome> {
  const sourceSpec = parseOwnerQuery(request.query.owner);
  if (isRefusal(sourceSpec)) return sourceSpec;
  const name = checkSkillName(request.params.name);
  if (isRefusal(name)) return name;
  if (!isRecord(request.body))
    return refuse("invalid-input", 'body must be a JSON object with the destination "owner"');
  const destinationSpec = parseOwnerBody(request.body.owner);
  if (isRefusal(destinationSpec)) return destinationSpec;
  const change = checkEdit(request.body, { requireChange: false, extraKeys: ["owner"] });
  if (isRefusal(change)) return change;
  // Moving a skill out of a folder removes it there; moving it in creates it there.
  const from = await target(deps, request, sourceSpec, "delete");
  if (isRefusal(from)) return from;
  const to = await target(deps, request, destinationSpec, "create");
  if (isRefusal(to)) return to;
  const reserved = await reservedNames(deps.catalog, request.access, deps.pluginName);
  const result = await deps.files.transfer(from, name, to, {
    edit: change.edit,
    reserved,
    ...(change.expectedRevision === undefined ? {} : { expectedRevision: change.expectedRevision }),
  });
  if (isRefusal(result)) return result;
  await deps.reload();
  return written(result);
}

async function importSkillRoute(deps: SkillRoutesDeps, request: PluginRequest): Promise<Outcome> {
  const spec = parseOwnerQuery(request.query.owner);
  if (isRefusal(spec)) return spec;
  const bytes = archiveBody(request.body);
  if (isRefusal(bytes)) return bytes;
  const archive = parseArchive(bytes);
  if (isRefusal(archive)) return archive;
  const owner = await target(deps, request, spec, "create");
  if (isRefusal(owner)) return owner;
  const reserved = await reservedNames(deps.catalog, request.access, deps.pluginName);
  const result = await deps.files.importArchive(owner, archive, { reserved });
  if (isRefusal(result)) return result;
  await deps.reload();
  return written(result, 201);
}

async function exportSkillRoute(deps: SkillRoutesDeps, request: PluginRequest): Promise<Outcome> {
  const spec = parseOwnerQuery(request.query.owner);
  if (isRefusal(spec)) return spec;
  const name = checkSkillName(request.params.name);
  if (isRefusal(name)) return name;
  const owner = await target(deps, request, spec, "edit");
  if (isRefusal(owner)) return owner;
  const result = await deps.files.exportArchive(owner, name);
  if (isRefusal(result)) return result;
  const archive = Buffer.from(result.archive).toString("base64");
  return { status: 200, json: { name, format: "tar", archive } };
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** `{ archive: "<base64>" }`: the archive's bytes, or a refusal naming the field and the rule. */
function archiveBody(body: unknown): Uint8Array | SkillRefusal {
  if (!isRecord(body))
    return refuse("invalid-input", 'body must be a JSON object { "archive": "<base64>" }');
  const extra = Object.keys(body).find((key) => key !== "archive");
  if (extra !== undefined)
    return refuse(
      "invalid-input",
      `body.${extra} is not a field of this request; allowed: archive`,
    );
  const text = body.archive;
  if (typeof text !== "string" || text === "" || text.length % 4 !== 0 || !BASE64.test(text))
    return refuse(
      "invalid-input",
      "body.archive must be the archive's bytes in base64 (a zip, a tar or a .tar.gz)",
    );
  return Buffer.from(text, "base64");
}
