#!/usr/bin/env bash
# Rebuilds the committed output of this Next.js project's server build
# (no output: 'export': what `next build` does for Vercel or `next start`)
# and the files next-sitemap wrote from it into public/ (sitemap.xml,
# sitemap-0.xml), with the packages package-lock.json pins (Next.js 16,
# next-sitemap 4, Node 20.9 or later), as next-sitemap's README says to run
# it: npm run build, its postbuild script running next-sitemap after next
# build. The build is heavy for every test run, so its output is committed:
# of .next/, only the manifests sitemapgen and next-sitemap read and the
# prerendered HTML (server/app/**.html, server/pages/**.html); the scripts,
# flight data and caches are not needed by the tests, and left out.
# next-sitemap dates every URL with the build's time: the lastmods are set
# to one fixed instant, so that a rebuild changes nothing else.
# Given a folder, it rebuilds that Next.js project the same way
# (../next-server-switch/rebuild.sh).
set -euo pipefail
cd "${1:-$(dirname "$0")}"
npm install --no-audit --no-fund --loglevel=error # the versions package-lock.json pins
rm -rf .next public
NEXT_TELEMETRY_DISABLED=1 npm run build
keep='^\.next/(prerender-manifest\.json|routes-manifest\.json|app-path-routes-manifest\.json|server/pages-manifest\.json|server/app-paths-manifest\.json|server/(app|pages)/.*\.html)$'
find .next -type f | grep -Ev "$keep" | xargs -r rm -f
find .next -type d -empty -delete
sed -i -E 's#<lastmod>[^<]*</lastmod>#<lastmod>2025-01-01T00:00:00.000Z</lastmod>#g' public/sitemap-*.xml
rm -rf node_modules next-env.d.ts
