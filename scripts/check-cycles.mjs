// Fails when relative imports form a cycle anywhere in our TypeScript sources (part of `npm run lint`).
// Cycles across packages cannot happen: the import directions lint enforces allow none.
// (eslint-plugin-import-x would do this, but it needs native resolver bindings that this
// machine's registry does not carry for every platform, which breaks `npm ci`.)
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const ROOTS = ['packages', 'apps', 'e2e', 'bench', 'scripts'].map((dir) => join(root, dir));
const SKIP = new Set(['node_modules', 'dist', 'test-results']);

function sources(dir, found = []) {
  if (!existsSync(dir)) return found;
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, found);
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** `./x.js` written in TypeScript source names `./x.ts` (or .tsx, or a folder's index). */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|mjs|ts|tsx)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const files = ROOTS.flatMap((dir) => sources(dir));
const graph = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    return [file, importedFiles.map((i) => resolveImport(file, i.fileName)).filter(Boolean)];
  }),
);

// Tarjan's strongly connected components: every component of more than one file is a cycle.
let index = 0;
const state = new Map();
const stack = [];
const cycles = [];
function connect(file) {
  state.set(file, { index, low: index, onStack: true });
  index++;
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    if (!state.has(next)) {
      connect(next);
      state.get(file).low = Math.min(state.get(file).low, state.get(next).low);
    } else if (state.get(next).onStack) {
      state.get(file).low = Math.min(state.get(file).low, state.get(next).index);
    }
  }
  if (state.get(file).low !== state.get(file).index) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    state.get(member).onStack = false;
    component.push(member);
  } while (member !== file);
  const selfImport = (graph.get(file) ?? []).includes(file);
  if (component.length > 1 || selfImport) cycles.push(component);
}
for (const file of graph.keys()) if (!state.has(file)) connect(file);

if (cycles.length > 0) {
  for (const cycle of cycles) console.error(`Import cycle: ${cycle.map((f) => relative(root, f)).sort().join(' <-> ')}`);
  process.exit(1);
}
console.log(`No import cycles in ${files.length} files.`);
