import { folderOf } from '../resolve/local-path.js';

/**
 * The start page is the copy's `index.html`, in its top folder, while its own files are in its
 * site's folder (`example.com/docs/`): the addresses in its markup are rewritten, but one its
 * scripts build at run time from the page's own place (Javadoc's `pathtoroot + 'search.js'`
 * from `"./"`) names the top folder, where none of them is. This script, first in the page's
 * head, puts a relative address a script gives a `<script>` (by `src` or `setAttribute`) in the
 * page's own folder instead, as it resolves online; one that names a folder of the copy
 * already (a rewritten address read back from the markup) is left as it is.
 */
export function startPageHomeScript(pageUrl: string, copyFolders: Iterable<string>): string {
  const home = JSON.stringify(folderOf(new URL(pageUrl)));
  const known = JSON.stringify([...new Set(copyFolders)]);
  return `<script>/* sitezip: this page's scripts load relative addresses from its own folder (see README, "What gets captured") */
(function () {
  var home = ${home}, known = ${known};
  function inHome(value) {
    value = String(value);
    if (value === '' || /^(?:[a-z][a-z0-9+.-]*:|[\\/#?])/i.test(value)) return value;
    var slash = value.indexOf('/');
    return slash > 0 && known.indexOf(value.slice(0, slash)) >= 0 ? value : home + value;
  }
  var src = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, 'src');
  Object.defineProperty(HTMLScriptElement.prototype, 'src', {
    configurable: true, enumerable: src.enumerable, get: src.get,
    set: function (value) { src.set.call(this, inHome(value)); }
  });
  var setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    return setAttribute.call(this, name, this instanceof HTMLScriptElement && String(name).toLowerCase() === 'src' ? inHome(value) : value);
  };
})();
</script>`;
}
