// Client routers that take a link's click and fetch() the next page's HTML to swap it in (Astro's
// <ClientRouter />, Turbo and Turbolinks, htmx's hx-boost, swup, Barba, pjax, Livewire's
// wire:navigate, MkDocs Material's instant navigation) stay in a page saved as served, scripts and
// all. From a folder that fetch() of the next file is refused (file:// is an opaque origin in
// Chromium and Firefox alike): a failed request and a page error, and a router that does not
// fall back leaves the reader where they were. A saved page with such a router gets a small
// classic script, first in <head>, that takes a plain click on a link to another page of the
// copy before any of the page's scripts can, and loads that page: what the browser does for a
// link when no script is in the way. A live copy's replay layer does the same for its pages.

/** Marks of a router that takes the clicks of links to other pages of its site, in served HTML. */
const LINK_ROUTERS =
  /\bname\s*=\s*["']?astro-view-transitions-enabled\b|\bdata-turbo\b|<meta\b[^<>]*\bname\s*=\s*["']?turbo-|<turbo-frame\b|<script\b[^<>]*\bsrc\s*=\s*["']?[^"'<>]*\b(?:turbo|turbolinks|swup|barba|pjax)\b|\bdata-barba\b|\bdata-pjax\b|\bhx-boost\s*=\s*["']?true\b|\bwire:navigate\b|"navigation\.instant"|\bnew\s+Swup\s*\(/i;

/** Served HTML is read this far for the marks: they are in the head or on the first elements. */
const READ_AT_MOST = 512 * 1024;

/** Whether the page's own scripts may take the clicks of its links to fetch the next page (a snapshot has no scripts). */
export function routesLinks(html: string): boolean {
  const head = html.length > READ_AT_MOST ? html.slice(0, READ_AT_MOST) : html;
  return /<script\b/i.test(html) && LINK_ROUTERS.test(head);
}

/**
 * The script: a capture-phase listener on the window, added before the page's scripts add theirs,
 * so it runs first; it acts on a plain left click (no modifier, no other target, no download) on
 * a link to another document of the copy's own origin (a saved page's links to pages not saved
 * are absolute, online: the browser goes there itself), and leaves links within the page alone.
 */
export const LINK_GUARD_SCRIPT = `<script>/* sitezip: links to this copy's pages load them (see README, "Client routers in pages saved as served") */
addEventListener('click', function (event) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  var link = event.target && event.target.closest ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
  var to = new URL(link.href, location.href), here = new URL(location.href);
  if (to.origin !== here.origin || to.protocol !== here.protocol) return;
  to.hash = ''; here.hash = '';
  if (to.href === here.href) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  location.href = link.href;
}, true);
</script>`;
