import { describe, expect, test } from "vitest";
import { openApp, screenshot, unnamedControls, webSuite } from "./harness.js";

const suite = webSuite();

describe("a plugin's picker command in Chromium", () => {
  test("renders locally without a model turn, shows an action's notice with its URL and opens that URL once, and refreshes after a key action", async () => {
    const session = await suite.daemon.owner.sessions.create({ title: "Links" });
    const page = await openApp(
      suite.browser,
      suite.daemon,
      `#/s/${session.id}`,
      suite.daemon.ownerToken,
    );
    // The machine has no network: the opened page is answered here, so its address can be read.
    await suite.browser.context.route("https://docs.example/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Docs</title>" }),
    );
    const opened: string[] = [];
    page.on("popup", async (popup) => {
      await popup.waitForLoadState();
      opened.push(popup.url());
    });
    const box = page.getByLabel("Message");
    await box.fill("/links");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Enter");
    const picker = page.getByRole("dialog", { name: "Links" });
    await picker.getByRole("button", { name: "Docs", exact: true }).waitFor();
    // Rendering the picker opens nothing and sends no turn.
    expect(opened).toEqual([]);
    expect(await box.inputValue()).toBe("");
    const history = await suite.daemon.owner.sessions.history(session.id);
    expect(history.entries).toEqual([]);

    await picker.getByRole("button", { name: "Docs", exact: true }).click();
    const notice = picker.getByRole("status");
    await expect
      .poll(() => notice.textContent())
      .toBe("Opening the docs. https://docs.example/start");
    expect(await notice.getByRole("link").getAttribute("href")).toBe("https://docs.example/start");
    await expect.poll(() => opened).toEqual(["https://docs.example/start"]);
    await screenshot(page, "picker-notice");
    expect(await unnamedControls(page)).toEqual([]);

    // A key action on a row: the picker renders again without it; nothing else opens.
    await picker.getByRole("button", { name: "remove Wiki" }).click();
    await picker.getByRole("button", { name: "Wiki", exact: true }).waitFor({ state: "detached" });
    expect(await notice.textContent()).toBe("Removed wiki.");
    expect(opened).toHaveLength(1);
    // The focused row went with the action: focus is back in the picker, and Escape closes it.
    expect(await picker.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await picker.waitFor({ state: "detached" });
    expect((await suite.daemon.owner.sessions.history(session.id)).entries).toEqual([]);
    await page.close();
  });
});
