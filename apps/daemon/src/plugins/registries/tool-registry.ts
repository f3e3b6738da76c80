import { type PluginTool, TOOL_NAME_PATTERN, type ToolSource } from "@elowen/plugin-api/tools";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { z } from "zod";
import {
  PLUGIN_REGISTRATION_ERRORS,
  PluginRegistrationError,
} from "../context/registration-error.js";

/** A tool a plugin registered, with its arguments as JSON Schema for the provider. */
export interface RegisteredTool {
  readonly plugin: string;
  readonly tool: PluginTool;
  /** `parameters` converted with `z.toJSONSchema` at registration. */
  readonly parametersJsonSchema: Record<string, unknown>;
}

/**
 * The tools plugins registered, for the brain (part 2) to offer the model and code mode. Names
 * match TOOL_NAME_PATTERN and are unique across plugins.
 */
export class ToolRegistry {
  readonly #tools = new Map<string, RegisteredTool>();
  readonly #sources: { readonly plugin: string; readonly source: ToolSource }[] = [];

  /** Validates a tool and converts its parameters; throws naming the field or both owners. */
  prepare(
    plugin: string,
    tool: PluginTool,
    staged: ReadonlySet<string> = new Set(),
  ): RegisteredTool {
    if (typeof tool !== "object" || tool === null)
      throw new TypeError("registerTool: the tool is an object");
    if (typeof tool.name !== "string" || !TOOL_NAME_PATTERN.test(tool.name)) {
      throw new TypeError(
        `registerTool: name must match ${TOOL_NAME_PATTERN} (a letter, then up to 63 letters, digits, "_" or "-")`,
      );
    }
    if (typeof tool.description !== "string" || tool.description.trim() === "") {
      throw new TypeError(`registerTool: ${tool.name}: description is required`);
    }
    if (tool.direct !== undefined && typeof tool.direct !== "boolean") {
      throw new TypeError(`registerTool: ${tool.name}: direct must be true or false`);
    }
    if (typeof tool.execute !== "function") {
      throw new TypeError(`registerTool: ${tool.name}: execute must be a function`);
    }
    if (
      typeof tool.parameters !== "object" ||
      tool.parameters === null ||
      !("_zod" in tool.parameters)
    ) {
      throw new TypeError(`registerTool: ${tool.name}: parameters must be a zod schema`);
    }
    const owner = this.#tools.get(tool.name)?.plugin;
    if (owner)
      throw new PluginRegistrationError({
        code: PLUGIN_REGISTRATION_ERRORS.duplicate,
        summary: `registerTool: ${tool.name} is already registered by ${owner}; ${plugin} cannot register it too`,
      });
    if (staged.has(tool.name))
      throw new PluginRegistrationError({
        code: PLUGIN_REGISTRATION_ERRORS.duplicate,
        summary: `registerTool: ${plugin} registers ${tool.name} twice`,
      });
    let parametersJsonSchema: Record<string, unknown>;
    try {
      parametersJsonSchema = z.toJSONSchema(tool.parameters, { io: "input" }) as Record<
        string,
        unknown
      >;
    } catch (error) {
      throw new TypeError(
        `registerTool: ${tool.name}: parameters cannot be expressed as JSON Schema: ${errorMessage(error)}`,
      );
    }
    return { plugin, tool, parametersJsonSchema };
  }

  /** Adds a prepared tool. */
  add(entry: RegisteredTool): void {
    this.#tools.set(entry.tool.name, entry);
  }

  /** A tool by name. */
  get(name: string): RegisteredTool | undefined {
    return this.#tools.get(name);
  }

  /** Adds a plugin's live tool source (`ctx.registerToolSource`). */
  addSource(plugin: string, source: ToolSource): void {
    this.#sources.push({ plugin, source });
  }

  /** The registered tool sources, in registration order. */
  sources(): readonly { readonly plugin: string; readonly source: ToolSource }[] {
    return this.#sources;
  }

  /** Every registered tool, in registration order. */
  list(): readonly RegisteredTool[] {
    return [...this.#tools.values()];
  }
}
