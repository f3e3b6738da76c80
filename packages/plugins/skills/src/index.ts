/**
 * @elowen/plugin-skills: the Skills plugin. Personal, instance and bundled skill files under one
 * file owner; the management routes and tools; SkillLoad; explicit `/skill:name` invocation and
 * its command aliases; the post-turn skill reviewer (contract version 2). Written as a
 * third-party plugin: it uses only @elowen/plugin-api, @elowen/plugin-shared, yaml and zod.
 */
import type { ElowenPlugin } from "@elowen/plugin-api";
import { createSkillsPlugin } from "./skills-plugin.js";

/** The Skills plugin, as the host loads it. */
const plugin: ElowenPlugin = createSkillsPlugin();
export default plugin;
