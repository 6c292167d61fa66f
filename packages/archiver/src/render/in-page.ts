// Code that runs inside the page, as source text: the engine is compiled without the DOM's types,
// and a function's own text can carry a bundler's helpers that do not exist in the page.

/** Evaluates `source` (a function expression) in the page with `arg`, returning its JSON result. */
export function call(source: string, arg: unknown = null): string {
  return `(${source})(${JSON.stringify(arg)})`;
}

/** An element that changed this often, over this long, is animating (see DOM_STATE). */
const ANIMATING = { changes: 20, ms: 3_000 };
/**
 * A canvas's drawing counts as a change for this long after it first drew (see DOM_STATE): a
 * chart's opening animation (Chart.js, ECharts, Highcharts: 0.8 to 1 s) ends within it, and a
 * scene drawn on every frame for ever holds the page no longer than that.
 */
const CANVAS_DRAWING_MS = 1_500;
/**
 * A timer the page sets for this soon (ms) holds its quiet until it has run (see DOM_STATE): what
 * a page shows "a moment later" (content shown after a delay, a banner, the rest of a list). Not a
 * sooner one: it runs within the 500 ms of quiet a page is given anyway, and a site's prefetches
 * of the links in view wait 300 ms each (Astro's: waiting for them cost its capture 0.2 to 0.45 s);
 * not a later one (a newsletter popup after 5 s), nor one that keeps setting itself again (a
 * clock, a poll: its function after its second time), nor any past the document's first `count`.
 */
const PENDING_TIMERS = { minMs: 400, maxMs: 3_000, sameFunction: 2, count: 30 };
/** Where a canvas keeps when it first and last drew (DOM_STATE, MOVING_AREAS). */
const DRAWING_KEY = 'sitezip.drawing';
/**
 * Whether a canvas's drawing times (see DOM_STATE) say it is still moving: it drew within the
 * last 250 ms, and has drawn for longer than a chart's opening animation (CANVAS_DRAWING_MS).
 */
const STILL_DRAWING = `(drawing, now) => typeof drawing === 'object' && drawing !== null && now - drawing.last < 250 && drawing.last - drawing.first > ${CANVAS_DRAWING_MS}`;
/** The drawing calls that mark a canvas drawn: every picture a 2D context or WebGL makes goes through one of them. */
const DRAWING_CALLS = {
  CanvasRenderingContext2D: ['fill', 'stroke', 'fillRect', 'strokeRect', 'clearRect', 'fillText', 'strokeText', 'drawImage', 'putImageData'],
  WebGLRenderingContext: ['clear', 'drawArrays', 'drawElements'],
  WebGL2RenderingContext: ['clear', 'drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced', 'drawRangeElements'],
};

/**
 * `{ still, loading }`: milliseconds since the DOM last changed or the page's main thread was last
 * busy, and whether the document is still loading. The first call installs the observer (on the
 * document node, so it survives `document.write` replacing the root) and answers 0. A shadow
 * root's changes reach no observer of the document (a web component builds its whole UI there),
 * so every open shadow root there is now is observed too, and every root attached later (open or
 * closed). A page that runs a long task (an app's bundle
 * booting: Storybook's ran 280–580 ms at a time) changes nothing and asks for nothing while it
 * runs, and this call itself waits for the task's end: a heartbeat every 50 ms that came more
 * than 200 ms late says the thread was busy until then. With `untilComplete`, a document not yet
 * loaded is never still: its scripts may be on their way to it or compiling off the main thread
 * with nothing in flight (Storybook's 5 MB of modules, on a loaded machine, left its page still
 * for 1.5 s before they ran, and its preview frame for longer). A canvas drawn again changes no
 * node: its drawing calls count as changes for ${CANVAS_DRAWING_MS} ms from its first (a chart that animates its
 * bars in was read, and pictured, half drawn). Nor is a page still while a timer it set to run
 * in ${PENDING_TIMERS.minMs} to ${PENDING_TIMERS.maxMs} ms has yet to (PENDING_TIMERS): a page that showed its programme 1.2 s
 * after its data came was read, and saved, without it (installed as an init script, the timers
 * a page sets as it loads are seen).
 */
