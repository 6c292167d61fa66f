import { Icon } from '../../../components/icon';

export function FaqItem({ question, answer }: { question: string; answer: string }) {
  return (
    <details className="faq-item">
      <summary className="faq-item__question">
        {question}
        <Icon name="chevron" size={18} className="faq-item__chevron" />
      </summary>
      <p className="faq-item__answer">{answer}</p>
    </details>
  );
}
