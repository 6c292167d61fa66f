import { routeShape } from '../capture/render-guard.js';

/**
 * What reading a script says, whatever page it is on: why a static copy of any page running it
 * falls short; or, for a script that fills the page from a computed address, the ids it names
 * (it falls short on a page that leaves one of them empty); or false.
 */
export type ScriptReading = string | { names: ReadonlySet<string>; reason?: string } | false;

/** A reading as a crawl's journal keeps it (JSON): the names as a list. */
export type JournaledReading = string | { names: string[]; reason?: string } | false;

/** Readings an interrupted crawl journaled, and where this run's are told (see ScriptReadings). */
export interface ReadingsJournal {
  previous: Iterable<readonly [key: string, reading: JournaledReading]>;
  record(key: string, reading: JournaledReading): void;
}

/** Readings kept per capture: the scripts a site's pages share are read once. */
const MAX_VERDICTS = 10_000;

/** Why a page is rendered for a script of its site (scriptFillsPage): the reason, and the script's key among the readings. */
export interface ScriptNeed {
  reason: string;
  script: string;
}

/**
 * A page rendered first for a script on its shape: `end` says whether the render gave it
 * anything (undefined: it failed, and says nothing), and `asked`, the keys of the GETs its scripts
 * made when they are all it gave (render-added.ts RenderAddition.asked).
 */
export interface ScriptTrial {
  end(useful: boolean | undefined, asked?: readonly string[]): void;
}

/**
 * A page not to render: its scripts ask for what the pages of its shape in its folder rendered
 * before asked for, all they gave (`keys`), and a live copy answered from those pages'
 * recordings is the page (see ScriptReadings).
 */
export interface Answered {
  answered: readonly string[];
}

/** A shape's trial that gave its page only its scripts' GETs: what they were, in which folder, and whether a second page there asked the same. */
interface AskedOnly {
  keys: readonly string[];
  folder: string;
  confirmed: boolean;
  /** A page of another folder asked the same: the addresses are the site's, not the folder's (`/index.json`). */
  anywhere: boolean;
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
 * every page (a Hugo site of 15 shapes still had 10 rendered). Until it gave something, no
 * more of its trials run at once than it has left before it is spared: a site whose every
 * page is a shape of its own (Doxygen's `functions_b.html`, `group__parser.html`) started
 * sixteen at once, and 39 of its 75 pages were rendered for a menu script that gave none of
 * them anything.
 */
export class ScriptReadings {
  private readonly verdicts = new Map<string, ScriptReading>();
  private readonly trials = new Map<string, Promise<void> | 'useful' | 'spared' | AskedOnly>();
  /** By script: on how many shapes it was spared, or `useful` once it gave a page something. */
  private readonly tally = new Map<string, number | 'useful'>();
  /** By script: its trials under way. */
  private readonly running = new Map<string, Set<Promise<void>>>();

  /**
   * `journal`: a resumable crawl's. A resumed crawl starts with the readings the interrupted one
   * made, so that a page it saved no copy of is decided as before without its scripts, which
   * the ZIP already holds, being asked for again to read them.
   */
  constructor(private readonly journal?: ReadingsJournal) {
    for (const [key, reading] of journal?.previous ?? []) this.note(key, typeof reading === 'object' && reading ? { ...reading, names: new Set(reading.names) } : reading);
  }

  reading(key: string): ScriptReading | undefined {
    return this.verdicts.get(key);
  }

  has(key: string): boolean {
    return this.verdicts.has(key);
  }

  /** Keeps what reading the script `key` says (journaled, when the crawl keeps a journal). */
  note(key: string, reading: ScriptReading): void {
    if (this.verdicts.size >= MAX_VERDICTS) return;
    this.verdicts.set(key, reading);
    this.journal?.record(key, typeof reading === 'object' && reading ? { ...reading, names: [...reading.names] } : reading);
  }

  isSpared(script: string, url: string): boolean {
    if (this.tally.size === 0) return false;
    const tally = this.tally.get(script);
    return (typeof tally === 'number' && tally >= SPARED_SHAPES) || this.trials.get(trialKey(script, url)) === 'spared';
  }

  /**
   * How a page to be rendered for `script` goes: rendered as the trial of its shape showed
   * (`render`), or as that trial (call its `end`), or, after waiting for a trial under way,
   * decided `again`; or not rendered (`answered`). A trial that gave its page only its scripts'
   * GETs has the next page of its shape rendered as a second trial: when that one asks for the
   * same, the requests are not the page's (a search index, a site's data; not `fetch(page +
   * '.json')`), and the other pages of the shape in the folder are answered; in any folder when
   * the second page was in another one (the addresses are the site's: `/index.json`).
   */
  async enter(script: string, url: string): Promise<'render' | 'again' | ScriptTrial | Answered> {
    if (this.isSpared(script, url)) return 'again';
    const key = trialKey(script, url);
    const state = this.trials.get(key);
    if (state === 'useful') return 'render';
    if (state instanceof Promise) {
      await state;
      return 'again';
    }
    if (typeof state === 'object') {
      const folder = urlFolder(url);
      if (state.confirmed && (state.anywhere || folder === state.folder)) return { answered: state.keys };
      return this.trial(script, key, (useful, asked) =>
        useful && asked && sameKeys(asked, state.keys) ? { ...state, confirmed: true, anywhere: state.anywhere || folder !== state.folder } : useful ? 'useful' : state,
      );
    }
    if (this.trials.size >= MAX_TRIALS) return 'render';
    const tally = this.tally.get(script) ?? 0;
    const running = this.running.get(script);
    if (tally !== 'useful' && running && running.size >= SPARED_SHAPES - tally) {
      await Promise.race(running);
      return 'again';
    }
    return this.trial(script, key, (useful, asked) => (useful && asked?.length ? { keys: asked, folder: urlFolder(url), confirmed: false, anywhere: false } : useful ? 'useful' : 'spared'));
  }

  /** A trial under `key`: the pages that come meanwhile wait for it; `verdict` is what it leaves. */
  private trial(script: string, key: string, verdict: (useful: boolean, asked: readonly string[] | undefined) => 'useful' | 'spared' | AskedOnly): ScriptTrial {
    const before = this.trials.get(key);
    let release = () => {};
    const done = new Promise<void>((resolve) => (release = resolve));
    this.trials.set(key, done);
    const running = this.running.get(script) ?? new Set();
    this.running.set(script, running.add(done));
    let ended = false;
    return {
      end: (useful, asked) => {
        if (ended) return;
        ended = true;
        if (useful === undefined) {
          if (before === undefined) this.trials.delete(key);
          else this.trials.set(key, before);
        } else {
          const state = verdict(useful, asked);
          this.trials.set(key, state);
          const tally = this.tally.get(script) ?? 0;
          if (tally !== 'useful') this.tally.set(script, state === 'spared' ? tally + 1 : 'useful');
        }
        running.delete(done);
        release();
      },
    };
  }
}

/** The folder of a page's address: relative addresses its scripts give resolve alike in it. */
function urlFolder(url: string): string {
  const { origin, pathname } = new URL(url);
  return origin + pathname.slice(0, pathname.lastIndexOf('/') + 1);
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((key) => set.has(key));
}

const trialKey = (script: string, url: string) => `${script} ${routeShape(url, '')}`;
