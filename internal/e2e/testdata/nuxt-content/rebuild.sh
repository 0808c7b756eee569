#!/usr/bin/env bash
# Rebuilds the committed output of this Nuxt 4 site's static generation
# (`nuxi generate`, with @nuxt/content 3 and better-sqlite3 12, which
# builds on Node 20), with the packages package-lock.json pins (Node
# 20.19 or later): npm run generate. Installing and building on every
# test run costs more than the tests (the install compiles
# better-sqlite3: minutes): the output is committed. Kept: the pages
# (.output/public/**.html; Nuxt's scripts in _nuxt/ and @nuxt/content's
# database dumps are not) and .output/nitro.json (its date set to one
# fixed instant, so that a rebuild changes nothing else).
set -euo pipefail
cd "$(dirname "$0")"
npm install --no-audit --no-fund --loglevel=error # the versions package-lock.json pins
rm -rf .output .nuxt .data
NUXT_TELEMETRY_DISABLED=1 npm run generate
find .output -type f ! -path '.output/public/*.html' ! -path .output/nitro.json -delete
rm -rf .output/public/_nuxt
find .output -type d -empty -delete
sed -i -E 's/"date": "[^"]*"/"date": "2025-01-01T00:00:00.000Z"/' .output/nitro.json
rm -rf node_modules .nuxt .data dist # dist: the link to .output/public nuxi generate makes
