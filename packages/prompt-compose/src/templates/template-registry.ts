import { PROMPT_TEMPLATE_NAME_PATTERN } from "@elowen/plugin-api/limits";
import type { PromptRegistration, TemplateVariables } from "@elowen/plugin-api/prompt-context";
import { PromptComposeError } from "../prompt-compose-error.js";
import { renderTemplateText } from "./render-template.js";
import { readTemplateFile, resolveTemplateDir, templateFileSync } from "./template-files.js";

/** The host's own templates: markdown files `<dir>/<name>.md` under the names listed. */
export interface CoreTemplates {
  readonly dir: string;
  readonly names: readonly string[];
}

/**
 * Registered prompt templates of one host: core names and plugin names share one namespace, so a
 * plugin cannot take a core name or another plugin's name. Not exported: the prompt registry
 * hands each plugin its own view.
 */
export class TemplateRegistry {
  private readonly coreDir: string | undefined;
  private readonly coreNames: ReadonlySet<string>;
  private readonly owned = new Map<string, { readonly plugin: string; readonly dir: string }>();

  constructor(core: CoreTemplates | undefined) {
    this.coreDir =
      core === undefined ? undefined : resolveTemplateDir(core.dir, undefined, "coreTemplates.dir");
    this.coreNames = new Set(core?.names ?? []);
  }

  /** Registers a plugin's templates, all or none (the capability check is the caller's). */
  register(plugin: string, root: string, prompts: PromptRegistration): void {
    if (typeof prompts !== "object" || prompts === null || !Array.isArray(prompts.entries)) {
      throw new PromptComposeError(
        "invalid-input",
        "registerPrompts takes { dir, entries: [{ name }] }",
        {
          field: "entries",
        },
      );
    }
    const dir = resolveTemplateDir(prompts.dir, root, "dir");
    const names = new Set<string>();
    prompts.entries.forEach((entry, index) => {
      const field = `entries[${index}].name`;
      const name: unknown = entry?.name;
      if (typeof name !== "string" || !PROMPT_TEMPLATE_NAME_PATTERN.test(name)) {
        throw new PromptComposeError(
          "invalid-input",
          `${field} ${JSON.stringify(name)} is not a template name: lowercase letters, digits, "-" and "_", in segments joined by "/"`,
          { field },
        );
      }
      const owner = this.coreNames.has(name)
        ? "core"
        : (this.owned.get(name)?.plugin ?? (names.has(name) ? plugin : undefined));
      if (owner !== undefined) {
        throw new PromptComposeError(
          "duplicate",
          `${field} "${name}" is refused: ${owner === "core" ? "core has a template" : `plugin ${owner} registered one`} by that name`,
          {
            field,
          },
        );
      }
      templateFileSync(dir, name, field);
      names.add(name);
    });
    for (const name of names) this.owned.set(name, { plugin, dir });
  }

  /** This plugin's registered template `name`, else core's; `template-unknown` otherwise. */
  async raw(plugin: string, name: string): Promise<string> {
    const own = this.owned.get(name);
    if (own !== undefined && own.plugin === plugin) return readTemplateFile(own.dir, name);
    if (this.coreDir !== undefined && this.coreNames.has(name))
      return readTemplateFile(this.coreDir, name);
    throw new PromptComposeError(
      "template-unknown",
      `no template "${name}": plugin ${plugin} registered none by that name and core has none`,
      { field: "name" },
    );
  }

  /** Reads and renders a template (see `renderTemplateText` for the syntax). */
  async render(plugin: string, name: string, variables: TemplateVariables): Promise<string> {
    return renderTemplateText(await this.raw(plugin, name), variables);
  }

  /** Forgets a plugin's templates. */
  withdraw(plugin: string): void {
    for (const [name, owner] of this.owned) if (owner.plugin === plugin) this.owned.delete(name);
  }
}