export const DOM_STATE = `(untilComplete) => {
  const key = Symbol.for('sitezip.lastMutation');
  // A beat more than 200 ms after the last one: the thread was busy until now.
  const beat = (state) => {
    const now = performance.now();
    if (now - state.beat > 200) state.at = Math.max(state.at, now);
    state.beat = now;
    return now;
  };
  const loading = untilComplete === true && document.readyState !== 'complete';
  const state = window[key];
  if (state) {
    const now = beat(state);
    if (loading) state.at = now;
    // A timer still to run is work to come: once it ran, the quiet counts from the last change it made.
    return { still: state.timers.size > 0 ? 0 : now - state.at, loading };
  }
  const fresh = { at: performance.now(), beat: performance.now(), changes: 0, observer: undefined, timers: new Set() };
  Object.defineProperty(window, key, { value: fresh });
  setInterval(() => beat(fresh), 50);
  const limits = ${JSON.stringify(PENDING_TIMERS)};
  const realSetTimeout = window.setTimeout;
  const timesSet = new WeakMap();
  let timersHeld = 0;
  window.setTimeout = { setTimeout(handler, ms) {
    const delay = Number(ms) || 0;
    const times = typeof handler === 'function' ? (timesSet.get(handler) || 0) + 1 : 0;
    if (times === 0 || delay < limits.minMs || delay > limits.maxMs || times > limits.sameFunction || timersHeld >= limits.count) return realSetTimeout.apply(this, arguments);
    timesSet.set(handler, times);
    timersHeld++;
    const args = Array.prototype.slice.call(arguments);
    let id;
    args[0] = function () {
      fresh.timers.delete(id);
      return handler.apply(this, arguments);
    };
    id = realSetTimeout.apply(this, args);
    fresh.timers.add(id);
    return id;
  } }.setTimeout;
  for (const name of ['clearTimeout', 'clearInterval']) {
    const real = window[name];
    window[name] = { [name](id) {
      fresh.timers.delete(id);
      return real.apply(this, arguments);
    } }[name];
  }
  // The renderer's own marks on frame elements (rendered-frames.ts) are no change of the page's.
  const ours = (record) => record.type === 'attributes' && String(record.attributeName).startsWith('data-sitezip-frame-');
  // An element that keeps changing (a typing effect, a ticker, an animation written into its
  // attributes: Lottie's SVG, a progress bar) would hold the page busy for ever: once it has
  // changed ${ANIMATING.changes} times over ${ANIMATING.ms} ms, its text and attributes no longer count (a count-up
  // animation of 2 s still does). Elements added or removed always count: that is content arriving.
  const seen = new WeakMap();
  const animating = (record) => {
    if (record.type === 'childList' && [...record.addedNodes, ...record.removedNodes].some((node) => node.nodeType === 1)) return false;
    const target = record.type === 'characterData' ? record.target.parentNode : record.target;
    if (!target) return false;
    const now = performance.now();
    const changes = seen.get(target);
    if (!changes) {
      seen.set(target, { count: 1, since: now });
      return false;
    }
    changes.count++;
    return changes.count >= ${ANIMATING.changes} && now - changes.since >= ${ANIMATING.ms};
  };
  const observer = new MutationObserver((records) => {
    if (records.filter((record) => !ours(record) && !animating(record)).length === 0) return;
    fresh.at = performance.now();
    fresh.changes++;
  });
  fresh.observer = observer;
  const watch = (root) => observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  watch(document);
  const roots = [document];
  for (let i = 0; i < roots.length; i++) {
    for (const element of roots[i].querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
  }
  roots.slice(1).forEach(watch);
  // At most one mark per context in each 50 ms beat: a drawing call costs a comparison.
  const firstDrawn = new WeakMap();
  const drawnBeat = Symbol('sitezip.drawnBeat');
  const drawingKey = Symbol.for('${DRAWING_KEY}');
  const drawn = (context) => {
    if (context[drawnBeat] === fresh.beat) return;
    context[drawnBeat] = fresh.beat;
    const now = performance.now();
    // When the canvas first and last drew: one that keeps drawing is a moving area (MOVING_AREAS).
    const canvas = context.canvas;
    if (canvas) canvas[drawingKey] = { first: canvas[drawingKey] ? canvas[drawingKey].first : now, last: now };
    const first = firstDrawn.get(context);
    if (first === undefined) firstDrawn.set(context, now);
    else if (now - first > ${CANVAS_DRAWING_MS}) return;
    fresh.at = now;
    fresh.changes++;
  };
  for (const [name, calls] of Object.entries(${JSON.stringify(DRAWING_CALLS)})) {
    const proto = window[name] && window[name].prototype;
    for (const call of proto ? calls : []) {
      const real = proto[call];
      if (typeof real !== 'function') continue;
      Object.defineProperty(proto, call, { configurable: true, writable: true, value: { [call]() {
        try { drawn(this); } catch {}
        return real.apply(this, arguments);
      } }[call] });
    }
  }
  const attach = Element.prototype.attachShadow;
  if (typeof attach === 'function') {
    Element.prototype.attachShadow = { attachShadow(init) {
      const root = attach.call(this, init);
      try { watch(root); fresh.at = performance.now(); fresh.changes++; } catch {}
      return root;
    } }.attachShadow;
  }
  return { still: 0, loading };
}`;

