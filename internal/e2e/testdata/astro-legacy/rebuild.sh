#!/usr/bin/env bash
# Rebuilds dist/, the committed build of this Astro blog, with the
# packages package-lock.json pins (Astro 5.18.2, Node 20). The build is
# heavy for every test run, so its pages are committed; scripts and
# styles are not needed by the tests, and left out.
set -euo pipefail
cd "$(dirname "$0")"
npm install --no-audit --no-fund --loglevel=error # the versions package-lock.json pins
rm -rf dist
ASTRO_TELEMETRY_DISABLED=1 npx astro build
find dist -type f ! -name '*.html' -delete
find dist -depth -type d -empty -delete
rm -rf .astro node_modules
