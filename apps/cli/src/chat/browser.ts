import { spawn } from "node:child_process";

/** Why the browser opener does not run here, or undefined when it may. */
export function browserUnavailable(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  if (env.SSH_CONNECTION || env.SSH_CLIENT || env.SSH_TTY) return "over SSH";
  if (platform !== "darwin" && platform !== "win32" && !env.DISPLAY && !env.WAYLAND_DISPLAY)
    return "no display";
  return undefined;
}

/**
 * The platform's browser opener (`open`, `xdg-open`, `start`), run detached with the URL as one
 * argument (never through a shell), its failures ignored: the URL is on screen to copy anyway.
 */
export function systemBrowserOpener(
  platform: NodeJS.Platform = process.platform,
): (url: string) => void {
  return (url) => {
    const [command, args] =
      platform === "darwin"
        ? ["open", [url]]
        : platform === "win32"
          ? ["rundll32", ["url.dll,FileProtocolHandler", url]]
          : ["xdg-open", [url]];
    try {
      const child = spawn(command, args as string[], { detached: true, stdio: "ignore" });
      child.on("error", () => {});
      child.unref();
    } catch {
      // No opener on this machine: the URL is shown beside the notice.
    }
  };
}
