import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeTextAtomic } from "@elowen/plugin-shared/atomicText";
import { isRecord } from "@elowen/plugin-shared/record";
import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";

/** The file mode of a sign-in record: it holds tokens, so only the daemon's user reads it. */
export const MCP_OAUTH_FILE_MODE = 0o600;

/**
 * What one account keeps for one server's sign-in: the client registration, the tokens, the PKCE
 * verifier of a sign-in in progress, the redirect it used and the discovery state. Bound to the
 * server's URL: a record of another URL is ignored, so tokens never go to a server they were not
 * issued for.
 */
export interface OAuthRecord {
  readonly url: string;
  readonly redirectUrl?: string;
  readonly client?: OAuthClientInformationMixed;
  readonly tokens?: OAuthTokens;
  readonly verifier?: string;
  readonly discovery?: OAuthDiscoveryState;
}

/**
 * Where an account's sign-in to a server is kept: `<dataDir>/oauth/<owner>/<server>.json`, the
 * owner being `account-<userId>` for an account's own server and `instance` for a server of the
 * whole instance (signed in by an administrator, used by every session).
 */
export function oauthRecordFile(dataDir: string, server: string, ownerUserId?: number): string {
  const owner = ownerUserId === undefined ? "instance" : `account-${ownerUserId}`;
  return join(dataDir, "oauth", owner, `${server}.json`);
}

/** Reads the record of `url` (an empty one when the file is absent, broken or for another URL). */
export function readOAuthRecord(file: string, url: string): OAuthRecord {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (isRecord(parsed) && parsed.url === url) return parsed as unknown as OAuthRecord;
  } catch {
    // Absent or unreadable: signed out.
  }
  return { url };
}

/** Replaces the record atomically with mode 0600 (its directory 0700). */
export async function writeOAuthRecord(file: string, record: OAuthRecord): Promise<void> {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  await writeTextAtomic(file, `${JSON.stringify(record)}\n`, { mode: MCP_OAUTH_FILE_MODE });
}
