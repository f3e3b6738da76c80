import { errorResult, type ToolResult, textResult } from "@elowen/plugin-api/tools";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { ShareReservationResult } from "../src/index.js";

/** A file share's details, as ShareFile returns them. */
export function fileShare(n: number, caption = `file ${n}`) {
  return {
    sharedFile: {
      hash: n.toString(16).padStart(64, "0"),
      mimeType: "text/plain",
      bytes: 100 + n,
      filename: `report-${n}.txt`,
      caption,
    },
  };
}

/** An image share's details, as ShareImage returns them. */
export function imageShare(n: number, caption?: string) {
  return {
    sharedImage: {
      hash: n.toString(16).padStart(64, "a"),
      mimeType: "image/png",
      bytes: 1000 + n,
      ...(caption === undefined ? {} : { caption }),
    },
  };
}

/**
 * A share tool as the host's ShareImage/ShareFile run one nested, in the delivery order: read the
 * bytes, reserve trace admission, commit durable ownership, succeed (the live event follows when
 * the row settles). Refusal and failure release the reservation and return an error result.
 */
export async function runShareTool(
  reserve: (details: unknown) => ShareReservationResult,
  details: unknown,
  io: { readBytes(): Promise<void>; commitOwnership(): Promise<void> },
): Promise<ToolResult> {
  await io.readBytes();
  const reserved = reserve(details);
  if (!reserved.ok) return errorResult(`share refused: ${reserved.message}`);
  try {
    await io.commitOwnership();
  } catch (error) {
    reserved.reservation.release();
    return errorResult(`share failed: ${errorMessage(error)}`);
  }
  return textResult("shared", details as Record<string, unknown>);
}
