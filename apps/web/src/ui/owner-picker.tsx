import { useState } from "preact/hooks";
import { parseOwnerChoice, type SkillOwner } from "../model/skill-owner.js";

/** Which owners the reader may pick. */
export interface OwnerChoices {
  readonly instance: boolean;
  readonly otherAccounts: boolean;
}

/** The words for each owner. */
export interface OwnerLabels {
  readonly me: string;
  readonly instance: string;
}

/**
 * An explicit owner choice (the Skills routes infer no owner): mine, the instance's, or, for an
 * administrator, another account by id. `value` undefined means nothing chosen yet; an account id
 * that is not a positive integer is reported under the field and leaves the value unset.
 */
export function OwnerPicker(props: {
  readonly id: string;
  readonly legend: string;
  readonly value: SkillOwner | undefined;
  readonly onChange: (owner: SkillOwner | undefined) => void;
  readonly choices: OwnerChoices;
  readonly labels: OwnerLabels;
}) {
  const { id, value, onChange, choices, labels } = props;
  const [accountText, setAccountText] = useState(typeof value === "number" ? String(value) : "");
  const [accountError, setAccountError] = useState<string>();
  const kind =
    value === undefined
      ? accountError
        ? "account"
        : undefined
      : value === null
        ? "me"
        : value === "instance"
          ? "instance"
          : "account";
  const pickAccount = (text: string) => {
    setAccountText(text);
    const parsed = parseOwnerChoice(text);
    if (typeof parsed === "number") {
      setAccountError(undefined);
      onChange(parsed);
    } else {
      setAccountError("owner: an account id is a positive whole number");
      onChange(undefined);
    }
  };
  return (
    <fieldset class="owner-picker">
      <legend>{props.legend}</legend>
      <label>
        <input type="radio" name={id} checked={kind === "me"} onChange={() => onChange(null)} />
        {labels.me}
      </label>
      {choices.instance && (
        <label>
          <input
            type="radio"
            name={id}
            checked={kind === "instance"}
            onChange={() => onChange("instance")}
          />
          {labels.instance}
        </label>
      )}
      {choices.otherAccounts && (
        <div class="owner-account">
          <label>
            <input
              type="radio"
              name={id}
              checked={kind === "account"}
              onChange={() => pickAccount(accountText)}
            />
            Another account
          </label>
          <label for={`${id}-account`} class="visually-hidden">
            Account id
          </label>
          <input
            id={`${id}-account`}
            inputMode="numeric"
            placeholder="Account id"
            value={accountText}
            aria-invalid={accountError ? "true" : "false"}
            onInput={(e) => pickAccount(e.currentTarget.value)}
          />
          {accountError && (
            <span class="error" role="alert">
              {accountError}
            </span>
          )}
        </div>
      )}
    </fieldset>
  );
}
