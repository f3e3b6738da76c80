import { describe, expect, test } from "vitest";
import { findSecret } from "./secret-guard.js";

describe("the secret guard", () => {
  test.each([
    ["-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn", "a private key"],
    ["aws_access_key_id = AKIAIOSFODNN7EXAMPLE", "an AWS access key"],
    ["OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwx", "an OpenAI or Anthropic API key"],
    ["x-api-key: sk-ant-api03-abcdefghijklmnopqrstuvwxyz", "an OpenAI or Anthropic API key"],
    [`token ghp_${"a".repeat(36)}`, "a GitHub token"],
    [`github_pat_${"A1".repeat(12)}`, "a GitHub token"],
    ["glpat-abcdefghijklmnopqrst", "a GitLab token"],
    ["xoxb-1234567890-abcdefghij", "a Slack token"],
    [`AIza${"b".repeat(35)}`, "a Google API key"],
    [`sk_live_${"c".repeat(24)}`, "a Stripe key"],
    [
      "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
      "a JSON web token",
    ],
    ["Authorization: Bearer abcdefghijklmnopqrstuvwxyz123456", "a bearer token"],
    ["postgres://admin:hunter22@db.internal:5432/app", "credentials in a URL"],
    ['password: "correct-horse-battery"', "a password or key assigned a literal value"],
    ["API_KEY=0123456789abcdef", "a password or key assigned a literal value"],
  ])("finds %j", (text, label) => {
    expect(findSecret(text)).toBe(label);
  });

  test.each([
    "Export the token from $GITHUB_TOKEN before running.",
    "password: $DB_PASSWORD",
    "api_key: <your key>",
    "token: {{ secrets.TOKEN }}",
    "Ask the user for their password; never store it.",
    "https://example.com/docs/page",
    "Use sk- prefixed keys from the vault.",
    "ssh user@host",
  ])("lets %j through", (text) => {
    expect(findSecret(text)).toBeUndefined();
  });
});
