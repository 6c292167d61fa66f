import type { DownloadMode } from '@sitezip/contracts';
import { useId, type ReactNode } from 'react';

interface ModeOptionProps {
  value: DownloadMode;
  title: string;
  description: string;
  badge: ReactNode;
  checked: boolean;
  disabled?: boolean;
  /** Rendered outside the label, e.g. a link; stays clickable when the option is disabled. */
  action?: ReactNode;
  onSelect: (mode: DownloadMode) => void;
}

export function ModeOption({ value, title, description, badge, checked, disabled, action, onSelect }: ModeOptionProps) {
  const id = useId();
  return (
    <div className="mode-option" data-checked={checked || undefined} data-disabled={disabled || undefined}>
      <input
        id={id}
        type="radio"
        name="mode"
        value={value}
        className="mode-option__radio"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        onChange={() => onSelect(value)}
      />
      <div className="mode-option__body">
        <span className="mode-option__heading">
          <label htmlFor={id} className="mode-option__title">
            {title}
          </label>
          {badge}
        </span>
        <span id={`${id}-description`} className="mode-option__description">
          {description}
        </span>
        {action}
      </div>
    </div>
  );
}
