#!/usr/bin/env bash
# Rebuilds the committed output of this Nuxt 4 app's server build (`nuxi
# build`, Nitro's node-server preset), with the packages package-lock.json
# pins (Node 20.19 or later): npm run build. Installing and building on
# every test run costs more than the tests: the output is committed. Kept:
# the prerendered pages (.output/public/**.html; Nuxt's scripts in _nuxt/
# are not), the server's router (.output/server/chunks/build/server.mjs:
# every page route) and .output/nitro.json (its date set to one fixed
# instant, so that a rebuild changes nothing else); the rest of the
# server's code is not needed by the tests.
set -euo pipefail
cd "$(dirname "$0")"
npm install --no-audit --no-fund --loglevel=error # the versions package-lock.json pins
rm -rf .output .nuxt
NUXT_TELEMETRY_DISABLED=1 npm run build
find .output -type f ! -path '.output/public/*.html' ! -path .output/server/chunks/build/server.mjs ! -path .output/nitro.json -delete
rm -rf .output/public/_nuxt
find .output -type d -empty -delete
sed -i -E 's/"date": "[^"]*"/"date": "2025-01-01T00:00:00.000Z"/' .output/nitro.json
rm -rf node_modules .nuxt
