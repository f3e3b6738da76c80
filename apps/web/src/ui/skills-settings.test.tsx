// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fireEvent, screen, waitFor, within } from "@testing-library/preact";
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

  test("keep the editor, its edit and the daemon's reason when a transfer is refused, and do not call a name taken a stale revision", async () => {
    const { client } = suite.services;
    const ria = await client.accounts.create({ name: "ria", role: "user" });
    const create = (owner: string) =>
      client.request("POST", "/plugins/skills", {
        query: { owner },
        body: { name: "twin", description: "Use twice.", content: "Twice." },
      });
    await create(String(ria.id));
    await create("me");
    await client.request("POST", "/plugins/skills/twin/owner", {
      query: { owner: String(ria.id) },
      body: { owner: "instance" },
    });
    renderWith(<SkillsSettings />, { services: suite.services });
    const mine = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('li[data-skill="twin"]')].find(
        (li) => li.querySelector(".badge.source.personal"),
      );
      if (!found) throw new Error("no personal twin yet");
      return found;
    });
    // Two rows are named twin: each control says which one it acts on.
    expect(
      screen
        .getAllByRole("button", { name: /^Edit twin/ })
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(expect.arrayContaining(["Edit twin (Personal)", "Edit twin (Instance)"]));
    fireEvent.click(within(mine).getByRole("button", { name: "Edit twin (Personal)" }));
    const editor = within(mine).getByRole("form", { name: "Edit twin" });
    fireEvent.input(within(editor).getByLabelText("Description"), {
      target: { value: "Use it everywhere." },
    });
    const destination = within(editor).getByRole("group", { name: "Keep it there, or move it to" });
    fireEvent.click(within(destination).getByLabelText("Everyone on this instance"));
    fireEvent.click(within(editor).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(within(mine).getByRole("alert").textContent).toBe(
        '"twin" is already the name of an instance skill',
      ),
    );
    expect(within(mine).queryByRole("button", { name: "Reload the fresh revision" })).toBeNull();
    expect((within(mine).getByLabelText("Description") as HTMLInputElement).value).toBe(
      "Use it everywhere.",
    );
    // The same list item all along: the pending move did not take the row (or its editor) away.
    expect(mine.isConnected).toBe(true);
  });
});
