// @vitest-environment happy-dom
import { SKILL_DESCRIPTION_MAX_CHARS, SKILL_NAME_MAX_CHARS } from "@elowen/plugin-api/limits";
import { fireEvent, screen, waitFor } from "@testing-library/preact";
import { describe, expect, test } from "vitest";
import { componentSuite, renderWith } from "../../test/render.js";
import { createHostUi } from "../model/host-ui.js";
import { SkillsStore } from "../model/skills-store.js";
import { SkillEditor } from "./skill-editor.js";

const suite = componentSuite();

const choices = {
  create: { instance: true, otherAccounts: true },
  edit: { instance: true, otherAccounts: true },
};

function editor() {
  const host = createHostUi({
    client: suite.services.client,
    plugin: "@elowen/plugin-skills",
    strings: { "skills.ownerMe": "Just me" },
  });
  const store = new SkillsStore(host);
  let done = 0;
  renderWith(<SkillEditor host={host} store={store} choices={choices} onDone={() => done++} />, {
    services: suite.services,
  });
  const fill = (label: string, value: string) =>
    fireEvent.input(screen.getByLabelText(label), { target: { value } });
  const create = () => fireEvent.click(screen.getByRole("button", { name: "Create" }));
  return { store, fill, create, done: () => done };
}

describe("SkillEditor", () => {
  test.each([
    [
      "a name one past the limit",
      "a".repeat(SKILL_NAME_MAX_CHARS + 1),
      "Use it.",
      /^name: 1 to 64 lowercase letters/,
    ],
    ["a name with a double dash", "report--guide", "Use it.", /^name: 1 to 64 lowercase letters/],
    ["a blank description", "ok-name", "   ", /^description: say when to use the skill$/],
    [
      "a description one past the limit",
      "ok-name",
      "d".repeat(SKILL_DESCRIPTION_MAX_CHARS + 1),
      /^description: at most 1024 characters, this one has 1025$/,
    ],
  ])("refuses %s with the rule, before sending", (_label, name, description, message) => {
    const { fill, create, store } = editor();
    fill("Name", name);
    fill("Description", description);
    fireEvent.click(screen.getByLabelText("Just me"));
    create();
    expect(screen.getByRole("alert").textContent).toMatch(message);
    expect(store.state.rows).toEqual([]);
  });

  test("asks for an owner instead of inferring one", () => {
    const { fill, create } = editor();
    fill("Name", "ok-name");
    fill("Description", "Use it.");
    create();
    expect(screen.getByRole("alert").textContent).toBe("owner: choose whose skill this is");
  });

  test("refuses an account id that is not a positive whole number under the owner field", () => {
    editor();
    fireEvent.input(screen.getByLabelText("Account id"), { target: { value: "12a" } });
    expect(screen.getByRole("alert").textContent).toBe(
      "owner: an account id is a positive whole number",
    );
  });

  test("creates a skill at the name and description limits for the chosen owner", async () => {
    const { fill, create, done } = editor();
    const name = "a".repeat(SKILL_NAME_MAX_CHARS);
    fill("Name", name);
    fill("Description", "d".repeat(SKILL_DESCRIPTION_MAX_CHARS));
    fill("Instructions (Markdown)", "Do it.");
    fireEvent.click(screen.getByLabelText("Everyone on this instance"));
    create();
    await waitFor(() => expect(done()).toBe(1));
    const listed = (await suite.services.client.request("GET", "/plugins/skills/list")) as {
      skills: { name: string; catalogSource: string }[];
    };
    expect(listed.skills.find((s) => s.name === name)?.catalogSource).toBe("instance");
  });
});
