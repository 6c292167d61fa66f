import { faqs } from '../content/faqs';
import { FaqItem } from './faq-item';
import { SectionHeading } from './section-heading';

export function FaqSection() {
  return (
    <section id="faq" className="section" aria-labelledby="faq-title">
      <div className="container container--narrow">
        <SectionHeading id="faq-title" title="Frequently asked questions" />
        <div className="faq-list">
          {faqs.map((faq) => (
            <FaqItem key={faq.question} {...faq} />
          ))}
        </div>
      </div>
    </section>
  );
}
