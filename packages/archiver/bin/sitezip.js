#!/usr/bin/env node
// The command runs a pre-bundled file (plus chunks loaded on demand): resolving and loading
// hundreds of modules would cost more than capturing a small page.
import { main } from '../dist/bundle/sitezip.mjs';

process.exitCode = await main(process.argv.slice(2));
