import { ElowenError } from "@elowen/plugin-shared/errors";
/** The provider has no key where the configuration says to find one. */
export class MissingApiKeyError extends ElowenError<"model.key_missing"> {
  override readonly name = "MissingApiKeyError";
  constructor(provider: string, variables: readonly string[], login?: string) {
    const ways = [
      `set ${variables.join(" or ")}`,
      ...(login === undefined ? [] : [`run \`elowen login ${login}\` (no restart needed)`]),
    ];
    super({
      code: "model.key_missing",
      summary: `the ${provider} provider has no API key: ${ways.join(", or ")}`,
    });
  }
}
