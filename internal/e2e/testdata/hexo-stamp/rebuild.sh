#!/usr/bin/env bash
# Rebuilds public/, the committed build of this Hexo 8 site (theme
# hexo-theme-landscape), with the packages package-lock.json pins (Node 20
# or later). Hexo dates a page's `updated` by its source file's
# modification time (updated_option: mtime, the default), which the theme
# writes as article:modified_time: in CI, a fresh checkout's time, minutes
# before the build. The sources are given one such time here,
# 2025-03-14T09:00:00Z, so that the build is the same on every run; the
# tests give the built files a time minutes later, as the build would.
# Only the pages are needed by the tests: the rest is left out.
set -euo pipefail
cd "$(dirname "$0")"
npm install --ignore-scripts --no-audit --no-fund --loglevel=error # the versions package-lock.json pins
find source -type f -exec touch -d '2025-03-14T09:00:00Z' {} +
rm -rf public db.json
TZ=UTC npx hexo generate --silent
find public -type f ! -name '*.html' -delete
find public -depth -type d -empty -delete
rm -rf db.json node_modules
