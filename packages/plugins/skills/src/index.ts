/** @elowen/plugin-skills: The Skills plugin: skill files, management routes and tools, explicit invocation, post-turn reviewer. */
export const PACKAGE_NAME = "@elowen/plugin-skills";
