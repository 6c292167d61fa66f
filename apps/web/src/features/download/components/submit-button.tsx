import { Icon } from '../../../components/icon';
import { Spinner } from '../../../components/spinner';

interface SubmitButtonProps {
  generating: boolean;
  generatingLabel: string;
  disabled: boolean;
}

/**
 * Both labels share one grid cell and the hidden one keeps its space, so the button is as wide
 * as its longer label and nothing moves when generation starts.
 */
export function SubmitButton({ generating, generatingLabel, disabled }: SubmitButtonProps) {
  return (
    <button type="submit" className="button button--primary button--large submit-button" disabled={disabled}>
      <span className="submit-button__label" data-visible={!generating || undefined}>
        <Icon name="download" size={18} />
        Download ZIP
      </span>
      <span className="submit-button__label" data-visible={generating || undefined}>
        <Spinner />
        {generatingLabel}
      </span>
    </button>
  );
}
