// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { screen, waitFor } from "@testing-library/preact";
import { describe, expect, test } from "vitest";
import { componentSuite, renderWith } from "../../test/render.js";
import { listPluginUi } from "../model/plugin-ui.js";
import { SkillsSettings } from "./skills-settings.js";

const suite = componentSuite();

/** The Skills plugin's view strings, as its manifest declares them. */
const SKILLS_STRINGS = JSON.parse(
  readFileSync(
    join(
      import.meta.dirname,
      "..",
      "..",
      "..",
      "..",
      "packages",
      "plugins",
      "skills",
      "package.json",
    ),
    "utf8",
  ),
).elowen.strings.default as Record<string, string>;

describe("the Skills settings", () => {
  test("speak in the Skills plugin's own strings, read from the daemon's plugin listing", async () => {
    const plugins = await listPluginUi(suite.services.client);
    expect(plugins.find((p) => p.name === "@elowen/plugin-skills")?.strings).toEqual(
      SKILLS_STRINGS,
    );
    renderWith(<SkillsSettings />, { services: { ...suite.services, plugins } });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      SKILLS_STRINGS["skills.title"],
    );
    // The description has no copy of the settings' own: only the listing can have said it.
    expect(screen.getByText(SKILLS_STRINGS["skills.description"] ?? "-")).toBeTruthy();
    const row = await waitFor(() => {
      const found = document.querySelector("li[data-skill]");
      if (!found) throw new Error("no skill listed yet");
      return found;
    });
    const name = row.getAttribute("data-skill") ?? "";
    expect(row.textContent).toContain((SKILLS_STRINGS["skills.use"] ?? "").replace("{name}", name));
  });

  test("use their own words when the daemon lists no strings", async () => {
    renderWith(<SkillsSettings />, { services: { ...suite.services, plugins: [] } });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Skills");
    expect(screen.queryByText(SKILLS_STRINGS["skills.description"] ?? "-")).toBeNull();
    await waitFor(() => expect(document.querySelector("li[data-skill]")).not.toBeNull());
  });
});
