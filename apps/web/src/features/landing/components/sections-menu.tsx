import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../../components/icon';
import { landingSections } from '../content/sections';

/**
 * The landing page's sections on narrow screens, where the top bar has no room for them: a
 * disclosure button and a list of links. It closes on Escape (focus back on the button), when a
 * link is chosen, and on a click or focus elsewhere.
 */
export function SectionsMenu() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onOutside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open]);

  return (
    <div className="sections-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button--ghost sections-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="menu" size={20} />
        <span className="visually-hidden">Menu</span>
      </button>
      <nav id={listId} className="sections-menu__panel" aria-label="Sections" hidden={!open}>
        <ul>
          {landingSections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} onClick={() => setOpen(false)}>
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