/**
 * The areas of the page (in its coordinates, as its picture has them) that change on their own
 * as it is pictured: a canvas still drawing well past its first drawing (a three.js scene that
 * turns for ever, see DOM_STATE) and a video playing. A copy pictured at another moment shows
 * them at another point of their motion; the self-check compares them loosely (compare.ts).
 */
export const MOVING_AREAS = `() => {
  const key = Symbol.for('${DRAWING_KEY}');
  const now = performance.now();
  const boxes = [];
  const roots = [document];
  for (let i = 0; i < roots.length; i++) {
    for (const element of roots[i].querySelectorAll('*')) {
      if (element.shadowRoot) roots.push(element.shadowRoot);
      const drawing = element[key];
      const moving = drawing === 'moving' || (${STILL_DRAWING})(drawing, now) || (element instanceof HTMLVideoElement && !element.paused && !element.ended);
      if (!moving) continue;
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) boxes.push({ x: box.left + scrollX, y: box.top + scrollY, width: box.width, height: box.height });
    }
  }
  return boxes;
}`;

/**
 * How many times the document changed since DOM_STATE first watched it (-1: not watched), the
 * renderer's own writes left out (INLINE_CSSOM forgets them): an early read of a page whose count
 * has not moved is still the page (render-page.ts).
 */
export const DOM_CHANGES = `() => {
  const state = window[Symbol.for('sitezip.lastMutation')];
  return state ? state.changes : -1;
}`;

/** Where a live copy's replay layer marks that it ran (REPLAY_LAYER in capture/replay-shim.ts). */
const REPLAYING = '__SITEZIP_REPLAYING__';

/** In a page whose scripts run (a live copy: its replay layer ran), counts the DOM's quiet from now. */
export const RESTART_QUIET_IF_SCRIPTED = `() => {
  const state = window[Symbol.for('sitezip.lastMutation')];
  if (state && window.${REPLAYING} === true) state.at = performance.now();
}`;

/**
 * Scrolls down in viewport steps, two frames apart (time for IntersectionObservers and scroll
 * handlers to ask for lazy content), re-reading the height as it grows. Returns the steps taken.
 */
export const SCROLL_THROUGH = `async (maxSteps) => {
  const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const root = document.scrollingElement || document.documentElement;
  const step = Math.max(1, window.innerHeight);
  let steps = 0;
  for (let y = step; steps < maxSteps && y < root.scrollHeight; y += step) {
    window.scrollTo(0, y);
    steps++;
    await frames();
  }
  return steps;
}`;

export const SCROLL_TO_TOP = `() => { window.scrollTo(0, 0); }`;

/**
 * How many viewports a copy is scrolled through before it is read, given `{ picture, original }`:
 * those of its picture, and a copy whose scripts run (a live copy: its replay layer ran) as many
 * as the original was, no more, no fewer. Sections that scripts mount only once scrolled into
 * view (Scalar's API reference) are in the original's text because the render scrolled to them;
 * a live copy scrolled less reads as missing them (Scalar's, text 0.83 after 3 of the original's
 * 9). One scrolled further runs past the original: an infinite list whose next part the render
 * loaded at its last step grew taller in the copy, whose next step asked for a part never
 * recorded (a failed request, and the snapshot kept).
 */
export const COPY_SCROLL_STEPS = `({ picture, original }) => window.${REPLAYING} === true ? original : picture`;

/**
 * Holds the page still for its picture, as Playwright's `animations: 'disabled'` and `caret:
 * 'hide'` do (the check's pictures were taken that way before it captured through CDP, and an
 * original and its copy must be held alike): finite CSS animations and transitions jump to their
 * end, infinite ones go back to their start, also those that start later; carets go transparent;
 * fonts are waited for. Runs in every frame; the main frame's answer is the size of the document
 * as Playwright measures a full page, and the root's scroll height.
 */
