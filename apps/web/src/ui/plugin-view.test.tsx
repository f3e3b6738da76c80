// @vitest-environment happy-dom
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { PluginUiEntry } from "@elowen/wire";
import { fireEvent, screen, waitFor } from "@testing-library/preact";
import { describe, expect, test } from "vitest";
import { componentSuite, renderWith } from "../../test/render.js";
import { PluginView } from "./plugin-view.js";

const suite = componentSuite();

const BUNDLES = join(import.meta.dirname, "..", "..", "test", "fixtures", "bundles");
const plugin = (file: string, uiApi = 55): PluginUiEntry => ({
  name: "@elowen/plugin-skills",
  displayName: "Skills notes",
  strings: { "notes.count": "{count} notes kept", "notes.more": "More notes" },
  browser: { uiApi, url: `/ui/plugins/skills/${file}` },
});
// The bundle files are imported as the browser would import the served module.
const load = (url: string) =>
  import(pathToFileURL(join(BUNDLES, url.split("/").at(-1) ?? "")).href);

describe("plugin browser views", () => {
  test("mounts a view against host UI API 55: its strings, utils and its own routes; cleanup runs when it closes", async () => {
    const { unmount, container } = renderWith(
      <PluginView plugin={plugin("notes-view.js")} load={load} />,
      { services: suite.services },
    );
    await screen.findByText("Load skills");
    expect(container.querySelector(".summary")?.textContent).toBe(
      "3 notes kept, last edit 1m 01s ago",
    );
    expect(screen.getByRole("link", { name: "More notes" }).getAttribute("href")).toBe(
      "#/plugins/%40elowen%2Fplugin-skills/second",
    );
    fireEvent.click(screen.getByText("Load skills"));
    await waitFor(() => expect(container.querySelector(".failure")).not.toBeNull());
    expect(container.querySelectorAll(".plugin-view-root li").length).toBeGreaterThan(0);
    expect(container.querySelector(".failure")?.textContent).toBe(
      // The Skills route's schema refuses the body at the host's boundary, naming the field.
      "400: body.description: is required: a non-blank string saying when to use the skill",
    );
    const module = await load("notes-view.js");
    const before = module.cleanupCount();
    unmount();
    expect(module.cleanupCount()).toBe(before + 1);
  });

  test("refuses a bundle that declares another host UI API, with a message naming both, and mounts nothing", async () => {
    renderWith(<PluginView plugin={plugin("old-api-view.js", 54)} load={load} />, {
      services: suite.services,
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "@elowen/plugin-skills's browser bundle needs host UI API 54, but this host serves UI API 55",
    );
    expect(screen.queryByText("must not mount")).toBeNull();
  });

  test("reports a view that fails while mounting", async () => {
    renderWith(<PluginView plugin={plugin("throwing-view.js")} load={load} />, {
      services: suite.services,
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "@elowen/plugin-skills's view failed to start: the chart library is missing",
    );
  });
});
