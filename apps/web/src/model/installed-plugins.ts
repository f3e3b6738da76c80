import { ElowenApiError, type ElowenClient } from "@elowen/client";
import type { PluginMutation } from "@elowen/plugin-api";
import { errorMessage } from "@elowen/plugin-shared/errors";
import {
  type InstalledPlugin,
  InstalledPluginListSchema,
  type InstallOutcome,
  InstallOutcomeSchema,
  type RemoveOutcome,
  RemoveOutcomeSchema,
} from "@elowen/wire";

/** An install or update that waits for the owner's consent to the capabilities it asks for. */
export type ConsentRequest = Extract<InstallOutcome, { status: "needs-consent" }>;

/** An install or update that went through. */
export type InstallDone = Exclude<InstallOutcome, { status: "needs-consent" }>;

/** What an owner-only plugins route answered: its outcome, or the daemon's refusal. */
export type PluginAnswer<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly status: number; readonly message: string };

/** The daemon's sentence for a failed request, without the client's `HTTP 400:` prefix. */
function refusal(error: unknown): { ok: false; status: number; message: string } {
  if (error instanceof ElowenApiError)
    return { ok: false, status: error.status, message: error.body.error };
  return { ok: false, status: 0, message: errorMessage(error) };
}

async function answer<T>(work: () => Promise<T>): Promise<PluginAnswer<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return refusal(error);
  }
}

/**
 * The daemon's owner-only plugin routes (`/admin/plugins`, as `elowen plugins` uses them), every
 * answer parsed with the schema the daemon serves it with. Install and update send no consent
 * first: a plugin asking for capabilities answers `needs-consent`, and only a second call naming
 * them (`consent`) installs it.
 */
export class InstalledPlugins {
  readonly #client: ElowenClient;
  constructor(client: ElowenClient) {
    this.#client = client;
  }

  /** `GET /admin/plugins`. */
  list(): Promise<PluginAnswer<InstalledPlugin[]>> {
    return answer(
      async () =>
        (await this.#client.request("GET", "/admin/plugins", { schema: InstalledPluginListSchema }))
          .plugins,
    );
  }

  /** `POST /admin/plugins`: an npm spec, a folder or a tarball on the daemon's host. */
  add(spec: string, consent?: readonly PluginMutation[]): Promise<PluginAnswer<InstallOutcome>> {
    return answer(() =>
      this.#client.request("POST", "/admin/plugins", {
        body: { spec, ...(consent === undefined ? {} : { consent }) },
        schema: InstallOutcomeSchema,
      }),
    );
  }

  /** `POST /admin/plugins/update`: fetches its spec again; asks again when capabilities grew. */
  update(name: string, consent?: readonly PluginMutation[]): Promise<PluginAnswer<InstallOutcome>> {
    return answer(() =>
      this.#client.request("POST", "/admin/plugins/update", {
        body: { name, ...(consent === undefined ? {} : { consent }) },
        schema: InstallOutcomeSchema,
      }),
    );
  }

  /** `POST /admin/plugins/remove`. */
  remove(name: string): Promise<PluginAnswer<RemoveOutcome>> {
    return answer(() =>
      this.#client.request("POST", "/admin/plugins/remove", {
        body: { name },
        schema: RemoveOutcomeSchema,
      }),
    );
  }
}

/** The capabilities an update asks for that the installed version did not, and those it drops. */
export function capabilityChange(
  before: readonly PluginMutation[],
  after: readonly PluginMutation[],
): { readonly added: PluginMutation[]; readonly removed: PluginMutation[] } {
  return {
    added: after.filter((m) => !before.includes(m)),
    removed: before.filter((m) => !after.includes(m)),
  };
}

/** A line saying how an installed, updated or removed plugin reached the running daemon. */
export function activationText(activation: InstallDone["activation"]): string {
  if (activation.load === "loaded") return "Loaded now.";
  if (activation.load === "restart-needed") return `Needs a restart: ${activation.reason}.`;
  return `Not loaded: ${activation.reason}.`;
}
