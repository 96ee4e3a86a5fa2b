#!/usr/bin/env bash
# Installs playwright-core (the driver only: it never downloads a browser) into
# tests/browser/node_modules. Idempotent. The browser is Debian's /usr/bin/chromium.
set -euo pipefail
cd "$(dirname "$0")"
want=$(node -p "require('./package.json').dependencies['playwright-core']")
have=$(node -p "try { require('./node_modules/playwright-core/package.json').version } catch (e) { '' }")
if [ "$have" != "$want" ]; then
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --no-package-lock --silent
fi
[ -x /usr/bin/chromium ] || { echo "tests/browser: /usr/bin/chromium is missing (scripts/install-deps.sh test)" >&2; exit 1; }
