import { Icon } from '@/components/ui/icons/icon';
import '../gallery.css';
import { iconNames } from '@/components/ui/icons/icon-shapes';

/** /icons: every icon of the set with the name to pass to <Icon name=…>. */
export function IconsPage() {
  return (
    <section className="page gallery">
      <h1>Icons</h1>
      <p className="lead">
        {iconNames.length} icons, inline SVG on a 24 px grid in the text colour. Use <code>{'<Icon name="…" />'}</code> from components/ui/icons; give it
        a <code>label</code> when it stands alone, otherwise it is hidden from screen readers.
      </p>
      <ul className="gallery__icons" aria-label="Icon set">
        {iconNames.map((name) => (
          <li key={name} className="gallery__icon" data-icon-name={name}>
            <Icon name={name} size={24} />
            <code>{name}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
