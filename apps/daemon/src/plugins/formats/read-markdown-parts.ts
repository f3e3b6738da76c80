import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { isCommandName } from "@elowen/plugin-api";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { ForeignAgent, ForeignCommand, ForeignSkill } from "./foreign-plugin.js";
import { parseMarkdownDocument, stringAttribute } from "./frontmatter.js";

/** Frontmatter keys of a Claude Code command we have no place for. */
const UNMAPPED_COMMAND_KEYS = ["allowed-tools", "model", "disable-model-invocation"];
/** Frontmatter keys of a Claude Code agent we have no place for. */
const UNMAPPED_AGENT_KEYS = ["tools", "model", "color"];

/**
 * `commands/**\/*.md` as prompt commands named after the file (`greet.md` → `/greet`; an
 * underscore becomes a dash, said in a diagnostic); `description` and `argument-hint` from the
 * frontmatter, the body as the prompt (`$ARGUMENTS`, `$1`… are substituted by prompt-compose).
 */
export function readCommands(dir: string, diagnostics: string[]): ForeignCommand[] {
  const commands: ForeignCommand[] = [];
  for (const file of markdownFiles(join(dir, "commands"))) {
    const where = relative(dir, file);
    const stem = basename(file, ".md");
    const name = stem.toLowerCase().replace(/_/g, "-");
    if (!isCommandName(name)) {
      diagnostics.push(
        `${where}: /${stem} is not a command name (1–32 lowercase letters, digits, dashes); not registered`,
      );
      continue;
    }
    if (name !== stem) diagnostics.push(`${where}: registered as /${name}`);
    const doc = readDocument(file, where, diagnostics);
    if (!doc) continue;
    if (doc.body.trim() === "") {
      diagnostics.push(`${where}: the command has no prompt text; not registered`);
      continue;
    }
    for (const key of UNMAPPED_COMMAND_KEYS)
      if (key in doc.attributes) diagnostics.push(`${where}: ${key} is not mapped`);
    if (/!`[^`]+`/.test(doc.body))
      diagnostics.push(`${where}: !\`command\` lines are sent as text, not run`);
    const argumentHint = stringAttribute(doc.attributes, "argument-hint");
    commands.push({
      name,
      description: stringAttribute(doc.attributes, "description") ?? firstLine(doc.body),
      ...(argumentHint === undefined ? {} : { argumentHint }),
      prompt: doc.body.trim(),
    });
  }
  return commands;
}

/** `agents/*.md` as sub-agent personas: `name` (else the file's), `description`, the body. */
export function readAgents(dir: string, diagnostics: string[]): ForeignAgent[] {
  const agents: ForeignAgent[] = [];
  for (const file of markdownFiles(join(dir, "agents"))) {
    const where = relative(dir, file);
    const doc = readDocument(file, where, diagnostics);
    if (!doc) continue;
    for (const key of UNMAPPED_AGENT_KEYS)
      if (key in doc.attributes) diagnostics.push(`${where}: ${key} is not mapped`);
    agents.push({
      name: stringAttribute(doc.attributes, "name") ?? basename(file, ".md"),
      description: stringAttribute(doc.attributes, "description") ?? firstLine(doc.body),
      persona: doc.body.trim(),
    });
  }
  return agents;
}

/** `skills/<name>/SKILL.md` with its frontmatter's `name` and `description`. */
export function readSkills(dir: string, diagnostics: string[]): ForeignSkill[] {
  const root = join(dir, "skills");
  if (!existsSync(root)) return [];
  const skills: ForeignSkill[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const filePath = join(root, entry.name, "SKILL.md");
    const where = relative(dir, filePath);
    if (!existsSync(filePath)) {
      diagnostics.push(`skills/${entry.name}/ has no SKILL.md; not registered`);
      continue;
    }
    const doc = readDocument(filePath, where, diagnostics);
    if (!doc) continue;
    const description = stringAttribute(doc.attributes, "description");
    if (description === undefined) {
      diagnostics.push(`${where}: description is missing; not registered`);
      continue;
    }
    skills.push({
      name: stringAttribute(doc.attributes, "name") ?? entry.name,
      description,
      filePath,
    });
  }
  return skills;
}

function readDocument(file: string, where: string, diagnostics: string[]) {
  try {
    return parseMarkdownDocument(readFileSync(file, "utf8"));
  } catch (error) {
    diagnostics.push(`${where}: ${errorMessage(error)}; not registered`);
    return undefined;
  }
}

function markdownFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) files.push(...markdownFiles(path));
    else if (entry.isFile() && entry.name.endsWith(".md")) files.push(path);
  }
  return files;
}

function firstLine(body: string): string {
  const line = body.split("\n").find((l) => l.trim() !== "") ?? "";
  return (
    line
      .replace(/^#+\s*/, "")
      .trim()
      .slice(0, 200) || "(no description)"
  );
}
