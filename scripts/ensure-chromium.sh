#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (never a downloaded browser), and open offline copies in
# Debian's Firefox ESR too (e2e/support/firefox.ts). Install whichever is missing.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
firefox_path="${FIREFOX_PATH:-/usr/bin/firefox-esr}"
missing=()
[ -x "$chromium_path" ] || missing+=(chromium)
[ -x "$firefox_path" ] || missing+=(firefox-esr)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "== installing Debian's ${missing[*]} (browser tests need it)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
for name in "${missing[@]}"; do
  if [ "$name" = chromium ]; then
    echo "Browser tests need Chromium at $chromium_path." >&2
    echo "Install it with: sudo apt-get install chromium   (or set CHROMIUM_PATH to a Chromium binary)" >&2
  else
    echo "Browser tests need Firefox ESR at $firefox_path." >&2
    echo "Install it with: sudo apt-get install firefox-esr   (or set FIREFOX_PATH to a Firefox binary)" >&2
  fi
done
exit 1
