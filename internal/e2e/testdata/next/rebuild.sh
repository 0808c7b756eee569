#!/usr/bin/env bash
# Rebuilds out/, the committed HTML of this Next.js static export (EXPORT=1:
# next.config.mjs chooses its output by it, as starters do), with the
# packages package-lock.json pins (Next.js 16, Node 20.9 or later). The
# build is heavy for every test run, so its pages are committed; the
# scripts, styles and flight data are not needed by the tests, and left out.
set -euo pipefail
cd "$(dirname "$0")"
npm install --no-audit --no-fund --loglevel=error   # the versions package-lock.json pins (see .ci/run)
EXPORT=1 NEXT_TELEMETRY_DISABLED=1 npx next build
find out -type f ! -name '*.html' -delete
find out -type d -empty -delete
rm -rf .next node_modules next-env.d.ts
