import { ElowenError } from "@elowen/plugin-shared/errors";

/** Why an install, update or removal did nothing. */
export const PLUGIN_INSTALL_ERRORS = {
  spec: "plugins.install.spec_invalid",
  fetch: "plugins.install.fetch_failed",
  refused: "plugins.install.refused",
  integrity: "plugins.install.integrity_mismatch",
  notInstalled: "plugins.install.not_installed",
  commit: "plugins.install.commit_failed",
  lockfile: "plugins.install.lockfile_invalid",
} as const;
/** One install error code. */
export type PluginInstallErrorCode =
  (typeof PLUGIN_INSTALL_ERRORS)[keyof typeof PLUGIN_INSTALL_ERRORS];

/** An install that changed nothing: the code says which step refused it, the message why. */
export class PluginInstallError extends ElowenError<PluginInstallErrorCode> {
  override readonly name = "PluginInstallError";
  constructor(code: PluginInstallErrorCode, summary: string, cause?: unknown) {
    super({
      code,
      summary,
      fix: "nothing was changed; fix the cause and run the command again",
      ...(cause === undefined ? {} : { cause }),
    });
  }
}
