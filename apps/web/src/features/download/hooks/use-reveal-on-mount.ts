import { useEffect, useRef } from 'react';

/**
 * For a panel that appears in answer to the form (the result, an error): moves focus into it,
 * so that screen readers go there and focus does not fall back to <body> from the disabled
 * submit button, and scrolls the whole panel into view, which on a phone is often below the
 * fold. Focus goes to `focus` when it is set (a heading), else to the panel itself.
 */
export function useRevealOnMount<Panel extends HTMLElement, Focus extends HTMLElement = Panel>() {
  const panel = useRef<Panel>(null);
  const focus = useRef<Focus>(null);
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    (focus.current ?? element).focus({ preventScroll: true });
    const box = element.getBoundingClientRect();
    const viewport = window.innerHeight;
    if (box.top >= 0 && box.bottom <= viewport) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // A panel taller than the screen shows its top; a shorter one just comes into view.
    element.scrollIntoView({ block: box.height > viewport ? 'start' : 'nearest', behavior: smooth ? 'smooth' : 'auto' });
  }, []);
  return { panel, focus };
}
