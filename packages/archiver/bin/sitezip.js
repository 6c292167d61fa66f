#!/usr/bin/env node
// The command runs one pre-bundled file: resolving and loading hundreds of modules would
// cost more than capturing a small page.
import { main } from '../dist/sitezip.mjs';

process.exitCode = await main(process.argv.slice(2));
