import {
  CommandCatalogQuerySchema,
  CommandCatalogSchema,
  CommandParamsSchema,
  PickerActionBodySchema,
  PickerActionResponseSchema,
  PickerRenderBodySchema,
  PickerRenderResponseSchema,
} from "@elowen/wire";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { runWithAccess } from "../../plugins/call-scope/access-scope.js";
import { renderPicker, runPickerAction } from "../../plugins/commands/picker-dispatch.js";
import { requestLanguages, viewStrings } from "../../plugins/ui/view-strings.js";
import type { HttpContext } from "../http-context.js";
import { requestAccess } from "../request-access.js";
import { route, type TypedRequest } from "../zod-route.js";

/** The command catalog (`chatCommands(surface)`) and picker render and action. */
export function commandRoutes(app: FastifyInstance, context: HttpContext): void {
  const stringsFor = (request: FastifyRequest) => {
    const languages = requestLanguages(request, context.language);
    return (plugin: string) => {
      const state = context.registry.states.find((s) => s.name === plugin);
      return state?.manifest ? viewStrings(state.manifest, languages) : {};
    };
  };
  const pickerCall = (
    request: TypedRequest<{
      params: typeof CommandParamsSchema;
      body: typeof PickerRenderBodySchema;
      response: Record<number, never>;
    }>,
  ) => ({
    name: request.params.name,
    surface: request.body.surface,
    args: request.body.args,
    access: requestAccess(request),
    stringsFor: stringsFor(request),
    ...(request.body.sessionId === undefined ? {} : { sessionId: request.body.sessionId }),
  });
  route(app, {
    method: "GET",
    url: "/commands",
    auth: "account",
    summary: "The complete command catalog for a surface",
    tags: ["commands"],
    schema: { querystring: CommandCatalogQuerySchema, response: { 200: CommandCatalogSchema } },
    handler: async (request) => {
      const access = requestAccess(request);
      const commands = await runWithAccess(access, () =>
        context.registry.commands.catalog(request.query.surface, access),
      );
      return { commands };
    },
  });
  route(app, {
    method: "POST",
    url: "/commands/:name/render",
    auth: "account",
    summary: "Render a picker",
    tags: ["commands"],
    schema: {
      params: CommandParamsSchema,
      body: PickerRenderBodySchema,
      response: { 200: PickerRenderResponseSchema },
    },
    handler: async (request) => renderPicker(context.registry.commands, pickerCall(request)),
  });
  route(app, {
    method: "POST",
    url: "/commands/:name/action",
    auth: "account",
    summary: "Run an explicit action on a picker row",
    tags: ["commands"],
    schema: {
      params: CommandParamsSchema,
      body: PickerActionBodySchema,
      response: { 200: PickerActionResponseSchema },
    },
    handler: async (request) =>
      runPickerAction(context.registry.commands, {
        ...pickerCall(request),
        itemId: request.body.itemId,
        action: request.body.action,
      }),
  });
}