export const HOLD_STILL = `async () => {
  const roots = [document];
  for (let i = 0; i < roots.length; i++) {
    for (const element of roots[i].querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
  }
  for (const root of roots) {
    for (const element of root.querySelectorAll('input,textarea,[contenteditable]')) element.style.setProperty('caret-color', 'transparent', 'important');
    const still = () => {
      for (const animation of root.getAnimations()) {
        if (!animation.effect || animation.playbackRate === 0) continue;
        try {
          if (Number.isFinite(animation.effect.getComputedTiming().endTime)) animation.finish();
          else animation.cancel();
        } catch {}
      }
    };
    still();
    root.addEventListener('transitionrun', still);
    root.addEventListener('animationstart', still);
  }
  try { await document.fonts.ready; } catch {}
  const body = document.body;
  const root = document.documentElement;
  if (!body || !root) return { width: 0, height: 0, scrollHeight: 0 };
  return {
    scrollHeight: root.scrollHeight,
    width: Math.max(body.scrollWidth, root.scrollWidth, body.offsetWidth, root.offsetWidth, body.clientWidth, root.clientWidth),
    height: Math.max(body.scrollHeight, root.scrollHeight, body.offsetHeight, root.offsetHeight, body.clientHeight, root.clientHeight),
  };
}`;

/** Where RECORD_READ_BACK keeps the addresses of the images whose pixels scripts read. */
const READ_BACK_KEY = 'sitezip.readBack';
/** Images RECORD_READ_BACK notes, at most. */
const MAX_READ_BACK = 100;

/** Where RECORD_FONT_SOURCES keeps each FontFace's source: a WeakMap from the face to it. */
const FONT_SOURCES_KEY = 'sitezip.fontSources';
/** Where RECORD_CLOSED_ROOTS keeps the closed shadow roots scripts attached: a WeakMap from the host to its root. */
const CLOSED_ROOTS_KEY = 'sitezip.closedRoots';
/**
 * Source text for the scripts here: `rootsFrom(start)`, `start` and every shadow root under it,
 * open or closed (RECORD_CLOSED_ROOTS), nested ones too, breadth first.
 */
const ROOTS_FROM = `const rootsFrom = (start) => {
    const closed = window[Symbol.for('${CLOSED_ROOTS_KEY}')];
    const roots = [start];
    for (let i = 0; i < roots.length; i++) {
      for (const element of roots[i].querySelectorAll('*')) {
        const shadow = element.shadowRoot || (closed && closed.get(element));
        if (shadow) roots.push(shadow);
      }
    }
    return roots;
  };`;

/**
 * Keeps a tab's page from going back past its own first entry (an init script). A tab serves
 * page after page (render-tab.ts, check-tab.ts): `history.back()` from a fresh tab's only entry
 * does nothing, but from a reused one it went to the blank page before (no request, so nothing
 * refused it) and the render read an empty DOM. Traversals within the page's own entries (a
 * router's pushState, then back) go on as before. Top frame only: a same-origin frame reaches it
 * through `top.history`.
 */
export const STAY_ON_PAGE = `(() => {
  const navigation = window.navigation;
  if (window !== window.top || !navigation || !navigation.currentEntry) return;
  const first = navigation.currentEntry.index;
  const stays = (delta) => !navigation.currentEntry || navigation.currentEntry.index + delta >= first;
  const guard = (name, delta) => {
    const real = History.prototype[name];
    Object.defineProperty(History.prototype, name, {
      configurable: true, writable: true,
      value: { [name](...args) { return stays(delta(...args)) ? real.apply(this, args) : undefined; } }[name],
    });
  };
  guard('back', () => -1);
  guard('go', (delta) => Number(delta) || 0);
})();`;

/**
 * Keeps the closed shadow roots the page's scripts attach (`attachShadow({ mode: 'closed' })`),
 * by host: the DOM gives no way to reach them, so without this the snapshot lost what a closed
 * component showed (its host written out empty). Read by rootsFrom() in the scripts below.
 */
export const RECORD_CLOSED_ROOTS = `(() => {
  const attach = Element.prototype.attachShadow;
  if (typeof attach !== 'function') return;
  const closed = new WeakMap();
  Object.defineProperty(window, Symbol.for('${CLOSED_ROOTS_KEY}'), { value: closed });
  Object.defineProperty(Element.prototype, 'attachShadow', {
    configurable: true, writable: true,
    value: { attachShadow(init) {
      const root = attach.apply(this, arguments);
      if (init && init.mode === 'closed') closed.set(this, root);
      return root;
    } }.attachShadow,
  });
})();`;

