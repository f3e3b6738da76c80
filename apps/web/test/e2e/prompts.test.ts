import { describe, expect, test } from "vitest";
import { openApp, screenshot, unnamedControls, webSuite } from "./harness.js";

const SCRIPT = `turns:
  - steps:
      - text: "One question first."
        tools:
          - name: AskUserQuestion
            args:
              questions:
                - question: "Which database should the service use?"
                  header: "Database"
                  options:
                    - { label: "SQLite (Recommended)", preview: "**One file**, no server." }
                    - { label: "Postgres" }
      - tools: [{ name: bash, args: { command: "echo approved" } }]
      - text: "Done."
`;

// Direct calls: without code mode the model calls AskUserQuestion and bash itself.
const suite = webSuite(SCRIPT, { plugins: { disabled: ["@elowen/plugin-code-mode"] } });

describe("questions and approvals answered inline in Chromium", () => {
  test("answers a question and approves a command inline; both records expand beside their rows, also after a reload", async () => {
    const session = await suite.daemon.owner.sessions.create({ title: "Plan" });
    const page = await openApp(
      suite.browser,
      suite.daemon,
      `#/s/${session.id}`,
      suite.daemon.ownerToken,
    );
    await page.getByLabel("Message").fill("Plan the service");
    await page.keyboard.press("Enter");

    const form = page.getByRole("form", { name: /Questions from/ });
    await form.waitFor();
    const sqlite = form.getByLabel(/^SQLite/);
    expect(await form.locator(".badge").textContent()).toBe("Recommended");
    // Nothing chosen yet: the form says which answer is missing instead of sending.
    await form.getByRole("button", { name: "Send answers" }).click();
    expect(await form.getByRole("alert").textContent()).toMatch(/^answers\[0\]: choose an option/);
    await sqlite.check();
    expect(await form.locator(".preview strong").textContent()).toBe("One file");
    await form.getByLabel("Postgres").focus();
    await page.keyboard.press("Space");
    await screenshot(page, "question-asked");
    expect(await unnamedControls(page)).toEqual([]);
    await form.getByRole("button", { name: "Send answers" }).click();
    await form.waitFor({ state: "detached" });

    const prompt = page.getByRole("region", { name: /Permission/ });
    await prompt.waitFor();
    expect(await prompt.locator(".summary").textContent()).toBe("echo approved");
    await screenshot(page, "permission-asked");
    await prompt.getByRole("button", { name: "Allow once" }).click();
    await page.getByText("Done.").waitFor();
    await page.locator(".turn-meta").waitFor();

    const check = async () => {
      const ask = page.locator(".tool-row", {
        has: page.locator(".tool-name", { hasText: "AskUserQuestion" }),
      });
      await ask.locator(".answer-record summary").click();
      expect(await ask.locator(".answer-record summary").textContent()).toBe("Answers (1)");
      expect(await ask.locator(".answer-record dd").textContent()).toBe("answered — Postgres");
      const bash = page.locator(".tool-row", {
        has: page.locator(".tool-name", { hasText: "bash" }),
      });
      expect(await bash.locator(".answer-record summary").textContent()).toBe(
        "Approval: allowed once",
      );
      await bash.locator("details > summary").first().click();
      expect((await bash.locator(".tool-output").textContent())?.trim()).toBe("approved");
    };
    await check();
    await screenshot(page, "answer-records");
    await page.reload();
    await page.locator(".turn-meta").waitFor();
    await check();
    await page.close();
  });
});
