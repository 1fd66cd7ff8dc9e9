import { useId, type ReactNode } from 'react';
import { Switch as RadixSwitch } from 'radix-ui';

interface SwitchFieldProps {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** A labelled on/off row; the whole label is clickable and read with the switch. */
export function SwitchField({ label, description, checked, onCheckedChange, disabled }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className="switch-field">
      <div className="switch-field__text">
        <label className="switch-field__label" htmlFor={id}>
          {label}
        </label>
        {description ? (
          <p className="switch-field__description" id={`${id}-description`}>
            {description}
          </p>
        ) : null}
      </div>
      <RadixSwitch.Root
        id={id}
        className="switch"
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? `${id}-description` : undefined}
      >
        <RadixSwitch.Thumb className="switch__thumb" />
      </RadixSwitch.Root>
    </div>
  );
}
