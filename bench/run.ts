import { runClusterBench } from './cluster-bench.js';
import { runHostileBench } from './hostile-bench.js';
import { runIsolationBench } from './isolation-bench.js';
import { runPageBench } from './page-bench.js';
import { runRenderBench } from './render-bench.js';
import { runResumeBench } from './resume-bench.js';
import { runCheckpointBench } from './checkpoint-bench.js';
import { runSiteBench } from './site-bench.js';
import { runUpdateBench } from './update-bench.js';

// `npm run bench` runs page, site, cluster, isolation and render; BENCH_ONLY=page, site, cluster,
// isolation, render, resume, checkpoint or hostile runs one (hostile: huge and trickling inputs, several minutes; see
// hostile-bench.ts). render: the JavaScript-built fixtures of fixtures/render/ (see render-bench.ts).
// update: a first crawl of a generated site, then `--update` of the unchanged site (update-bench.ts).
const only = process.env.BENCH_ONLY;
if (!only || only === 'page') await runPageBench();
if (!only || only === 'site') await runSiteBench();
if (!only || only === 'cluster') await runClusterBench();
if (!only || only === 'isolation') await runIsolationBench();
if (!only || only === 'render') await runRenderBench();
if (only === 'hostile') await runHostileBench();
if (only === 'update') await runUpdateBench();
if (only === 'resume') await runResumeBench();
if (only === 'checkpoint') await runCheckpointBench();
