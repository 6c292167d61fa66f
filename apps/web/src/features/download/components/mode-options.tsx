import type { DownloadMode } from '@sitezip/contracts';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { ModeOption } from './mode-option';

interface ModeOptionsProps {
  value: DownloadMode;
  /** A premium user where the form allows it: Full Website can be chosen. */
  fullAllowed?: boolean;
  /** Where the locked Full Website option points, if anywhere. */
  unlockLink?: { label: string; to: string };
  onChange: (mode: DownloadMode) => void;
}

/** Single Page is free; Full Website is for premium users, and a locked teaser for everyone else. */
export function ModeOptions({ value, fullAllowed = false, unlockLink, onChange }: ModeOptionsProps) {
  return (
    <fieldset className="mode-options">
      <legend className="field__label">Download mode</legend>
      <ModeOption
        value="single"
        title="Single Page"
        description="One page with all its images, styles, scripts and fonts."
        badge={<span className="badge badge--free">Free</span>}
        checked={value === 'single'}
        onSelect={onChange}
      />
      <ModeOption
        value="full"
        title="Full Website"
        description="Every page of the site, linked together offline."
        badge={
          <span className="badge badge--premium">
            {!fullAllowed && <Icon name="lock" size={12} />}
            Premium
          </span>
        }
        checked={value === 'full'}
        disabled={!fullAllowed}
        action={
          fullAllowed ? undefined : unlockLink ? (
            <Link to={unlockLink.to} className="mode-option__action">
              {unlockLink.label}
            </Link>
          ) : (
            <span className="mode-option__note">Included in the Monthly and Yearly plans.</span>
          )
        }
        onSelect={onChange}
      />
    </fieldset>
  );
}
