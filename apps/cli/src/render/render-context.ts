/** What drawing a block needs besides the block: the clock, the spinner, the reader's toggles. */
export interface RenderContext {
  /** Epoch milliseconds: live elapsed times are `now - startedAt`, computed here, never polled. */
  readonly now: number;
  /** The spinner's current frame. */
  readonly spinner: string;
  /** Whether answer and approval records are drawn in full (Ctrl+O) or as one line. */
  readonly expandAnswers: boolean;
  /** The link of a stored attachment (image or shared file) by its hash. */
  readonly attachmentUrl: (hash: string) => string;
}

/** The spinner's frames (braille dots), one per tick. */
export const SPINNER_FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] as const;
