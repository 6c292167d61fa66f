interface SectionHeadingProps {
  id: string;
  title: string;
  lead?: string;
}

export function SectionHeading({ id, title, lead }: SectionHeadingProps) {
  return (
    <div className="section-heading">
      <h2 id={id} className="section-heading__title">
        {title}
      </h2>
      {lead && <p className="section-heading__lead">{lead}</p>}
    </div>
  );
}
