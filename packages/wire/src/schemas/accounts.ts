import { ACCOUNT_ROLES } from "@elowen/plugin-api/access";
import { z } from "zod";

/** An account id: a positive integer. Path parameters arrive as decimal text. */
export const AccountIdSchema = z.coerce
  .number({ message: "an account id is a positive integer" })
  .int("an account id is a positive integer")
  .positive("an account id is a positive integer")
  .max(Number.MAX_SAFE_INTEGER);

/** An account as the API shows it. Roles: owner (the instance owner), admin, user. */
export const AccountSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  createdAt: z.number().int(),
});
/** An account. */
export type Account = z.infer<typeof AccountSchema>;

/** `POST /accounts`: only the owner creates accounts; there is one owner, so the role is admin or user. */
export const CreateAccountBodySchema = z.strictObject({
  name: z.string().trim().min(1, "a name is required").max(100),
  role: z.enum(["admin", "user"]).default("user"),
});
/** `POST /accounts` body. */
export type CreateAccountBody = z.input<typeof CreateAccountBodySchema>;

/** `GET /accounts`. */
export const AccountListSchema = z.strictObject({ accounts: z.array(AccountSchema) });
/** `GET /accounts`. */
export type AccountList = z.infer<typeof AccountListSchema>;

/** `:accountId` path parameters. */
export const AccountParamsSchema = z.strictObject({ accountId: AccountIdSchema });

/** `POST /accounts/:accountId/tokens`: an optional label to tell tokens apart. */
export const IssueTokenBodySchema = z.strictObject({
  label: z.string().trim().max(100).optional(),
});
/** `POST /accounts/:accountId/tokens` body. */
export type IssueTokenBody = z.input<typeof IssueTokenBodySchema>;

/** A token as listed: never the secret, which is shown once when issued. */
export const TokenInfoSchema = z.strictObject({
  id: z.number().int().positive(),
  accountId: z.number().int().positive(),
  label: z.string().nullable(),
  createdAt: z.number().int(),
});
/** A token as listed. */
export type TokenInfo = z.infer<typeof TokenInfoSchema>;

/** A newly issued token: the bearer secret appears here and nowhere else. */
export const IssuedTokenSchema = TokenInfoSchema.extend({ token: z.string() });
/** A newly issued token. */
export type IssuedToken = z.infer<typeof IssuedTokenSchema>;

/** `GET /me`: who the bearer is. */
export const MeSchema = z.strictObject({
  account: AccountSchema,
  grants: z.array(z.string()),
});
/** `GET /me`. */
export type Me = z.infer<typeof MeSchema>;
