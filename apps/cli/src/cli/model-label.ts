/**
 * A model as people read it: its label once, with "offline" said once for the offline model
 * (the daemon's label may already say it), and the provider and id when they add something.
 */
export function modelLabel(model: {
  readonly label: string;
  readonly offline?: boolean;
  readonly provider?: string;
  readonly id?: string;
}): string {
  if (model.offline) return /offline/i.test(model.label) ? model.label : `${model.label} (offline)`;
  const detail = `${model.provider}/${model.id}`;
  return model.label.includes(model.id ?? "\u0000")
    ? `${model.label} (${model.provider})`
    : `${model.label} (${detail})`;
}
