import type { Access } from "@elowen/plugin-api/access";
import {
  type ChatSurface,
  type PickerActionResult,
  PickerActionResultSchema,
  type PickerDescriptor,
  PickerDescriptorSchema,
} from "@elowen/plugin-api/commands";
import { ElowenError } from "@elowen/plugin-shared/errors";
import { runWithAccess } from "../call-scope/access-scope.js";
import { type CommandRegistry, pickerRenderer } from "./command-registry.js";
import { validateOpenUrl } from "./open-url.js";

/** A picker call that failed: the HTTP status and a message for the caller. */
export class PickerError extends ElowenError<"plugins.picker_failed"> {
  override readonly name = "PickerError";
  readonly status: number;
  constructor(status: number, message: string) {
    super({ code: "plugins.picker_failed", summary: message });
    this.status = status;
  }
}

/** What a render or action is asked with. */
export interface PickerCall {
  readonly name: string;
  readonly surface: ChatSurface;
  readonly args: string;
  readonly sessionId?: string;
  readonly access: Access;
  /** The view strings of the owning plugin for the reader's language. */
  readonly stringsFor: (plugin: string) => Readonly<Record<string, string>>;
}

/**
 * Renders a picker for a surface. Authorization (adminOnly, grants) is checked here at dispatch,
 * whatever the catalog showed; the descriptor is validated against its bounds.
 */
export async function renderPicker(
  registry: CommandRegistry,
  call: PickerCall,
): Promise<PickerDescriptor> {
  const { command, render } = resolvePicker(registry, call);
  const request = pickerRequest(call, command.plugin);
  const descriptor = await runWithAccess(call.access, () => render(request));
  const parsed = PickerDescriptorSchema.safeParse(descriptor);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PickerError(
      502,
      `${command.plugin} rendered an invalid picker: ${issue?.path.join(".") || "descriptor"}: ${issue?.message}`,
    );
  }
  return parsed.data;
}

/**
 * Runs an explicit action on a picker row. The answer's `openUrl` is validated and normalized
 * (http/https, no credentials, OPEN_URL_MAX_CHARS); one core refuses fails the call with 502.
 */
export async function runPickerAction(
  registry: CommandRegistry,
  call: PickerCall & { readonly itemId: string; readonly action: string },
): Promise<PickerActionResult> {
  const { command } = resolvePicker(registry, call);
  const definition = command.definition;
  if (definition.kind !== "picker" || !definition.action) {
    throw new PickerError(404, `/${call.name} has no actions`);
  }
  const action = (r: Parameters<NonNullable<typeof definition.action>>[0]) =>
    definition.action?.(r);
  const request = {
    ...pickerRequest(call, command.plugin),
    itemId: call.itemId,
    action: call.action,
  };
  const answer = (await runWithAccess(call.access, () => action(request))) ?? {};
  let result: PickerActionResult = answer;
  if (typeof answer.openUrl === "string") {
    const checked = validateOpenUrl(answer.openUrl);
    if (!checked.ok)
      throw new PickerError(
        502,
        `${command.plugin} answered an openUrl core refuses: ${checked.reason}`,
      );
    result = { ...answer, openUrl: checked.url };
  }
  const parsed = PickerActionResultSchema.safeParse(result);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PickerError(
      502,
      `${command.plugin} answered an invalid action result: ${issue?.path.join(".") || "result"}: ${issue?.message}`,
    );
  }
  return parsed.data;
}

function resolvePicker(registry: CommandRegistry, call: PickerCall) {
  const found = registry.lookup(call.name, call.access);
  if (!found.ok) throw new PickerError(found.status, found.error);
  const definition = found.command.definition;
  if (definition.kind !== "picker") throw new PickerError(404, `/${call.name} is not a picker`);
  const render = pickerRenderer(definition, call.surface);
  if (!render) throw new PickerError(404, `/${call.name} has no ${call.surface} picker`);
  return { command: found.command, render };
}

function pickerRequest(call: PickerCall, plugin: string) {
  return {
    access: call.access,
    surface: call.surface,
    args: call.args,
    strings: call.stringsFor(plugin),
    ...(call.sessionId === undefined ? {} : { sessionId: call.sessionId }),
  };
}
