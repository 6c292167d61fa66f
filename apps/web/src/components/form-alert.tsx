import { Icon } from './icon';

/** A form-level error in a red box, announced when it appears. Renders nothing without a message. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div className="form-alert" role="alert">
      <Icon name="alert" size={18} className="form-alert__icon" />
      <p>{message}</p>
    </div>
  );
}
