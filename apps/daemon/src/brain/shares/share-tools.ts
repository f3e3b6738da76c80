import { basename, extname } from "node:path";
import { imageTypeOf } from "@elowen/plugin-api/images";
import {
  MAX_SHARED_FILE_BYTES,
  MAX_SHARED_IMAGE_BYTES,
  SHARE_CAPTION_CHARS,
} from "@elowen/plugin-api/limits";
import { errorResult } from "@elowen/plugin-api/tools";
import { z } from "zod";
import { turnTrace } from "../code-mode/turn-trace.js";
import { inputJsonSchema } from "../tools/input-json-schema.js";
import { pluginToolDef } from "../tools/plugin-tools.js";
import type { HostToolContext, ToolDef } from "../tools/tool-def.js";
import { workspaceOf } from "../tools/workspace-guard.js";
import type { OpenedTurn } from "../turn/turn-plan.js";
import type { TurnProgress } from "../turn/turn-progress.js";
import { deliverShare } from "./deliver-share.js";
import { latestStoredImage } from "./latest-image.js";
import { readShareSource } from "./share-source.js";

const caption = z.string().max(SHARE_CAPTION_CHARS).optional();
const filename = z.string().min(1).max(255).optional();

const ShareImageArgs = z
  .strictObject({
    path: z.string().min(1).optional(),
    latest: z.boolean().optional(),
    caption,
    filename,
  })
  .refine(
    (a) => (a.path === undefined) !== (a.latest !== true),
    "give either path or latest: true",
  );
const ShareFileArgs = z.strictObject({ path: z.string().min(1), caption, filename });

const FILE_TYPES: Readonly<Record<string, string>> = {
  ".txt": "text/plain",
  ".md": "text/markdown",
  ".csv": "text/csv",
  ".json": "application/json",
  ".html": "text/html",
  ".pdf": "application/pdf",
  ".zip": "application/zip",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
};

function hostTool(
  name: string,
  description: string,
  parameters: z.ZodType,
  run: ToolDef["run"],
): ToolDef {
  const tool = {
    name,
    description,
    parameters,
    execute: () => Promise.reject(new Error("unused")),
  };
  const def = pluginToolDef({
    plugin: "core",
    tool,
    parametersJsonSchema: inputJsonSchema(parameters),
  });
  return { ...def, run };
}

/** The turn a share tool runs in: where it reads and stores, and its trace (the latest image). */
interface ShareTurn {
  readonly turn: OpenedTurn;
  readonly progress: TurnProgress;
}

/**
 * The host's ShareImage and ShareFile tools for a turn: the person receives the image or file in
 * the conversation. Both read through one source module (the administrator check on all-access
 * turns, guarded paths, stat, the pre-read limit: MAX_SHARED_IMAGE_BYTES, MAX_SHARED_FILE_BYTES);
 * ShareImage may share the latest tool image instead, once its stored bytes are verified.
 */
export function shareTools(turn: OpenedTurn, progress: TurnProgress): ToolDef[] {
  const share: ShareTurn = { turn, progress };
  return [
    hostTool(
      "ShareImage",
      `Show the person an image: a file of the workspace (path), or the latest image a tool returned (latest: true). At most ${MAX_SHARED_IMAGE_BYTES} bytes.`,
      ShareImageArgs,
      (args, context) => shareImage(share, args as z.infer<typeof ShareImageArgs>, context),
    ),
    hostTool(
      "ShareFile",
      `Give the person a file of the workspace to download. At most ${MAX_SHARED_FILE_BYTES} bytes.`,
      ShareFileArgs,
      (args, context) => shareFile(share, args as z.infer<typeof ShareFileArgs>, context),
    ),
  ];
}

async function shareImage(
  share: ShareTurn,
  a: z.infer<typeof ShareImageArgs>,
  context: HostToolContext,
) {
  if (a.latest) return shareLatestImage(share, a, context);
  const { turn, progress } = share;
  const { host } = turn;
  const source = await readShareSource({
    access: context.access,
    workspace: await workspaceOf(host, turn.sessionId),
    path: a.path ?? "",
    maxBytes: MAX_SHARED_IMAGE_BYTES,
    what: "image",
  });
  if (!source.ok) return errorResult(`Not shared: ${source.reason}.`);
  const mimeType = imageTypeOf(source.bytes);
  if (!mimeType) return errorResult(`Not shared: ${a.path} is not a PNG, JPEG, GIF or WebP image.`);
  const stored = await host.store.blobs.put(source.bytes);
  const name = a.filename ?? basename(source.path);
  const sharedImage = {
    hash: stored.hash,
    mimeType,
    bytes: stored.bytes,
    ...captionOf(a),
    filename: name,
  };
  return deliverShare(turn, progress, context, { sharedImage }, `Shared the image ${name}.`);
}

/** ShareImage with `latest: true`: the producer's latest traced image, else the conversation's. */
async function shareLatestImage(
  share: ShareTurn,
  a: z.infer<typeof ShareImageArgs>,
  context: HostToolContext,
) {
  const { turn, progress } = share;
  const { host } = turn;
  const trace = turnTrace(turn, progress);
  const producer = context.nested ? trace.producers.get(context.toolCallId) : undefined;
  const ref =
    (producer === undefined ? undefined : trace.turn.latestImage(producer)) ??
    (await latestStoredImage(host.store, turn.sessionId));
  if (!ref) return errorResult("Not shared: there is no tool image in this conversation yet.");
  if (!(await host.store.blobs.read(ref.hash)))
    return errorResult("Not shared: the latest image is no longer stored.");
  const sharedImage = {
    ...ref,
    ...captionOf(a),
    ...(a.filename === undefined ? {} : { filename: a.filename }),
  };
  return deliverShare(turn, progress, context, { sharedImage }, "Shared the latest image.");
}

async function shareFile(
  share: ShareTurn,
  a: z.infer<typeof ShareFileArgs>,
  context: HostToolContext,
) {
  const { turn, progress } = share;
  const { host } = turn;
  const source = await readShareSource({
    access: context.access,
    workspace: await workspaceOf(host, turn.sessionId),
    path: a.path,
    maxBytes: MAX_SHARED_FILE_BYTES,
    what: "file",
  });
  if (!source.ok) return errorResult(`Not shared: ${source.reason}.`);
  const stored = await host.store.blobs.put(source.bytes);
  const name = a.filename ?? basename(source.path);
  const sharedFile = {
    hash: stored.hash,
    mimeType: FILE_TYPES[extname(name).toLowerCase()] ?? "application/octet-stream",
    bytes: stored.bytes,
    filename: name,
    ...captionOf(a),
  };
  return deliverShare(turn, progress, context, { sharedFile }, `Shared the file ${name}.`);
}

function captionOf(a: { readonly caption?: string | undefined }): { caption?: string } {
  return a.caption === undefined ? {} : { caption: a.caption };
}
