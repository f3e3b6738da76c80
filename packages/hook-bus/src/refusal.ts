/** Why the event a hook passed to `next` was refused; `field` names the field at fault. */
export class Refusal {
  constructor(
    readonly reason: string,
    readonly field?: string,
  ) {}
}
