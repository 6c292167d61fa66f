import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { carriedEntries, JournaledZipSink, type CarriedEntry } from '../sink/journaled-zip-sink.js';
import type { CrawlResume, CrawlSnapshot } from './crawl-record.js';
import { snapshotOf } from './crawl-snapshot.js';
import { JournalFile, readJournal } from './journal-file.js';

/** The crawl a state folder belongs to: the URL in words, the options only as a hash (they may hold cookies). */
interface CrawlIdentity {
  url: string;
  options: string;
}

/**
 * A site capture (the CLI's `--full`, the API's Full Website jobs) keeps its state beside its
 * output, in `<output>.resume/`: the journal of what it saved, and (once resumed) the truncated
 * ZIP it is taking files from. A finished crawl removes it; an interrupted one leaves it.
 */
export interface CrawlState {
  sink: JournaledZipSink;
  resume: CrawlResume;
  /** Pages the interrupted run saved, when this run continues one. */
  resumedPages: number | undefined;
  /** Notes for the person (a start over, a resume). */
  notes: string[];
  /** The crawl finished: the state goes. */
  finish(): Promise<void>;
  /** The crawl stopped: the state stays; true when it can be resumed. */
  keep(): boolean;
}

/** Resuming a crawl with another URL or other options than the interrupted one. */
export class ResumeMismatch extends Error {
  override name = 'ResumeMismatch';
}

/**
 * The files of the state of a crawl writing `output`: the identity of the crawl (written once
 * when it starts) and its journal (appended to). With the entries of the `.partial` ZIP the
 * journal names, they are all a copy of the state needs (the server keeps such copies).
 */
export function crawlStateFiles(output: string): { folder: string; identity: string; journal: string } {
  const folder = `${output}.resume`;
  return { folder, identity: join(folder, 'crawl.json'), journal: join(folder, 'journal.jsonl') };
}

/**
 * Opens the state of the crawl of `url` writing `partial` (then `output`): continued when
 * `resume` and the state there is of the same URL and options, otherwise started afresh.
 */
export async function openCrawlState(output: string, partial: string, url: string, options: object, resume: boolean): Promise<CrawlState> {
  const { folder, identity: identityFile, journal: journalPath } = crawlStateFiles(output);
  const previousZip = join(folder, 'previous.zip');
  const identity: CrawlIdentity = { url, options: createHash('sha256').update(JSON.stringify(options)).digest('hex') };
  const notes: string[] = [];
  const saved = await readIdentity(identityFile);
  let snapshot: CrawlSnapshot | undefined;
  let carried: CarriedEntry[] | undefined;
  if (resume && saved) {
    if (saved.url !== identity.url || saved.options !== identity.options) {
      const what = saved.url !== identity.url ? `of ${saved.url}` : 'with other options';
      throw new ResumeMismatch(`--resume: the interrupted crawl in ${folder} was ${what}; run it with the same URL and options, or without --resume to start over`);
    }
    snapshot = snapshotOf(await readJournal(journalPath));
    // The journal's entries are in the ZIP the interrupted run was writing.
    if (snapshot && existsSync(partial)) await rename(partial, previousZip);
    if (snapshot && !existsSync(previousZip)) snapshot = undefined;
    carried = snapshot && carriedEntries(previousZip, snapshot.entries);
    if (!snapshot) notes.push('nothing of the interrupted crawl can be reused (its start page was not saved); starting over');
    else if (!carried) {
      // A ZIP cut shorter than its journal (a full disk, a copy of the folder made mid-write):
      // the files it lacks cannot be taken from it, and the crawl's state names them as saved.
      notes.push(`the interrupted crawl's ZIP in ${folder} lacks files its journal lists; starting over`);
      snapshot = undefined;
    }
  } else if (resume) notes.push(`no interrupted crawl at ${folder}; starting a new one`);
  else if (saved) notes.push(`starting over: the interrupted crawl in ${folder} is discarded (--resume continues it)`);
  if (!snapshot) {
    await rm(folder, { recursive: true, force: true });
    await mkdir(folder, { recursive: true });
    // Written whole or not at all: a half-written file would block every later --resume.
    await writeFile(`${identityFile}.new`, JSON.stringify(identity));
    await rename(`${identityFile}.new`, identityFile);
  }
  // A new journal: what is restored is recorded again as it is restored.
  await rm(journalPath, { force: true });
  const journal = new JournalFile(journalPath);
  let started = false;
  const sink = new JournaledZipSink(partial, (record) => journal.write(record));
  for (const entry of carried ?? []) sink.carry(previousZip, entry);
  return {
    sink,
    resume: {
      record: (record) => {
        started ||= record.t === 'start';
        journal.write(record);
      },
      previous: snapshot,
    },
    resumedPages: snapshot?.pages.filter((page) => page.saved).length,
    notes,
    finish: async () => {
      journal.close();
      await rm(folder, { recursive: true, force: true });
    },
    keep: () => {
      journal.close();
      return started;
    },
  };
}

async function readIdentity(file: string): Promise<CrawlIdentity | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as CrawlIdentity;
  } catch {
    return undefined;
  }
}
