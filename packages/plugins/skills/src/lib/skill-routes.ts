import {
  definePluginRoute,
  type PluginRequest,
  type PluginResponse,
  type PluginRouteHandler,
} from "@elowen/plugin-api/routes";
import { z } from "zod";
import { reservedNames } from "./catalog-reads.js";
import { editOf, newSkillOf } from "./edit-input.js";
import {
  type OwnerOperation,
  type OwnerSpec,
  parseOwnerBody,
  parseOwnerQuery,
  requestActor,
  type SkillOwner,
} from "./owners.js";
import { isRefusal, type SkillRefusal, type SkillRefusalCode } from "./refusal.js";
import { parseArchive } from "./skill-archive.js";
import { listSkills } from "./skill-list.js";
import type { WrittenSkill } from "./skill-move.js";
import type { SkillRoutesDeps } from "./skill-routes-deps.js";
import {
  ErrorAnswerSchema,
  NewSkillSchema,
  OwnerQuerySchema,
  SkillDeleteSchema,
  SkillImportSchema,
  SkillParamsSchema,
  SkillPatchSchema,
  SkillTransferSchema,
  WrittenAnswerSchema,
} from "./skill-schemas.js";

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

/** The refusals a mutation may answer with, for the OpenAPI document. */
const REFUSALS = {
  400: ErrorAnswerSchema,
  403: ErrorAnswerSchema,
  404: ErrorAnswerSchema,
  409: ErrorAnswerSchema,
  503: ErrorAnswerSchema,
};

const createSchema = {
  query: OwnerQuerySchema,
  body: NewSkillSchema,
  response: { 201: WrittenAnswerSchema, ...REFUSALS },
};
const patchSchema = {
  params: SkillParamsSchema,
  query: OwnerQuerySchema,
  body: SkillPatchSchema,
  response: { 200: WrittenAnswerSchema, ...REFUSALS },
};
const deleteSchema = {
  params: SkillParamsSchema,
  query: OwnerQuerySchema,
  body: SkillDeleteSchema,
  response: { 200: z.object({ deleted: z.string() }), ...REFUSALS },
};
const transferSchema = {
  params: SkillParamsSchema,
  query: OwnerQuerySchema,
  body: SkillTransferSchema,
  response: { 200: WrittenAnswerSchema, ...REFUSALS },
};
const importSchema = {
  query: OwnerQuerySchema,
  body: SkillImportSchema,
  response: { 201: WrittenAnswerSchema, ...REFUSALS },
};
const exportSchema = {
  params: SkillParamsSchema,
  query: OwnerQuerySchema,
  response: {
    200: z.object({ name: z.string(), format: z.literal("tar"), archive: z.string() }),
    ...REFUSALS,
  },
};

/**
 * The route handlers of the declared patterns: `GET /plugins/skills/list`, `POST /plugins/skills`,
 * `PATCH` and `DELETE /plugins/skills/:name`, `POST /plugins/skills/:name/owner`, and the whole
 * folder's `POST /plugins/skills/import` and `GET /plugins/skills/:name/export`. Names and bodies
 * are validated by the host at the boundary with the zod schemas of `skill-schemas.ts` (400 naming
 * the field). Mutations need an explicit `?owner=`, read here; a transfer's destination is the
 * body's `owner`. Refusals answer `{ error }` with the status of {@link REFUSAL_STATUS} before
 * any write or reload.
 */
