import { routeShape } from '../capture/render-guard.js';

/**
 * What reading a script says, whatever page it is on: why a static copy of any page running it
 * falls short; or, for a script that fills the page from a computed address, the ids it names
 * (it falls short on a page that leaves one of them empty); or false.
 */
export type ScriptReading = string | { names: ReadonlySet<string>; reason?: string } | false;

/** Why a page is rendered for a script of its site (scriptFillsPage): the reason, and the script's key among the readings. */
export interface ScriptNeed {
  reason: string;
  script: string;
}

/** A page rendered first for a script on its shape: `end` says whether the render gave it anything (undefined: it failed, and says nothing). */
export interface ScriptTrial {
  end(useful: boolean | undefined): void;
}

/** Shapes kept apart, at most: past it, pages are rendered as their reading says, untried. */
const MAX_TRIALS = 10_000;
/** Shapes on which rendering for a script gave nothing, after which it is spared on every shape (unless it gave something on one). */
const SPARED_SHAPES = 3;

/**
 * What a capture learnt of its site's scripts: each one's reading, and on each page shape
 * (routeShape) whether rendering for it gives a page anything (render-added.ts). The first page
 * of a shape rendered for a script is its trial; the next ones wait for it, and are not
 * rendered for that script when it gave nothing. A script that gave nothing on three shapes,
 * and something on none, is spared on the others too: a site's search script is the same on
 * every page (a Hugo site of 15 shapes still had 10 rendered).
 */
export class ScriptReadings {
  readonly verdicts = new Map<string, ScriptReading>();
  private readonly trials = new Map<string, Promise<void> | 'useful' | 'spared'>();
  /** By script: on how many shapes it was spared, or `useful` once it gave a page something. */
  private readonly tally = new Map<string, number | 'useful'>();

  isSpared(script: string, url: string): boolean {
    if (this.tally.size === 0) return false;
    const tally = this.tally.get(script);
    return (typeof tally === 'number' && tally >= SPARED_SHAPES) || this.trials.get(trialKey(script, url)) === 'spared';
  }

  /**
   * How a page to be rendered for `script` goes: rendered as the trial of its shape showed
   * (`render`), or as that trial (call its `end`), or, after waiting for a trial under way,
   * decided `again`.
   */
  async enter(script: string, url: string): Promise<'render' | 'again' | ScriptTrial> {
    if (this.isSpared(script, url)) return 'again';
    const key = trialKey(script, url);
    const state = this.trials.get(key);
    if (state === 'useful') return 'render';
    if (state) {
      await state;
      return 'again';
    }
    if (this.trials.size >= MAX_TRIALS) return 'render';
    let release = () => {};
    this.trials.set(key, new Promise<void>((resolve) => (release = resolve)));
    let ended = false;
    return {
      end: (useful) => {
        if (ended) return;
        ended = true;
        if (useful === undefined) this.trials.delete(key);
        else {
          this.trials.set(key, useful ? 'useful' : 'spared');
          const tally = this.tally.get(script) ?? 0;
          if (tally !== 'useful') this.tally.set(script, useful ? 'useful' : tally + 1);
        }
        release();
      },
    };
  }
}

const trialKey = (script: string, url: string) => `${script} ${routeShape(url, '')}`;
