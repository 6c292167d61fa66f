import { features } from '../content/features';
import { FeatureCard } from './feature-card';
import { SectionHeading } from './section-heading';

export function FeatureGrid() {
  return (
    <section id="features" className="section" aria-labelledby="features-title">
      <div className="container">
        <SectionHeading
          id="features-title"
          title="Everything the page needs, in one file"
          lead="sitezip captures the page the way your browser sees it and packs it for offline reading."
        />
        <ul className="feature-grid">
          {features.map((feature) => (
            <FeatureCard key={feature.title} {...feature} />
          ))}
        </ul>
      </div>
    </section>
  );
}