export function skillRoutes(deps: SkillRoutesDeps): PluginRouteHandler[] {
  return [
    {
      method: "GET",
      path: "/plugins/skills/list",
      summary: "The skills the caller may see, with catalogSource and effective",
      handle: (request) => listSkills(deps, request),
    },
    definePluginRoute({
      method: "POST",
      path: "/plugins/skills",
      summary: "Creates a skill in the owner's folder",
      schema: createSchema,
      handle: (request) => respond(() => createSkill(deps, request)),
    }),
    definePluginRoute({
      method: "PATCH",
      path: "/plugins/skills/:name",
      summary: "Edits a skill (partial), optionally checking its revision",
      schema: patchSchema,
      handle: (request) => respond(() => patchSkill(deps, request)),
    }),
    definePluginRoute({
      method: "DELETE",
      path: "/plugins/skills/:name",
      summary: "Removes a skill with its files",
      schema: deleteSchema,
      handle: (request) => respond(() => deleteSkill(deps, request)),
    }),
    definePluginRoute({
      method: "POST",
      path: "/plugins/skills/:name/owner",
      summary: "Moves a skill to the body's owner, optionally editing it",
      schema: transferSchema,
      handle: (request) => respond(() => transferSkill(deps, request)),
    }),
    definePluginRoute({
      method: "POST",
      path: "/plugins/skills/import",
      summary: "Imports a skill folder from a zip, tar or .tar.gz archive",
      schema: importSchema,
      handle: (request) => respond(() => importSkillRoute(deps, request)),
    }),
    definePluginRoute({
      method: "GET",
      path: "/plugins/skills/:name/export",
      summary: "Exports a skill folder as a tar archive",
      schema: exportSchema,
      handle: (request) => respond(() => exportSkillRoute(deps, request)),
    }),
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
  request: { readonly access: PluginRequest["access"] },
  spec: OwnerSpec | SkillRefusal,
  operation: OwnerOperation,
): Promise<SkillOwner | SkillRefusal> {
  return isRefusal(spec)
    ? spec
    : deps.files.resolveOwner(spec, requestActor(request.access), operation);
}

/** The folder a mutation writes in: its `?owner=` query, resolved for `operation`. */
function queryOwner(
  deps: SkillRoutesDeps,
  request: {
    readonly access: PluginRequest["access"];
    readonly query: { readonly owner?: string | undefined };
  },
  operation: OwnerOperation,
): Promise<SkillOwner | SkillRefusal> {
  return target(deps, request, parseOwnerQuery(request.query.owner), operation);
}

/** The revision check a body asks for: none when it names no `expectedRevision`. */
function revisionCheck(body: { readonly expectedRevision?: number | undefined }): {
  expectedRevision?: number;
} {
  return body.expectedRevision === undefined ? {} : { expectedRevision: body.expectedRevision };
}

/** A write's answer: its refusal, or the written skill once the catalog has reloaded. */
async function reloaded(
  deps: SkillRoutesDeps,
  result: WrittenSkill | SkillRefusal,
  status = 200,
): Promise<Outcome> {
  if (isRefusal(result)) return result;
  await deps.reload();
  const catalogSource = result.owner.kind === "instance" ? "instance" : "personal";
  return {
    status,
    json: { skill: { name: result.name, catalogSource, revision: result.revision } },
  };
}

async function createSkill(
  deps: SkillRoutesDeps,
  request: PluginRequest<typeof createSchema>,
): Promise<Outcome> {
  const owner = await queryOwner(deps, request, "create");
  if (isRefusal(owner)) return owner;
  const reserved = await reservedNames(deps.catalog, request.access, deps.pluginName);
  const result = await deps.files.create(owner, newSkillOf(request.body), { reserved });
  return reloaded(deps, result, 201);
}

async function patchSkill(
  deps: SkillRoutesDeps,
  request: PluginRequest<typeof patchSchema>,
): Promise<Outcome> {
  const owner = await queryOwner(deps, request, "edit");
  if (isRefusal(owner)) return owner;
  const edit = editOf(request.body);
  const result = await deps.files.patch(
    owner,
    request.params.name,
    edit,
    revisionCheck(request.body),
  );
  return reloaded(deps, result);
}

async function deleteSkill(
  deps: SkillRoutesDeps,
  request: PluginRequest<typeof deleteSchema>,
): Promise<Outcome> {
  const owner = await queryOwner(deps, request, "delete");
  if (isRefusal(owner)) return owner;
  const name = request.params.name;
  const result = await deps.files.remove(owner, name, revisionCheck(request.body));
  if (isRefusal(result)) return result;
  await deps.reload();
  return { status: 200, json: { deleted: name } };
}

async function transferSkill(
  deps: SkillRoutesDeps,
  request: PluginRequest<typeof transferSchema>,
): Promise<Outcome> {
  const sourceSpec = parseOwnerQuery(request.query.owner);
  if (isRefusal(sourceSpec)) return sourceSpec;
  const destinationSpec = parseOwnerBody(request.body.owner);
  if (isRefusal(destinationSpec)) return destinationSpec;
  // Moving a skill out of a folder removes it there; moving it in creates it there.
  const from = await target(deps, request, sourceSpec, "delete");
  if (isRefusal(from)) return from;
  const to = await target(deps, request, destinationSpec, "create");
  if (isRefusal(to)) return to;
  const reserved = await reservedNames(deps.catalog, request.access, deps.pluginName);
  const result = await deps.files.transfer(from, request.params.name, to, {
    edit: editOf(request.body),
    reserved,
    ...revisionCheck(request.body),
  });
  return reloaded(deps, result);
}

async function importSkillRoute(
  deps: SkillRoutesDeps,
  request: PluginRequest<typeof importSchema>,
): Promise<Outcome> {
  const spec = parseOwnerQuery(request.query.owner);
  if (isRefusal(spec)) return spec;
  const archive = parseArchive(Buffer.from(request.body.archive, "base64"));
  if (isRefusal(archive)) return archive;
  const owner = await target(deps, request, spec, "create");
  if (isRefusal(owner)) return owner;
  const reserved = await reservedNames(deps.catalog, request.access, deps.pluginName);
  const result = await deps.files.importArchive(owner, archive, { reserved });
  return reloaded(deps, result, 201);
}

async function exportSkillRoute(
  deps: SkillRoutesDeps,
  request: PluginRequest<typeof exportSchema>,
): Promise<Outcome> {
  const name = request.params.name;
  const owner = await queryOwner(deps, request, "edit");
  if (isRefusal(owner)) return owner;
  const result = await deps.files.exportArchive(owner, name);
  if (isRefusal(result)) return result;
  const archive = Buffer.from(result.archive).toString("base64");
  return { status: 200, json: { name, format: "tar", archive } };
}
