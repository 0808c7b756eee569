#!/usr/bin/env bash
# Rebuilds build/, the committed output of this Docusaurus 3 site, with the
# packages package-lock.json pins (Node 20 or later). The build is heavy for
# every test run, so its pages are committed. Docusaurus dates pages by git,
# so the site is built in a temporary copy with the history of history.txt
# (githistory.sh makes it); only the HTML pages, the sitemaps and
# robots.txt (if any) are kept: the scripts, styles, feeds and other
# assets are not needed by the tests.
set -euo pipefail
cd "$(dirname "$0")"
fixture=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
./githistory.sh "$tmp/site"
cd "$tmp/site"
npm install --no-audit --no-fund --loglevel=error   # the versions package-lock.json pins
cmp -s package-lock.json "$fixture/package-lock.json" ||
  echo "rebuild.sh: warning: npm changed package-lock.json (not copied back)" >&2
DOCUSAURUS_TELEMETRY=0 npx docusaurus build
find build -type f ! -name '*.html' ! -name sitemap.xml ! -name robots.txt ! -name .nojekyll -delete
find build -type d -empty -delete
rm -rf "$fixture/build"
cp -R build "$fixture/build"
