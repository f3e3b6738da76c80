import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeTextAtomic } from "@elowen/plugin-shared/atomicText";
import { z } from "zod";
import { MODEL_ERRORS, ModelError } from "./model-error.js";

/** The file in the data directory that `elowen login <provider>` writes (mode 0600). */
export const PROVIDER_KEYS_FILE = "provider-keys.json";

/** The providers a key can be stored for with `elowen login`, and the variable each reads first. */
export const LOGIN_PROVIDERS = {
  anthropic: "ANTHROPIC_API_KEY",
  openai: "OPENAI_API_KEY",
} as const;
/** A provider `elowen login` stores a key for. */
export type LoginProvider = keyof typeof LOGIN_PROVIDERS;

const KeysFileSchema = z.strictObject({
  version: z.literal(1),
  keys: z.partialRecord(z.enum(["anthropic", "openai"]), z.string().min(1)),
});

/** True when `name` is a provider `elowen login` stores keys for. */
export function isLoginProvider(name: string): name is LoginProvider {
  return Object.hasOwn(LOGIN_PROVIDERS, name);
}

/**
 * The keys stored in `<home>/provider-keys.json`, read now (so a key stored while the daemon runs
 * is used by its next request). An absent or unreadable file holds no keys: a stored key is one
 * place among the environment's, never a reason the daemon cannot start.
 */
export function readProviderKeys(home: string): Partial<Record<LoginProvider, string>> {
  let text: string;
  try {
    text = readFileSync(join(home, PROVIDER_KEYS_FILE), "utf8");
  } catch {
    return {};
  }
  try {
    const parsed = KeysFileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.keys : {};
  } catch {
    return {};
  }
}

/**
 * Stores `key` for `provider` in `<home>/provider-keys.json`, replacing the file atomically with
 * mode 0600 (the data directory is created 0700 when absent). Throws when the key is empty or
 * holds whitespace inside it (a paste of two lines), naming the rule.
 */
export async function saveProviderKey(
  home: string,
  provider: LoginProvider,
  key: string,
): Promise<void> {
  const trimmed = key.trim();
  if (trimmed === "")
    throw new ModelError({
      code: MODEL_ERRORS.keyEmpty,
      summary: `the key for ${provider} is empty: nothing was stored`,
    });
  if (/\s/.test(trimmed))
    throw new ModelError({
      code: MODEL_ERRORS.keyWhitespace,
      summary: `the key for ${provider} holds whitespace (a key is one word; was it pasted twice?): nothing was stored`,
    });
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const keys = { ...readProviderKeys(home), [provider]: trimmed };
  await writeTextAtomic(
    join(home, PROVIDER_KEYS_FILE),
    `${JSON.stringify({ version: 1, keys }, null, 2)}\n`,
    { mode: 0o600 },
  );
}
