import type { PendingPermission, PendingQuestion } from "@elowen/wire";
import { ChoiceDialog, type ChoiceQuestion } from "../dialogs/choice-dialog.js";

/**
 * A question of `ctx.askUser` as the selector asks it: labels are the values posted; the time
 * left until it expires is counted on `clock`.
 */
export function questionDialog(
  pending: PendingQuestion,
  clock: () => number = Date.now,
): ChoiceDialog {
  const questions: ChoiceQuestion[] = pending.questions.map((q) => ({
    header: q.header,
    question: q.question,
    multiSelect: q.multiSelect === true,
    allowOther: q.allowOther !== false,
    choices: q.options.map((o) => ({
      value: o.label,
      label: o.label,
      ...(o.description ? { description: o.description } : {}),
      ...(o.recommended ? { recommended: true } : {}),
      ...(o.preview !== undefined ? { preview: o.preview } : {}),
    })),
  }));
  const dialog = new ChoiceDialog(questions);
  dialog.subtitle = `asked by ${pending.plugin}`;
  dialog.expiresAt = pending.expiresAt;
  dialog.clock = clock;
  return dialog;
}

/** The outcomes a permission prompt offers, in the order shown. */
export const PERMISSION_ORDER = ["once", "always", "deny"] as const;

/** A permission prompt as the selector asks it: allow once, always, or deny, and the time left. */
export function permissionDialog(
  pending: PendingPermission,
  clock: () => number = Date.now,
): ChoiceDialog {
  const dialog = new ChoiceDialog([
    {
      header: pending.header,
      question: `${pending.question}\n${pending.summary}`,
      multiSelect: false,
      allowOther: false,
      choices: PERMISSION_ORDER.map((outcome) => ({
        value: outcome,
        label: pending.choices[outcome],
      })),
    },
  ]);
  dialog.subtitle = `${pending.tool}${pending.nested ? " (called by a script)" : ""}`;
  dialog.expiresAt = pending.expiresAt;
  dialog.clock = clock;
  return dialog;
}
