#!/usr/bin/env bash
# Rebuilds build/, the committed output of this Docusaurus 3 blog, with
# the packages package-lock.json pins (those of ../docusaurus; Node 20 or
# later). The build is heavy for every test run, so its pages are
# committed; only the HTML pages and the sitemap are kept: the scripts,
# styles, feeds and other assets are not needed by the tests. The blog
# dates no post by git (no showLastUpdateTime), so the build needs no
# history.
set -euo pipefail
cd "$(dirname "$0")"
npm install --no-audit --no-fund --loglevel=error # the versions package-lock.json pins
rm -rf build .docusaurus
DOCUSAURUS_TELEMETRY=0 npx docusaurus build
find build -type f ! -name '*.html' ! -name sitemap.xml -delete
find build -type d -empty -delete
rm -rf .docusaurus node_modules
