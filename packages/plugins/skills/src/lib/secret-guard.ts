/**
 * The secret guard of the reviewer: patterns of credentials that must never be written into a
 * skill or offered back to a model. Each has a label that names the kind, never the value.
 */
export const SECRET_PATTERNS: readonly { readonly label: string; readonly pattern: RegExp }[] = [
  { label: "a private key", pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/ },
  { label: "an AWS access key", pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  {
    label: "an OpenAI or Anthropic API key",
    pattern: /\bsk-(?:proj-|ant-[a-z0-9]+-)?[A-Za-z0-9_-]{20,}/,
  },
  {
    label: "a GitHub token",
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/,
  },
  { label: "a GitLab token", pattern: /\bglpat-[A-Za-z0-9_-]{20,}/ },
  { label: "a Slack token", pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/ },
  { label: "a Google API key", pattern: /\bAIza[0-9A-Za-z_-]{35}/ },
  { label: "a Stripe key", pattern: /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/ },
  {
    label: "a JSON web token",
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/,
  },
  { label: "a bearer token", pattern: /\bBearer\s+[A-Za-z0-9._~+/-]{20,}=*/ },
  { label: "credentials in a URL", pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:[^\s/@]{3,}@/i },
  {
    label: "a password or key assigned a literal value",
    pattern:
      /\b(?:password|passwd|pwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret)\b["']?\s*[:=]\s*["']?(?![$<{%])[^\s"'<>]{8,}/i,
  },
];

/** The label of the first credential found in `text`, or `undefined` when it has none. */
export function findSecret(text: string): string | undefined {
  return SECRET_PATTERNS.find(({ pattern }) => pattern.test(text))?.label;
}
