// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/preact";
import { describe, expect, test } from "vitest";
import { componentSuite, renderWith } from "../../test/render.js";
import { SkillsPicker } from "./skills-picker.js";

const suite = componentSuite();

async function listedNames(): Promise<string[]> {
  const answer = (await suite.services.client.request("GET", "/plugins/skills/list")) as {
    skills: { name: string }[];
  };
  return answer.skills.map((s) => s.name);
}

describe("the composer's Skills picker", () => {
  test("deletes a skill only for the owner chosen explicitly: the wrong owner is refused and the row comes back, the right one removes it", async () => {
    await suite.services.client.request("POST", "/plugins/skills", {
      query: { owner: "me" },
      body: { name: "picker-doomed", description: "Use to test deletion.", content: "Nothing." },
    });
    renderWith(<SkillsPicker onInsert={() => undefined} onClose={() => undefined} />, {
      services: suite.services,
    });
    const picker = screen.getByRole("dialog", { name: "Skills" });
    fireEvent.click(await within(picker).findByRole("button", { name: "delete picker-doomed" }));
    const owner = () => within(picker).getByRole("group", { name: "Delete picker-doomed from" });
    // Prefilled from where the row lives, and shown: the person sees whose skill goes.
    expect((within(owner()).getByLabelText("Mine") as HTMLInputElement).checked).toBe(true);

    fireEvent.click(within(owner()).getByLabelText("Everyone on this instance"));
    fireEvent.click(within(picker).getByRole("button", { name: "Delete picker-doomed" }));
    await waitFor(() =>
      expect(within(picker).getByRole("alert").textContent).toMatch(/picker-doomed/),
    );
    expect(within(picker).getAllByRole("button", { name: "delete picker-doomed" })).toHaveLength(1);
    // The row came back with the form as it was: the choice that was refused is still shown.
    expect(
      (within(owner()).getByLabelText("Everyone on this instance") as HTMLInputElement).checked,
    ).toBe(true);
    expect(await listedNames()).toContain("picker-doomed");

    fireEvent.click(within(owner()).getByLabelText("Mine"));
    fireEvent.click(within(picker).getByRole("button", { name: "Delete picker-doomed" }));
    await waitFor(() =>
      expect(within(picker).getByRole("status").textContent).toBe("Removed picker-doomed."),
    );
    expect(within(picker).queryByRole("button", { name: "delete picker-doomed" })).toBeNull();
    expect(await listedNames()).not.toContain("picker-doomed");
  });
});