/**
 * Has WebGL contexts keep their drawing buffer: the browser clears it once a frame is shown, and
 * a canvas drawn once (a chart, a map, a 3D scene that waits for input) read back as a blank image
 * (INLINE_CSSOM turns canvases into images). Costs the GPU a copy per frame, in the render only.
 */
export const KEEP_DRAWING_BUFFERS = `(() => {
  const Canvas = window.HTMLCanvasElement;
  if (!Canvas || typeof Canvas.prototype.getContext !== 'function') return;
  const getContext = Canvas.prototype.getContext;
  Object.defineProperty(Canvas.prototype, 'getContext', {
    configurable: true, writable: true,
    value: { getContext(type, attributes) {
      if (!/^(webgl2?|experimental-webgl)$/.test(String(type))) return getContext.apply(this, arguments);
      return getContext.call(this, type, Object.assign({}, attributes, { preserveDrawingBuffer: true }));
    } }.getContext,
  });
})();`;

/**
 * An init script noting the images (by address) whose pixels the page's scripts read: each one a
 * WebGL texture is made of (three.js's TextureLoader), or made into an ImageBitmap, and each one
 * drawn into a 2D canvas whose pixels are then read (getImageData). From a folder, an image of a
 * file is of another origin than the page: WebGL refuses it (the model drawn black) and the
 * canvas it is drawn into can no longer be read. A live copy gives these images as blob: URLs of
 * the page's own (replay-read-back.ts).
 */
export const RECORD_READ_BACK = `(() => {
  const urls = new Set();
  Object.defineProperty(window, Symbol.for('${READ_BACK_KEY}'), { value: urls });
  const addressOf = (source) => {
    try {
      if (window.HTMLImageElement && source instanceof HTMLImageElement) return source.currentSrc || source.src;
      if (window.SVGImageElement && source instanceof SVGImageElement) return new URL(source.href.baseVal, document.baseURI).href;
    } catch {}
    return undefined;
  };
  const note = (url) => {
    if (url && /^https?:/.test(url) && urls.size < ${MAX_READ_BACK}) urls.add(url.split('#')[0]);
  };
  const wrap = (proto, name, before) => {
    const real = proto && proto[name];
    if (typeof real !== 'function') return;
    Object.defineProperty(proto, name, { configurable: true, writable: true, value: { [name]() {
      try { before(this, arguments); } catch {}
      return real.apply(this, arguments);
    } }[name] });
  };
  for (const type of [window.WebGLRenderingContext, window.WebGL2RenderingContext]) {
    for (const name of ['texImage2D', 'texSubImage2D', 'texImage3D', 'texSubImage3D']) {
      wrap(type && type.prototype, name, (context, args) => { for (const arg of args) note(addressOf(arg)); });
    }
  }
  wrap(window, 'createImageBitmap', (scope, args) => note(addressOf(args[0])));
  const drawn = new WeakMap();
  const context2d = window.CanvasRenderingContext2D && CanvasRenderingContext2D.prototype;
  wrap(context2d, 'drawImage', (context, args) => {
    const url = addressOf(args[0]);
    if (!url) return;
    const images = drawn.get(context.canvas) || new Set();
    images.add(url);
    drawn.set(context.canvas, images);
  });
  wrap(context2d, 'getImageData', (context) => { for (const url of drawn.get(context.canvas) || []) note(url); });
})();`;

/**
 * Runs before the page's scripts (an init script): remembers the source every FontFace is
 * constructed with, which the face itself does not expose. A font added through the FontFace API
 * is in no stylesheet, so without this the rendered DOM keeps no trace of it (INLINE_CSSOM writes
 * it back as an @font-face rule). A string source is kept with its URLs made absolute against the
 * document; a binary one as a copy of its bytes (the page may reuse its buffer).
 */
export const RECORD_FONT_SOURCES = `(() => {
  const Real = window.FontFace;
  if (typeof Real !== 'function') return;
  const sources = new WeakMap();
  Object.defineProperty(window, Symbol.for('${FONT_SOURCES_KEY}'), { value: sources });
  const absolute = (source) => source.replace(/url\\(\\s*(['"]?)([^'")]+)\\1\\s*\\)/g, (all, quote, url) => {
    try { return 'url("' + new URL(url, document.baseURI).href.replace(/["\\\\]/g, '\\\\$&') + '")'; } catch { return all; }
  });
  const FontFace = function FontFace(family, source, descriptors) {
    const face = Reflect.construct(Real, [family, source, descriptors], new.target || FontFace);
    try {
      if (typeof source === 'string') sources.set(face, { css: absolute(source) });
      else if (source instanceof ArrayBuffer) sources.set(face, { bytes: new Uint8Array(source.slice(0)) });
      else if (ArrayBuffer.isView(source)) sources.set(face, { bytes: new Uint8Array(source.buffer.slice(source.byteOffset, source.byteOffset + source.byteLength)) });
    } catch {}
    return face;
  };
  FontFace.prototype = Real.prototype;
  Object.defineProperty(Real.prototype, 'constructor', { value: FontFace, configurable: true, writable: true });
  window.FontFace = FontFace;
})();`;

