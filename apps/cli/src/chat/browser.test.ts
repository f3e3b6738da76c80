import { describe, expect, test } from "vitest";
import { browserUnavailable } from "./browser.js";

describe("browserUnavailable", () => {
  test.each([
    [{ SSH_CONNECTION: "1.2.3.4 22 5.6.7.8 22", DISPLAY: ":0" }, "linux", "over SSH"],
    [{ SSH_TTY: "/dev/pts/1" }, "darwin", "over SSH"],
    [{}, "linux", "no display"],
    [{ DISPLAY: ":0" }, "linux", undefined],
    [{ WAYLAND_DISPLAY: "wayland-0" }, "linux", undefined],
    [{}, "darwin", undefined],
    [{}, "win32", undefined],
  ] as const)("with %j on %s: %s", (env, platform, reason) => {
    expect(browserUnavailable(env, platform)).toBe(reason);
  });
});
