import type { ReactNode } from 'react';
import { Icon } from '../../../components/icon';

const assurances = ['Free for single pages', 'No account needed', 'No tracking'] as const;

/** The headline; the download form is passed in by the route. */
export function Hero({ children }: { children: ReactNode }) {
  return (
    <section id="download" className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <p className="hero__eyebrow">Website to ZIP, in one step</p>
        <h1 id="hero-title" className="hero__title">
          Save any web page for offline use
        </h1>
        <p className="hero__lead">
          Paste an address and get a ZIP with the page and everything it needs: HTML, styles, scripts, images and
          fonts. Unzip it and open <code>index.html</code>, no connection required.
        </p>
        {children}
        <ul className="hero__assurances" aria-label="Why sitezip">
          {assurances.map((text) => (
            <li key={text}>
              <Icon name="check" size={16} />
              {text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
