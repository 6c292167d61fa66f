import type { DownloadMode } from '@sitezip/contracts';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { paths } from '../../../config/paths';
import { ModeOption } from './mode-option';

interface ModeOptionsProps {
  value: DownloadMode;
  onChange: (mode: DownloadMode) => void;
}

/** Single Page is free; Full Website is a premium teaser that cannot be chosen here. */
export function ModeOptions({ value, onChange }: ModeOptionsProps) {
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
            <Icon name="lock" size={12} />
            Premium
          </span>
        }
        checked={value === 'full'}
        disabled
        action={
          <Link to={paths.login} className="mode-option__action">
            Sign in to unlock
          </Link>
        }
        onSelect={onChange}
      />
    </fieldset>
  );
}
