import { useId } from 'react';
import type { CrawlChoices } from '../crawl-choices';

const SCOPES: { value: CrawlChoices['scope']; label: string }[] = [
  { value: 'host', label: 'This host only' },
  { value: 'prefix', label: 'Under this address’s folder' },
  { value: 'domain', label: 'The whole domain, subdomains too' },
];

/** How far a Full Website download goes: premium users' crawl options, folded away until wanted. */
export function CrawlOptions({ value, onChange }: { value: CrawlChoices; onChange: (value: CrawlChoices) => void }) {
  const id = useId();
  const set = (changes: Partial<CrawlChoices>) => onChange({ ...value, ...changes });
  return (
    <details className="crawl-options" data-testid="crawl-options">
      <summary className="crawl-options__summary">Crawl options</summary>
      <div className="crawl-options__fields">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-scope`}>
            Pages to follow
          </label>
          <select id={`${id}-scope`} className="field__input" value={value.scope} onChange={(event) => set({ scope: event.target.value as CrawlChoices['scope'] })}>
            {SCOPES.map((scope) => (
              <option key={scope.value} value={scope.value}>
                {scope.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-depth`}>
            Links deep at most
          </label>
          <input id={`${id}-depth`} className="field__input" inputMode="numeric" placeholder="10" value={value.maxDepth} onChange={(event) => set({ maxDepth: event.target.value })} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-pages`}>
            Pages at most
          </label>
          <input id={`${id}-pages`} className="field__input" inputMode="numeric" placeholder="Your plan’s limit" value={value.maxPages} onChange={(event) => set({ maxPages: event.target.value })} />
        </div>
        <div className="field crawl-options__exclude">
          <label className="field__label" htmlFor={`${id}-exclude`}>
            Leave out (one pattern a line)
          </label>
          <textarea
            id={`${id}-exclude`}
            className="field__input"
            rows={3}
            placeholder={'/blog/**\n*.pdf'}
            aria-describedby={`${id}-exclude-hint`}
            value={value.exclude}
            onChange={(event) => set({ exclude: event.target.value })}
          />
          <p id={`${id}-exclude-hint`} className="field__hint">
            Paths of pages not to save: <code>*</code> stays within one folder, <code>**</code> crosses folders.
          </p>
        </div>
      </div>
    </details>
  );
}
