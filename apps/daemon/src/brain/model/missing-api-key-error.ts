/** The provider has no key where the configuration says to find one. */
export class MissingApiKeyError extends Error {
  readonly code = "model_key_missing";
  constructor(provider: string, variables: readonly string[], login?: string) {
    const ways = [
      `set ${variables.join(" or ")}`,
      ...(login === undefined ? [] : [`run \`elowen login ${login}\` (no restart needed)`]),
    ];
    super(`the ${provider} provider has no API key: ${ways.join(", or ")}`);
    this.name = "MissingApiKeyError";
  }
}
