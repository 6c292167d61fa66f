// What a page's scripts draw by chance or read off the clock differs between the render and its
// copy: a random quote, testimonial or hero image, a shuffled list, a generated id shown on the
// page, a clock, "posted 3 minutes ago". The check then sees another page (a short page's one
// quote was half its text) and keeps a snapshot, whose scripts are gone, and a copy opened a
// month later compares a recording's expiry times with a month later. So, as web archives'
// replay does, chance and time are the render's: Math.random is one generator from one fixed seed
// in the render and in the copy (both install it before the page's first script, so the page's
// n-th draw is the same number in both), and a live copy's clock runs from the moment the
// rendered document started (its performance.timeOrigin, in the replay data), at the real pace.
// Workers keep the browser's own (the render cannot reach theirs before they run).

/** Installs the seeded Math.random in `scope`: a function body (scope given). */
const SEEDED_RANDOM_BODY = `var state = 0x2545f491;
    var random = function random() {
      // mulberry32: 32 bits of state, a double in [0, 1) from 32 random bits.
      state = (state + 0x6d2b79f5) | 0;
      var t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    try { Object.defineProperty(scope.Math, 'random', { configurable: true, writable: true, enumerable: false, value: random }); } catch (error) {}`;

/** The render's init script part: the same draws as the copy's layer makes (before any page script). */
export const SEEDED_RANDOM = `(function (scope) { ${SEEDED_RANDOM_BODY} })(self);`;

/** Part of REPLAY_LAYER (replay-shim.ts), in pages: it uses scope and data. */
export const CHANCE_SOURCE = `if (!worker) {
    ${SEEDED_RANDOM_BODY}
    var RealDate = scope.Date, realNow = RealDate.now;
    if (typeof data.time === 'number' && scope.performance && typeof Proxy === 'function' && typeof Reflect === 'object') {
      // As far from the rendered document's start as this one is from its own (performance.now()).
      var shift = data.time + scope.performance.now() - realNow.call(RealDate);
      var now = function now() { return Math.floor(realNow.call(RealDate) + shift); };
      scope.Date = new Proxy(RealDate, {
        construct: function (target, args, newTarget) {
          return Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget === scope.Date ? target : newTarget);
        },
        apply: function () { return new RealDate(now()).toString(); },
        get: function (target, key) { return key === 'now' ? now : Reflect.get(target, key); }
      });
      // \`date.constructor === Date\` as before.
      try { RealDate.prototype.constructor = scope.Date; } catch (error) {}
    }
  }`;
