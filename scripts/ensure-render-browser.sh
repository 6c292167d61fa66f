#!/usr/bin/env bash
# Render mode loads pages that build themselves with JavaScript in Debian's Chromium. `npm start`
# installs it when it is missing and it can (root with apt-get); otherwise the product still
# starts, and such pages are saved as served, with a notice in the result and the manifest.
set -uo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "== installing Debian's chromium (render mode needs it)"
  export DEBIAN_FRONTEND=noninteractive
  if apt-get update -qq && apt-get install -y -qq chromium >/dev/null; then exit 0; fi
fi
echo "Render mode is off: no Chromium at $chromium_path (install it with: sudo apt-get install chromium," >&2
echo "or set CHROMIUM_PATH). Pages that build themselves with JavaScript are saved as served." >&2
exit 0
