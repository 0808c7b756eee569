#!/usr/bin/env bash
# Rebuilds public/, the committed build of this Gatsby 5 site and the
# files gatsby-plugin-sitemap wrote into it (sitemap-index.xml and its
# parts sitemap-N.xml), with the packages package-lock.json pins (Node 20
# or later). npm install runs no install script: sharp's, a dependency
# of Gatsby's that no page of this site uses, downloads libvips from
# outside the registry. The build is heavy for every test run, so its
# pages are committed; the scripts, styles and page data are not needed
# by the tests, and left out.
set -euo pipefail
cd "$(dirname "$0")"
npm install --ignore-scripts --no-audit --no-fund --loglevel=error # the versions package-lock.json pins
rm -rf public .cache
GATSBY_TELEMETRY_DISABLED=1 npx gatsby build
find public -type f ! -name '*.html' ! -name 'sitemap*.xml' -delete
find public -depth -type d -empty -delete
rm -rf .cache node_modules
