#!/usr/bin/env bash
# Rebuilds out/, the committed static export of this Next.js project and
# the files next-sitemap wrote into it (site-map.xml, its parts
# site-map-N.xml, robots.txt), with the packages package-lock.json pins
# (Next.js 16, next-sitemap 4, Node 20.9 or later), as next-sitemap's
# README says to run it: npm run build, its postbuild script running
# next-sitemap after next build. The build is heavy for every test run,
# so its output is committed; the scripts, styles and flight data are not
# needed by the tests, and left out. next-sitemap dates every URL with
# the build's time: the lastmods are set to one fixed instant, so that a
# rebuild changes nothing else.
set -euo pipefail
cd "$(dirname "$0")"
npm install --no-audit --no-fund --loglevel=error # the versions package-lock.json pins
NEXT_TELEMETRY_DISABLED=1 npm run build
find out -type f ! -name '*.html' ! -name 'site-map*.xml' ! -name robots.txt -delete
find out -type d -empty -delete
sed -i -E 's#<lastmod>[^<]*</lastmod>#<lastmod>2025-01-01T00:00:00.000Z</lastmod>#g' out/site-map-*.xml
rm -rf .next node_modules next-env.d.ts
