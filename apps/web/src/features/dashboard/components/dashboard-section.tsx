import type { ReactNode } from 'react';

interface DashboardSectionProps {
  /** The anchor the side menu links to. */
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
}

export function DashboardSection({ id, title, lead, children }: DashboardSectionProps) {
  const headingId = `${id}-title`;
  return (
    <section id={id} className="dashboard-section" aria-labelledby={headingId}>
      <div className="dashboard-section__header">
        <h2 id={headingId} className="dashboard-section__title">
          {title}
        </h2>
        {lead && <p className="dashboard-section__lead">{lead}</p>}
      </div>
      {children}
    </section>
  );
}
