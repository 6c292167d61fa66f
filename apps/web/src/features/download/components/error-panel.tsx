import { useId } from 'react';
import { Icon } from '../../../components/icon';
import { downloadTips } from '../download-tips';

export function ErrorPanel({ message }: { message: string }) {
  const headingId = useId();
  const tips = downloadTips(message);
  return (
    <section className="panel panel--error" role="alert" aria-labelledby={headingId}>
      <div className="panel__header">
        <Icon name="alert" size={22} className="panel__icon" />
        <h2 id={headingId} className="panel__title">
          Oops! Something went wrong
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
