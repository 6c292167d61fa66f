#!/usr/bin/env bash
# The whole test suite: typecheck, unit and integration tests, build, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh

echo "== typecheck"
npm run --silent typecheck
echo "== unit and integration tests"
npx vitest run
echo "== build"
npm run --silent build
echo "== browser tests"
npx playwright test -c e2e/playwright.config.ts
