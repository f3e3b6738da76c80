// @vitest-environment happy-dom
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/preact";
import { describe, expect, test, vi } from "vitest";
import { componentSuite, renderWith } from "../../test/render.js";
import { webClient } from "../model/web-client.js";
import { PluginsPage } from "./plugins-page.js";

// A daemon with every bundled plugin starts slowly on a busy machine.
vi.setConfig({ hookTimeout: 120_000 });
configure({ asyncUtilTimeout: 30_000 });
const suite = componentSuite();

/** A copy of the install-kit fixture the test may edit (a new version asking for more). */
function pluginFolder(): string {
  const dir = join(mkdtempSync(join(tmpdir(), "elowen-web-install-")), "install-kit");
  cpSync(join(import.meta.dirname, "..", "..", "test", "fixtures", "plugins", "install-kit"), dir, {
    recursive: true,
  });
  return dir;
}

function bump(dir: string, version: string, mutates: string[]): void {
  const file = join(dir, "package.json");
  const json = JSON.parse(readFileSync(file, "utf8"));
  json.version = version;
  json.elowen.capabilities.mutates = mutates;
  writeFileSync(file, JSON.stringify(json));
}

const item = (name: string) =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>(`li[data-plugin="${name}"]`);
    if (!found) throw new Error(`no ${name} listed yet`);
    return found;
  });

describe("the Plugins page", () => {
  test("installs a folder only after consent to its capabilities, and updates asking again when they grew", async () => {
    const dir = pluginFolder();
    renderWith(<PluginsPage />, { services: suite.services });
    await waitFor(() => expect(screen.getByText("No plugins are installed.")).toBeTruthy());
    const spec = screen.getByLabelText("npm spec, folder or tarball on the daemon's host");
    fireEvent.input(spec, { target: { value: dir } });
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    const consent = await screen.findByRole("group", { name: "Install install-kit@1.0.0?" });
    expect(
      within(consent)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["turnContext"]);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(consent).getByRole("button", { name: "Consent and install" }),
      ),
    );
    // Cancel installs nothing and keeps the spec.
    fireEvent.click(within(consent).getByRole("button", { name: "Cancel" }));
    expect((spec as HTMLInputElement).value).toBe(dir);
    expect(await suite.services.client.request("GET", "/admin/plugins")).toEqual({ plugins: [] });

    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    fireEvent.click(await screen.findByRole("button", { name: "Consent and install" }));
    const row = await item("install-kit");
    expect(screen.getByRole("status").textContent).toBe(
      "Installed install-kit@1.0.0 (elowen), capabilities: turnContext. Loaded now.",
    );
    expect(row.querySelector(".badge.state")?.textContent).toBe("loaded");
    expect(row.querySelector(".plugin-facts")?.textContent).toBe(
      `Source${dir}FormatelowenCapabilities asked forturnContextConsentedturnContext`,
    );

    bump(dir, "1.1.0", ["turnContext", "prompt"]);
    fireEvent.click(within(row).getByRole("button", { name: "Update install-kit" }));
    const again = await within(row).findByRole("group", { name: "Update install-kit@1.1.0?" });
    expect(
      within(again)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["turnContext", "prompt new"]);
    fireEvent.click(within(again).getByRole("button", { name: "Consent and update" }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toMatch(
        /^Updated install-kit 1\.0\.0 → 1\.1\.0\. Capabilities: new: prompt\. Needs a restart: /,
      ),
    );
    await waitFor(() =>
      expect(row.querySelector(".badge.state")?.textContent).toBe("needs a restart"),
    );

    // Dropping a capability updates without asking, and says so.
    bump(dir, "1.2.0", ["prompt"]);
    fireEvent.click(within(row).getByRole("button", { name: "Update install-kit" }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toMatch(
        /^Updated install-kit 1\.1\.0 → 1\.2\.0\. Capabilities: dropped: turnContext\./,
      ),
    );

    fireEvent.click(within(row).getByRole("button", { name: "Remove install-kit" }));
    fireEvent.click(within(row).getByRole("button", { name: "Remove install-kit" }));
    await waitFor(() => expect(document.querySelector('li[data-plugin="install-kit"]')).toBeNull());
    expect(screen.getByRole("status").textContent).toMatch(/^Removed install-kit@1\.2\.0\. /);
  });

  test("shows the daemon's refusal of a spec next to it and keeps it", async () => {
    renderWith(<PluginsPage />, { services: suite.services });
    const spec = screen.getByLabelText("npm spec, folder or tarball on the daemon's host");
    fireEvent.input(spec, { target: { value: "/no/such/plugin.tgz" } });
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() =>
      expect(document.getElementById("plugin-spec-error")?.textContent).toMatch(
        /^spec: no tarball at \/no\/such\/plugin\.tgz\. Fix: /,
      ),
    );
    expect(spec.getAttribute("aria-invalid")).toBe("true");
    expect((spec as HTMLInputElement).value).toBe("/no/such/plugin.tgz");
  });

  test("is the instance owner's only", async () => {
    const { client } = suite.services;
    const sam = await client.accounts.create({ name: "sam", role: "admin" });
    const { token } = await client.accounts.issueToken(sam.id);
    const theirs = webClient(token, suite.daemon.url);
    renderWith(<PluginsPage />, {
      services: { client: theirs, me: await theirs.me(), plugins: [] },
    });
    expect(screen.getByRole("alert").textContent).toBe(
      "Only the instance owner installs and removes plugins.",
    );
    expect(screen.queryByLabelText("npm spec, folder or tarball on the daemon's host")).toBeNull();
  });
});
