import { breakpoints, useBreakpoint } from '@/components/ui/breakpoints';
import '../gallery.css';
import { gallerySections } from './gallery-sections';

/** /components: every shared widget live, for admins checking their behaviour at each screen width. */
export function ComponentsPage() {
  const breakpoint = useBreakpoint();
  return (
    <section className="page gallery">
      <h1>Components</h1>
      <p className="lead">The shared widgets with their documented behaviour. Resize the window to check each breakpoint.</p>
      <p className="gallery__note" data-testid="breakpoint">
        Breakpoint now: <strong>{breakpoint === 'base' ? `base (under ${breakpoints.xs} px)` : `${breakpoint} (${breakpoints[breakpoint]} px and wider)`}</strong>
      </p>
      <nav aria-label="Widgets" className="gallery__toc">
        <ul>
          {gallerySections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="gallery__grid">
        {gallerySections.map(({ id, title, rules, source, Demo, pendingNote }) => (
          <section key={id} id={id} className={`gallery__section${Demo ? '' : ' gallery__section--pending'}`} aria-labelledby={`${id}-title`}>
            <h2 id={`${id}-title`}>{title}</h2>
            <p className="gallery__rules">{rules}</p>
            <div className="gallery__demo">{Demo ? <Demo /> : <p className="gallery__note">{pendingNote}</p>}</div>
            <p className="gallery__source">
              <code>{source}</code>
            </p>
          </section>
        ))}
      </div>
    </section>
  );
}
