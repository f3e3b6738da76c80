import {
  registerSkills,
  type SkillsPluginOptions,
  type SkillsPluginParts,
} from "../src/skills-plugin.js";
import { tempDir } from "./temp-dir.js";
import { TestHost } from "./test-host.js";

/** Registers the plugin on a fresh test host over a fresh data directory. */
export async function startPlugin(
  options: SkillsPluginOptions = {},
): Promise<{ host: TestHost; parts: SkillsPluginParts; dataDir: string }> {
  const dataDir = await tempDir();
  const host = new TestHost(dataDir);
  const parts = await registerSkills(host.ctx, options);
  return { host, parts, dataDir };
}
