import { join } from 'node:path';
import { crawlStateFiles } from '@sitezip/archiver';

/** The files of a Full Website job's state folder: the capture process writes them, checkpoints copy them. */
export interface StateFiles {
  dir: string;
  /** The ZIP the crawl is to produce; it writes `partial` until it is complete. */
  output: string;
  partial: string;
  identity: string;
  journal: string;
  /** Written by the process that runs jobs: the generation of checkpoints the files are at least as new as. */
  generation: string;
}

export function stateFiles(dir: string): StateFiles {
  const output = join(dir, 'capture.zip');
  const { identity, journal } = crawlStateFiles(output);
  return { dir, output, partial: `${output}.partial`, identity, journal, generation: join(dir, 'checkpoint-generation') };
}
