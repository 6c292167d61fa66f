import { runPageBench } from './page-bench.js';
import { runSiteBench } from './site-bench.js';

// `npm run bench` runs both; BENCH_ONLY=page or BENCH_ONLY=site runs one.
const only = process.env.BENCH_ONLY;
if (only !== 'site') await runPageBench();
if (only !== 'page') await runSiteBench();
