/**
 * @elowen/daemon/provider-keys: the data directory's stored provider API keys, which `elowen
 * login` writes and a running daemon reads at its next request.
 */

export type { LoginProvider } from "./brain/model/provider-keys.js";
export {
  LOGIN_PROVIDERS,
  PROVIDER_KEYS_FILE,
  saveProviderKey,
} from "./brain/model/provider-keys.js";
