import { AccountIdSchema, CreateAccountBodySchema, IssueTokenBodySchema } from "@elowen/wire";
import type { z } from "zod";
import { usageError } from "../cli/cli-error.js";
import type { CliContext } from "../cli/context.js";
import { formatJson, formatTable, formatTimestamp } from "../cli/table.js";
import { withClient } from "./with-client.js";

/** Runs `elowen accounts [list|create|token|remove]`. */
export function runAccounts(context: CliContext): Promise<number> {
  const [action = "list", argument, ...rest] = context.positionals;
  if (rest.length > 0) throw usageError(`accounts ${action} takes one argument`);
  switch (action) {
    case "list":
      if (argument !== undefined) throw usageError("accounts list takes no argument");
      return list(context);
    case "create":
      return create(context, argument);
    case "token":
      return token(context, argument);
    case "remove":
      return remove(context, argument);
    default:
      throw usageError(
        `unknown accounts action "${action}": expected list, create, token or remove`,
      );
  }
}

async function list(context: CliContext): Promise<number> {
  const { accounts } = await withClient(context, (client) => client.accounts.list());
  if (context.options.json) context.io.stdout(formatJson({ accounts }));
  else
    context.io.stdout(
      formatTable(
        ["ID", "ROLE", "CREATED", "NAME"],
        accounts.map((a) => [String(a.id), a.role, formatTimestamp(a.createdAt), a.name]),
      ),
    );
  return 0;
}

async function create(context: CliContext, name: string | undefined): Promise<number> {
  const body = parse(CreateAccountBodySchema, {
    name: required(name, "accounts create needs a <name>"),
    ...(context.options.role === undefined ? {} : { role: context.options.role }),
  });
  const account = await withClient(context, (client) => client.accounts.create(body));
  if (context.options.json) context.io.stdout(formatJson({ account }));
  else
    context.io.stdout(
      `Created account ${account.id} (${account.role}) "${account.name}". Issue its token: elowen accounts token ${account.id}\n`,
    );
  return 0;
}

async function token(context: CliContext, id: string | undefined): Promise<number> {
  const accountId = parse(AccountIdSchema, required(id, "accounts token needs an <account-id>"));
  const body = parse(
    IssueTokenBodySchema,
    context.options.label === undefined ? {} : { label: context.options.label },
  );
  const issued = await withClient(context, (client) => client.accounts.issueToken(accountId, body));
  if (context.options.json) context.io.stdout(formatJson({ token: issued }));
  else
    context.io.stdout(
      `${issued.token}\n\nThe token of account ${accountId} (token ${issued.id}); it is shown only now. Sign in with: ELOWEN_TOKEN=<token> elowen\n`,
    );
  return 0;
}

async function remove(context: CliContext, id: string | undefined): Promise<number> {
  const accountId = parse(AccountIdSchema, required(id, "accounts remove needs an <account-id>"));
  await withClient(context, (client) => client.accounts.remove(accountId));
  if (context.options.json) context.io.stdout(formatJson({ removed: accountId }));
  else context.io.stdout(`Removed account ${accountId}.\n`);
  return 0;
}

function required(value: string | undefined, message: string): string {
  if (value === undefined || value.trim() === "") throw usageError(message);
  return value;
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  throw usageError(`${field}${issue?.message ?? "invalid value"}`);
}
