import { runClusterBench } from './cluster-bench.js';
import { runIsolationBench } from './isolation-bench.js';
import { runPageBench } from './page-bench.js';
import { runSiteBench } from './site-bench.js';

// `npm run bench` runs all; BENCH_ONLY=page, site, cluster or isolation runs one.
const only = process.env.BENCH_ONLY;
if (!only || only === 'page') await runPageBench();
if (!only || only === 'site') await runSiteBench();
if (!only || only === 'cluster') await runClusterBench();
if (!only || only === 'isolation') await runIsolationBench();
