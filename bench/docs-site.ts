import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

// Pinned, installed into a temporary folder: nothing here joins the workspaces.
const TOOLS = ['typedoc@0.28.20', 'typescript@5.9.3'];

// The AWS SDK's S3 client, as installed for the api (its storage plugin): 113 commands, their
// input and output types, paginators, waiters, enums and errors. Its wire schemas are left out
// (495 more pages of serialisation tables), which brings the site near the 530 pages of the
// documentation site the product issue measured.
const S3_PARTS = ['S3Client', 'S3', 'commands', 'pagination', 'waiters', 'models/enums', 'models/errors'];

export interface DocsSite {
  root: string;
  /** What it documents, for the bench's heading. */
  label: string;
  pages: number;
  remove(): Promise<void>;
}

/**
 * A real documentation site: TypeDoc's HTML for @aws-sdk/client-s3 (about 460 pages of 10 to
 * 400 KB, 15 MB, shared scripts, styles and an SVG sprite). Built at bench time (about 30 s);
 * `BENCH_DOCS_DIR=<folder>` keeps the build there and reuses it on the next run.
 */
export async function docsSite(): Promise<DocsSite> {
  const kept = process.env.BENCH_DOCS_DIR;
  const work = kept ?? (await mkdtemp(join(tmpdir(), 'sitezip-docs-site-')));
  const root = join(work, 'site');
  const types = dirname(createRequire(import.meta.url).resolve('@aws-sdk/client-s3/package.json')) + '/dist-types';
  const version = JSON.parse(await readFile(join(types, '../package.json'), 'utf8')).version as string;
  if (!existsSync(join(root, 'index.html'))) await build(work, types, root);
  return {
    root,
    label: `TypeDoc 0.28.20 of @aws-sdk/client-s3 ${version}`,
    pages: await countHtml(root),
    remove: async () => {
      if (!kept) await rm(work, { recursive: true, force: true });
    },
  };
}

async function build(work: string, types: string, root: string): Promise<void> {
  await mkdir(work, { recursive: true });
  await writeFile(join(work, 'package.json'), '{ "private": true, "type": "module" }\n');
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--save-exact', ...TOOLS], { cwd: work });
  await writeFile(join(work, 'entry.d.ts'), S3_PARTS.map((part) => `export * from ${JSON.stringify(join(types, part))};\n`).join(''));
  const compilerOptions = { target: 'es2022', module: 'esnext', moduleResolution: 'bundler', skipLibCheck: true, types: [] };
  await writeFile(join(work, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['entry.d.ts'] }));
  await run(
    join(work, 'node_modules/.bin/typedoc'),
    ['--tsconfig', 'tsconfig.json', '--entryPoints', 'entry.d.ts', '--out', root, '--name', '@aws-sdk/client-s3', '--skipErrorChecking', '--logLevel', 'Error'],
    { cwd: work, maxBuffer: 16 * 1024 * 1024 },
  );
}

async function countHtml(root: string): Promise<number> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).length;
}
