interface SectionHeadingProps {
  id: string;
  title: string;
  description?: string;
}

/** The title and one-line description above a list of the Social screen. */
export function SectionHeading({ id, title, description }: SectionHeadingProps) {
  return (
    <header className="section-heading">
      <h2 className="section-heading__title" id={id}>
        {title}
      </h2>
      {description ? <p className="section-heading__description">{description}</p> : null}
    </header>
  );
}
