import { useId } from 'react';
import { Icon } from '../../../components/icon';
import { downloadTips } from '../download-tips';
import { useRevealOnMount } from '../hooks/use-reveal-on-mount';

interface ErrorPanelProps {
  message: string;
  /** Without a title the panel is a single line: icon and message. */
  title?: string;
  withTips: boolean;
}

export function ErrorPanel({ message, title, withTips }: ErrorPanelProps) {
  const headingId = useId();
  const { panel } = useRevealOnMount<HTMLDivElement>();
  const tips = withTips ? downloadTips(message) : [];
  if (!title) {
    return (
      <div className="panel panel--error panel--compact" role="alert" tabIndex={-1} ref={panel}>
        <Icon name="alert" size={20} className="panel__icon" />
        <p className="panel__message">{message}</p>
      </div>
    );
  }
  return (
    <section className="panel panel--error" role="alert" aria-labelledby={headingId} tabIndex={-1} ref={panel}>
      <div className="panel__header">
        <Icon name="alert" size={22} className="panel__icon" />
        <h2 id={headingId} className="panel__title">
          {title}
        </h2>
      </div>
      <p className="panel__message">{message}</p>
      {tips.length > 0 && (
        <ul className="panel__tips" aria-label="Tips">
          {tips.map((tip) => (
            <li key={tip}>
              <Icon name="lightbulb" size={16} />
              {tip}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