/**
 * Puts into the DOM what the page holds only in the CSSOM, in canvases and in form fields, so
 * that markup keeps it: rules added with insertRule (styled-components, emotion) into a `<style>`
 * whose text no longer says them, constructed sheets adopted by the document or a shadow root
 * (Lit), what scripts drew into a canvas (as an image), and the values, checks and choices
 * scripts gave fields (as attributes; a password field's value never), and what the top layer
 * shows (a modal dialog, an open popover: as styles). And a raw-text element (`<style>`, `<textarea>`,
 * `<title>`) that holds more than text, such as the comments Lit marks its bindings with inside a
 * component's `<style>`, is left its text alone: markup writes those nodes out as tags, which parse
 * back as text (`--layout: <!---->row`, a value no property takes). Answers how many of each it wrote.
 */
export const INLINE_CSSOM = `() => {
  const counts = { styles: 0, adopted: 0, canvases: 0, fonts: 0, rawText: 0, fields: 0, topLayer: 0 };
  const rulesOf = (sheet) => {
    try { return Array.from(sheet.cssRules, (rule) => rule.cssText).join('\\n'); } catch { return undefined; }
  };
  const ruleCount = (text) => {
    try { const sheet = new CSSStyleSheet(); sheet.replaceSync(text); return sheet.cssRules.length; } catch { return undefined; }
  };
  ${ROOTS_FROM}
  for (const root of rootsFrom(document)) {
    for (const style of root.querySelectorAll('style')) {
      const sheet = style.sheet;
      if (!sheet) continue;
      const written = style.textContent || '';
      if (ruleCount(written) === sheet.cssRules.length && written.trim() !== '') continue;
      const text = rulesOf(sheet);
      if (text === undefined || (text === '' && written.trim() === '')) continue;
      style.textContent = text;
      counts.styles++;
    }
    // After the rules written back above (a style whose text was replaced holds text alone now).
    for (const element of root.querySelectorAll('style,textarea,title')) {
      if (Array.prototype.some.call(element.childNodes, (node) => node.nodeType !== 3)) {
        element.textContent = element.textContent;
        counts.rawText++;
      }
    }
    const adopted = root.adoptedStyleSheets || [];
    if (adopted.length > 0) {
      const text = adopted.map(rulesOf).filter(Boolean).join('\\n');
      if (text) {
        const style = document.createElement('style');
        style.setAttribute('data-sitezip', 'adopted');
        style.textContent = text;
        (root === document ? (document.body || document.documentElement) : root).append(style);
        counts.adopted++;
      }
    }
    // What scripts put into form fields is in properties, which markup does not write.
    for (const field of root.querySelectorAll('input,textarea,select')) {
      const type = String(field.type).toLowerCase();
      if (field.localName === 'select') {
        const options = Array.from(field.options);
        for (const option of options) if (option.selected && !option.hasAttribute('selected')) option.setAttribute('selected', '');
        for (const option of options) if (!option.selected && option.hasAttribute('selected')) option.removeAttribute('selected');
      } else if (field.localName === 'textarea') {
        if (field.value !== field.textContent) field.textContent = field.value;
      } else if (type === 'checkbox' || type === 'radio') {
        if (field.checked !== field.hasAttribute('checked')) field.toggleAttribute('checked', field.checked);
      } else if (type !== 'password' && type !== 'file' && field.value !== (field.getAttribute('value') || '')) {
        field.setAttribute('value', field.value);
      } else {
        continue;
      }
      counts.fields++;
    }
    for (const canvas of root.querySelectorAll('canvas')) {
      if (!canvas.width || !canvas.height || canvas.width * canvas.height > 4194304) continue;
      let url;
      try { url = canvas.toDataURL('image/png'); } catch { continue; }
      const image = document.createElement('img');
      for (const attribute of canvas.attributes) image.setAttribute(attribute.name, attribute.value);
      image.setAttribute('src', url);
      image.setAttribute('width', String(canvas.width));
      image.setAttribute('height', String(canvas.height));
      const box = canvas.getBoundingClientRect();
      if (box.width && box.height) image.style.cssText += ';width:' + box.width + 'px;height:' + box.height + 'px';
      // What rules for canvas elements gave it (canvas { display: block }, as three.js pages
      // have) no longer apply to an image: an inline image stood 7 px higher on its line's baseline.
      const drawn = getComputedStyle(canvas);
      image.style.display = drawn.display;
      image.style.verticalAlign = drawn.verticalAlign;
      image.style.borderRadius = drawn.borderRadius;
      // A scene still drawing stays a moving area of the page's picture, now its image (MOVING_AREAS).
      if ((${STILL_DRAWING})(canvas[Symbol.for('${DRAWING_KEY}')], performance.now())) image[Symbol.for('${DRAWING_KEY}')] = 'moving';
      canvas.replaceWith(image);
      counts.canvases++;
    }
  }
  // The top layer, which markup cannot say: a modal dialog written out is a dialog open in the
  // flow (no longer fixed, centred or over the page, its backdrop gone) and an open popover a
  // hidden one. Each is kept where it is drawn, over the page, its backdrop a box behind it.
  let layer = 0;
  const ruled = new Set();
  for (const root of rootsFrom(document)) {
    for (const element of root.querySelectorAll('dialog[open],[popover]')) {
      const is = (selector) => { try { return element.matches(selector); } catch { return false; } };
      const modal = is(':modal');
      if (!modal && !is(':popover-open')) continue;
      const style = getComputedStyle(element);
      const kept = modal ? ['position', 'top', 'bottom', 'max-width', 'max-height', 'overflow-x', 'overflow-y'] : ['display'];
      const z = 2147483000 + 2 * layer++;
      element.style.cssText += ';' + kept.map((name) => name + ':' + style.getPropertyValue(name) + ' !important').join(';') + ';z-index:' + (z + 1) + ' !important';
      const backdrop = getComputedStyle(element, '::backdrop');
      const shown = ['background-color', 'background-image', 'backdrop-filter', 'opacity'].map((name) => [name, backdrop.getPropertyValue(name)]);
      // A backdrop draws something when it has a colour, an image or a filter (its opacity is carried along).
      const unseen = { 'background-color': /^(transparent|rgba\\(0, 0, 0, 0\\))?$/, 'background-image': /^(none)?$/, 'backdrop-filter': /^(none)?$/ };
      const visible = shown.some(([name, value]) => unseen[name] && !unseen[name].test(value));
      if (visible && style.display !== 'none') {
        const box = document.createElement('div');
        box.setAttribute('data-sitezip', 'backdrop');
        box.style.cssText = 'position:fixed;inset:0;z-index:' + z + ';' + shown.map(([name, value]) => name + ':' + value).join(';');
        element.before(box);
        // Drawn only once the element is no longer in the top layer (in the snapshot): here the
        // real backdrop is, and the page's picture is yet to be taken. Gone with its dialog, which
        // a form of method "dialog" still closes in the snapshot.
        if (!ruled.has(root)) {
          const rule = document.createElement('style');
          rule.setAttribute('data-sitezip', 'backdrop');
          rule.textContent = '[data-sitezip="backdrop"]:has(+ :modal),[data-sitezip="backdrop"]:has(+ :popover-open),[data-sitezip="backdrop"]:has(+ dialog:not([open])){display:none !important}';
          (root === document ? (document.head || document.documentElement) : root).append(rule);
          ruled.add(root);
        }
      }
      counts.topLayer++;
    }
  }
  // Fonts the page's scripts added through the FontFace API and the page uses (loaded), as rules.
  const sources = window[Symbol.for('${FONT_SOURCES_KEY}')];
  if (sources && document.fonts) {
    const quote = (text) => '"' + String(text).replace(/^(['"])(.*)\\1$/, '$2').replace(/["\\\\]/g, '\\\\$&') + '"';
    const rules = [];
    for (const face of document.fonts) {
      const source = face.status === 'loaded' && sources.get(face);
      if (!source) continue;
      let src = source.css;
      if (source.bytes) {
        if (source.bytes.length > 4194304) continue;
        let binary = '';
        for (let i = 0; i < source.bytes.length; i += 32768) binary += String.fromCharCode.apply(null, source.bytes.subarray(i, i + 32768));
        src = 'url("data:application/octet-stream;base64,' + btoa(binary) + '")';
      }
      rules.push('@font-face { font-family: ' + quote(face.family) + '; src: ' + src + '; font-style: ' + face.style
        + '; font-weight: ' + face.weight + '; font-stretch: ' + face.stretch + '; unicode-range: ' + face.unicodeRange
        + '; font-display: ' + face.display + '; }');
    }
    if (rules.length > 0) {
      const style = document.createElement('style');
      style.setAttribute('data-sitezip', 'fontface');
      style.textContent = rules.join('\\n');
      (document.head || document.documentElement).append(style);
      counts.fonts = rules.length;
    }
  }
  // What was written here is the renderer's, not the page's: it must not count as a change (DOM_CHANGES).
  const watched = window[Symbol.for('sitezip.lastMutation')];
  if (watched && watched.observer) {
    watched.observer.takeRecords();
    watched.beat = performance.now();
  }
  return counts;
}`;

