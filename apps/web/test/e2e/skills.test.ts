import { describe, expect, test } from "vitest";
import { openApp, screenshot, unnamedControls, webSuite } from "./harness.js";

interface ListRow {
  name: string;
  description: string;
  catalogSource: string;
  revision?: number;
  content?: string;
  effective: { model: boolean; user: boolean };
}

const suite = webSuite();

async function listed(name: string): Promise<ListRow | undefined> {
  const answer = (await suite.daemon.owner.request("GET", "/plugins/skills/list")) as {
    skills: ListRow[];
  };
  return answer.skills.find((s) => s.name === name);
}

describe("Skills settings in Chromium against the Skills plugin's routes", () => {
  test("creates a skill with an explicit owner, meets a stale revision with a 409 and reloads it, then transfers it with an edit", async () => {
    const page = await openApp(suite.browser, suite.daemon, "#/skills", suite.daemon.ownerToken);
    await page.getByRole("heading", { name: "Skills", level: 1 }).waitFor();
    // The catalog shows each skill's source and effective state.
    const bundled = page
      .locator("li[data-skill]", { has: page.locator(".badge.source.bundled") })
      .first();
    await bundled.waitFor();
    expect(await bundled.locator(".hint").first().textContent()).toMatch(
      /^Model: offered automatically · You: can invoke it/,
    );

    await page.getByRole("button", { name: "New skill" }).click();
    const form = page.getByRole("form", { name: "New skill" });
    await form.getByLabel("Name").fill("report-guide");
    await form.getByLabel("Description").fill("Use when preparing a report.");
    await form.getByLabel("Instructions (Markdown)").fill("Check the sources.");
    await form.getByRole("button", { name: "Create" }).click();
    // No owner is inferred: the form asks for one.
    expect(await form.getByRole("alert").textContent()).toBe("owner: choose whose skill this is");
    await form.getByLabel("Mine").check();
    await form.getByRole("button", { name: "Create" }).click();
    const row = page.locator('li[data-skill="report-guide"]');
    await row.locator(".badge.source.personal").waitFor();
    await expect.poll(() => row.locator(".hint").textContent()).toMatch(/revision \d+/);
    const created = await listed("report-guide");
    expect(created).toMatchObject({ catalogSource: "personal", content: "Check the sources." });
    await screenshot(page, "skill-created");

    // A name already taken is refused, and the optimistic row is rolled back.
    await page.getByRole("button", { name: "New skill" }).click();
    await form.getByLabel("Name").fill("report-guide");
    await form.getByLabel("Description").fill("A twin.");
    await form.getByLabel("Mine").check();
    await form.getByRole("button", { name: "Create" }).click();
    await expect.poll(() => form.getByRole("alert").textContent()).toMatch(/already/);
    expect(await page.locator('li[data-skill="report-guide"]').count()).toBe(1);
    await form.getByRole("button", { name: "Cancel" }).click();

    // Someone else edits the skill after the editor opened: saving is refused with 409.
    await row.getByRole("button", { name: "Edit report-guide" }).click();
    const editor = page.getByRole("form", { name: "Edit report-guide" });
    await suite.daemon.owner.request("PATCH", "/plugins/skills/report-guide", {
      query: { owner: "me" },
      body: { content: "Changed elsewhere.", expectedRevision: created?.revision },
    });
    await editor.getByLabel("Instructions (Markdown)").fill("My stale edit.");
    await editor.getByRole("button", { name: "Save" }).click();
    const alert = editor.getByRole("alert");
    await expect.poll(() => alert.textContent()).toMatch(/changed since you opened it/);
    expect(await row.locator(".hint").textContent()).not.toMatch(/pending|saving/);
    await screenshot(page, "skill-stale-revision-409");
    expect(await unnamedControls(page)).toEqual([]);
    await alert.getByRole("button", { name: "Reload the fresh revision" }).click();
    await expect
      .poll(() => editor.getByLabel("Instructions (Markdown)").inputValue())
      .toBe("Changed elsewhere.");
    expect(await editor.locator(".discarded pre").textContent()).toBe("My stale edit.");

    // Transfer with an edit: the destination is chosen explicitly and the edit lands there.
    await editor.getByLabel("Description").fill("Use when preparing any report.");
    await editor
      .getByRole("group", { name: "Keep it there, or move it to" })
      .getByLabel("Everyone on this instance")
      .check();
    await editor.getByRole("button", { name: "Save" }).click();
    await row.locator(".badge.source.instance").waitFor();
    await expect.poll(async () => (await listed("report-guide"))?.catalogSource).toBe("instance");
    expect(await listed("report-guide")).toMatchObject({
      description: "Use when preparing any report.",
      content: "Changed elsewhere.",
    });
    await screenshot(page, "skill-transferred");

    // Deleting names its owner explicitly too.
    await row.getByRole("button", { name: "Delete report-guide" }).click();
    const confirm = row.locator(".confirm");
    expect(await confirm.getByLabel("Everyone on this instance").isChecked()).toBe(true);
    await confirm.getByRole("button", { name: "Delete report-guide" }).click();
    // Optimistic: the row goes at once; the daemon's catalog follows.
    await row.waitFor({ state: "detached" });
    await expect.poll(() => listed("report-guide")).toBeUndefined();
    expect(await page.locator('li[data-skill="report-guide"]').count()).toBe(0);
    // Said in the Skills plugin's own words ("Removed {name}.").
    expect(await page.locator(".skills > p[role=status]").textContent()).toBe(
      "Removed report-guide.",
    );
    await page.close();
  });
});
