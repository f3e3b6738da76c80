import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ElowenError } from "@elowen/plugin-shared/errors";
import { afterEach, describe, expect, test } from "vitest";
import { SignInRequired, StoredOAuthProvider } from "./oauth-provider.js";
import { oauthRecordFile } from "./oauth-record.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "elowen-mcp-oauth-record-"));
  dirs.push(dir);
  return dir;
};
const TOKENS = { access_token: "a", token_type: "bearer", refresh_token: "r" };

describe("the stored OAuth provider", () => {
  test("keeps tokens per account and server in a 0600 file in a 0700 directory", async () => {
    const dir = dataDir();
    const file = oauthRecordFile(dir, "docs", 7);
    expect(file).toBe(join(dir, "oauth", "account-7", "docs.json"));
    await new StoredOAuthProvider(file, "https://mcp.example.com/mcp").saveTokens(TOKENS);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "oauth", "account-7")).mode & 0o777).toBe(0o700);
    expect(new StoredOAuthProvider(file, "https://mcp.example.com/mcp").tokens()).toEqual(TOKENS);
    expect(oauthRecordFile(dir, "docs")).toBe(join(dir, "oauth", "instance", "docs.json"));
  });

  test("never offers tokens kept for another URL of the same name", async () => {
    const file = oauthRecordFile(dataDir(), "docs", 7);
    await new StoredOAuthProvider(file, "https://mcp.example.com/mcp").saveTokens(TOKENS);
    const moved = new StoredOAuthProvider(file, "https://elsewhere.example.com/mcp");
    expect(moved.tokens()).toBeUndefined();
    expect(moved.signedIn).toBe(false);
  });

  test("without a person signing in, registering or redirecting asks for a sign-in instead", () => {
    const provider = new StoredOAuthProvider(oauthRecordFile(dataDir(), "docs"), "https://x.test/");
    expect(() => provider.clientInformation()).toThrow(SignInRequired);
    expect(() => provider.clientInformation()).toThrow(ElowenError);
    expect(() => provider.clientInformation()).toThrow(
      expect.objectContaining({ code: "mcp.sign_in_required" }),
    );
    expect(() => provider.redirectToAuthorization(new URL("https://x.test/authorize"))).toThrow(
      SignInRequired,
    );
    provider.beginSignIn("https://elowen.example.com/?mcp_oauth=callback");
    expect(provider.clientInformation()).toBeUndefined();
    expect(provider.clientMetadata.redirect_uris).toEqual([
      "https://elowen.example.com/?mcp_oauth=callback",
    ]);
  });
});