export interface Snapshot {
  html: string;
  title: string;
  href: string;
  /** When the document's navigation started (performance.timeOrigin, ms since 1970). */
  timeOrigin: number;
  /** Images whose pixels the page's scripts read (RECORD_READ_BACK), by address. */
  readBack: string[];
}

/**
 * The DOM as markup: doctype, the root element's own tag, and its content with every shadow
 * root (nested ones too; closed ones RECORD_CLOSED_ROOTS kept) as declarative shadow DOM,
 * `<template shadowrootmode="open">`.
 * Answers `{ tooLarge }` instead of a DOM longer than `maxLength` characters.
 */
export const SERIALIZE = `(maxLength) => {
  ${ROOTS_FROM}
  const root = document.documentElement;
  if (!root) return { html: '', title: document.title, href: location.href, timeOrigin: performance.timeOrigin, readBack: [] };
  const roots = rootsFrom(document).slice(1);
  let inner = typeof root.getHTML === 'function' ? root.getHTML({ shadowRoots: roots }) : root.innerHTML;
  // Written open: a copy without scripts loses nothing by it, and its check reads their text as the page's.
  if (roots.some((shadow) => shadow.mode === 'closed')) inner = inner.split('<template shadowrootmode="closed"').join('<template shadowrootmode="open"');
  const shell = root.cloneNode(false).outerHTML;
  const close = '</' + root.localName + '>';
  const open = shell.endsWith(close) ? shell.slice(0, -close.length) : shell;
  const type = document.doctype;
  const doctype = !type ? '' : '<!DOCTYPE ' + type.name
    + (type.publicId ? ' PUBLIC "' + type.publicId + '"' : type.systemId ? ' SYSTEM' : '')
    + (type.systemId ? ' "' + type.systemId + '"' : '') + '>';
  const length = doctype.length + open.length + inner.length + close.length;
  if (length > maxLength) return { tooLarge: length };
  const readBack = window[Symbol.for('${READ_BACK_KEY}')];
  return { html: doctype + open + inner + close, title: document.title, href: location.href, timeOrigin: performance.timeOrigin, readBack: readBack ? [...readBack] : [] };
}`;

