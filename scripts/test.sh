#!/usr/bin/env bash
# The whole test suite: build, typecheck, lint, unit and integration tests, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh
bash scripts/ensure-services.sh

echo "== build (the CLI and browser tests run compiled code)"
npm run --silent build
echo "== typecheck"
npm run --silent typecheck
echo "== lint (import boundaries, no cycles, typescript-eslint recommended)"
npm run --silent lint
echo "== unit and integration tests"
npx vitest run
echo "== browser tests"
npx playwright test -c e2e/playwright.config.ts
echo "== browser tests that run alone (mermaid's render: see e2e/playwright.config.ts)"
E2E_ALONE=1 npx playwright test -c e2e/playwright.config.ts --workers 1 render/mermaid.spec.ts
echo "== billing browser tests (a server with Stripe settings and the local Stripe test server)"
npx playwright test -c e2e/billing/playwright.config.ts
