#!/usr/bin/env node
// The command when Node is given this file; `bin/sitezip`, the launcher npm installs, starts
// dist/bundle/start.cjs itself and so also spares Node's ES module loader.
import { createRequire } from 'node:module';

createRequire(import.meta.url)('../dist/bundle/start.cjs');