/**
 * The body's rendered text, as the self-check compares it (an expression): its innerText, then
 * the shown text of every shadow root, open or kept closed (innerText stops at a shadow host: a web component's
 * whole UI would count as no text, and a copy that lost it as a perfect match). A root's children
 * that are shown give their innerText; those not shown give nothing (innerText of one answers its
 * source text, a style's rules); a `display: contents` element (a slot, a wrapper) gives its
 * children's, a slot that has nodes assigned nothing (they are the light DOM's, read there).
 */
export const PAGE_TEXT = `(() => {
  const body = document.body;
  if (!body) return '';
  ${ROOTS_FROM}
  const range = document.createRange();
  const shown = (element) => element.checkVisibility ? element.checkVisibility() : element.getClientRects().length > 0;
  const textOf = (node) => {
    if (node.nodeType === 3) {
      range.selectNodeContents(node);
      return range.getClientRects().length > 0 ? node.data : '';
    }
    if (node.nodeType !== 1 || /^(style|script|template|link)$/.test(node.localName)) return '';
    if (shown(node)) return node.innerText;
    if (getComputedStyle(node).display !== 'contents') return '';
    const assigned = node.localName === 'slot' && node.assignedNodes().length > 0;
    return assigned ? '' : Array.from(node.childNodes, textOf).join('\\n');
  };
  const parts = [body.innerText];
  for (const root of rootsFrom(body).slice(1)) {
    if (parts.length >= 100000) break;
    for (const node of root.childNodes) parts.push(textOf(node));
  }
  return parts.join('\\n').slice(0, 200000);
})()`;
