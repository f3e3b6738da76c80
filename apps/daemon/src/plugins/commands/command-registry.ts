import type { Access } from "@elowen/plugin-api/access";
import {
  type ChatCommandDescriptor,
  type ChatSurface,
  type CommandDefinition,
  type CommandProvider,
  CommandRegistrationSchema,
  type PickerCommand,
  type PickerDescriptor,
  type PickerRequest,
} from "@elowen/plugin-api/commands";
import { COMMAND_NAME_PATTERN } from "@elowen/plugin-api/limits";
import { isGranted } from "../call-scope/grants.js";
import {
  PLUGIN_REGISTRATION_ERRORS,
  PluginRegistrationError,
} from "../context/registration-error.js";
import { askAliasProvider, type ProviderTimers } from "./alias-provider.js";
import { CORE_COMMANDS } from "./core-commands.js";

/** A command a plugin registered, with its owner. */
export interface RegisteredCommand {
  readonly plugin: string;
  readonly definition: CommandDefinition;
  /** True when the owner is user-grantable: accounts see it only when granted (or administrators). */
  readonly grantable: boolean;
}

interface RegisteredProvider {
  readonly plugin: string;
  readonly provider: CommandProvider;
  readonly grantable: boolean;
}

/** Why a command cannot be used by this reader. */
export type CommandLookup =
  | { readonly ok: true; readonly command: RegisteredCommand }
  | { readonly ok: false; readonly status: 403 | 404; readonly error: string };

/**
 * The live command registry: core commands, plugin commands and per-account alias providers.
 * Names match COMMAND_NAME_PATTERN; a collision with core or another plugin is refused at
 * registration naming both owners; `adminOnly` applies to publication and to dispatch.
 */
export class CommandRegistry {
  readonly #commands = new Map<string, RegisteredCommand>();
  readonly #providers: RegisteredProvider[] = [];
  readonly #log: (message: string) => void;
  readonly #timers: ProviderTimers | undefined;

  constructor(log: (message: string) => void = () => {}, timers?: ProviderTimers) {
    this.#log = log;
    this.#timers = timers;
  }

  /** Validates a registration and refuses a collision; throws a message naming both owners. */
  check(
    plugin: string,
    definition: CommandDefinition,
    staged: ReadonlySet<string> = new Set(),
  ): void {
    const parsed = CommandRegistrationSchema.safeParse(definition);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join(".") || "command";
      throw new TypeError(`registerCommand: ${field}: ${issue?.message ?? "invalid"}`);
    }
    if (definition.kind === "picker" && !definition.render && !definition.cliPicker?.render) {
      throw new TypeError(
        `registerCommand: picker /${definition.name} needs render or cliPicker.render`,
      );
    }
    const name = definition.name;
    if (CORE_COMMANDS.some((c) => c.name === name)) {
      throw new PluginRegistrationError({
        code: PLUGIN_REGISTRATION_ERRORS.reserved,
        summary: `registerCommand: /${name} is a core command; ${plugin} cannot register it`,
      });
    }
    const existing = this.#commands.get(name);
    if (existing) {
      throw new PluginRegistrationError({
        code: PLUGIN_REGISTRATION_ERRORS.duplicate,
        summary: `registerCommand: /${name} is already registered by ${existing.plugin}; ${plugin} cannot register it too`,
      });
    }
    if (staged.has(name)) {
      throw new PluginRegistrationError({
        code: PLUGIN_REGISTRATION_ERRORS.duplicate,
        summary: `registerCommand: ${plugin} registers /${name} twice`,
      });
    }
  }

  /** Adds a checked command. */
  add(command: RegisteredCommand): void {
    this.check(command.plugin, command.definition);
    this.#commands.set(command.definition.name, command);
  }

  /** Adds a provider of per-account aliases. */
  addProvider(plugin: string, provider: CommandProvider, grantable: boolean): void {
    this.#providers.push({ plugin, provider, grantable });
  }

  /** The command by name as this reader may dispatch it, or why not. */
  lookup(name: string, access: Access): CommandLookup {
    const command = this.#commands.get(name);
    if (!command) return { ok: false, status: 404, error: `no command /${name}` };
    if (!visibleTo(command, access)) {
      return { ok: false, status: 404, error: `no command /${name}` };
    }
    if (command.definition.adminOnly && !access.isAdmin) {
      return { ok: false, status: 403, error: `/${name} is for administrators` };
    }
    return { ok: true, command };
  }

  /**
   * The complete catalog for a surface and reader (`chatCommands(surface)`): core commands, plugin
   * commands the reader may use, then provider aliases. Core and static plugin names win an alias
   * collision; a provider that fails, answers garbage or runs past its deadline is skipped
   * (see {@link askAliasProvider}).
   */
  async catalog(surface: ChatSurface, access: Access): Promise<ChatCommandDescriptor[]> {
    const rows: ChatCommandDescriptor[] = [...CORE_COMMANDS];
    const taken = new Set(rows.map((r) => r.name));
    for (const command of this.#commands.values()) {
      if (!visibleTo(command, access)) continue;
      if (command.definition.adminOnly && !access.isAdmin) continue;
      const row = describe(command, surface);
      if (!row) continue;
      rows.push(row);
      taken.add(row.name);
    }
    for (const command of this.#commands.values()) taken.add(command.definition.name);
    const results = await Promise.all(
      this.#providers.map(async (entry) => {
        if (!isGranted(access, entry.plugin, entry.grantable)) return [];
        const aliases = await askAliasProvider(
          entry.plugin,
          entry.provider,
          { access, surface },
          this.#log,
          this.#timers,
        );
        return aliases.map((alias) => ({ alias, entry }));
      }),
    );
    for (const { alias, entry } of results.flat()) {
      if (!COMMAND_NAME_PATTERN.test(alias.name) || taken.has(alias.name)) continue;
      taken.add(alias.name);
      rows.push({
        name: alias.name,
        description: alias.description,
        kind: "prompt",
        mechanism: "alias",
        owner: entry.plugin,
        adminOnly: false,
        target: alias.target,
      });
    }
    return rows;
  }
}

function visibleTo(command: RegisteredCommand, access: Access): boolean {
  return isGranted(access, command.plugin, command.grantable);
}

function describe(
  command: RegisteredCommand,
  surface: ChatSurface,
): ChatCommandDescriptor | undefined {
  const d = command.definition;
  const base = {
    name: d.name,
    description: d.description,
    owner: command.plugin,
    adminOnly: d.adminOnly === true,
  };
  if (d.kind === "prompt") {
    return {
      ...base,
      kind: "prompt",
      mechanism: "prompt",
      ...(d.argumentHint === undefined ? {} : { argumentHint: d.argumentHint }),
    };
  }
  if (!pickerRenderer(d, surface)) return undefined;
  return {
    ...base,
    kind: "picker",
    mechanism: "picker",
    ...(d.cardAction === undefined ? {} : { cardAction: d.cardAction }),
    ...(d.cliPicker === undefined ? {} : { cliPicker: { scope: d.cliPicker.scope } }),
  };
}

/** The renderer of a picker for a surface: the CLI uses its cliPicker; the web falls back to it. */
export function pickerRenderer(
  command: PickerCommand,
  surface: ChatSurface,
): ((request: PickerRequest) => PickerDescriptor | Promise<PickerDescriptor>) | undefined {
  const cli = command.cliPicker;
  const web = command.render;
  if (surface === "web" && web) return (request) => web.call(command, request);
  return cli ? (request) => cli.render(request) : undefined;
}
