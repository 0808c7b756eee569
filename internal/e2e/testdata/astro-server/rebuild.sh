#!/usr/bin/env bash
# Rebuilds the committed output of this Astro 5 server build (output:
# 'server', the Node adapter) and the sitemap @astrojs/sitemap wrote from
# it, with the packages package-lock.json pins (Node 20 or later): npm run
# build, as the project builds for its host. Installing and building on
# every test run costs more than the tests: the output is committed. Of
# dist/server/, only the manifest (manifest_*.mjs, the routes and which
# are prerendered) is kept; the server's code is not needed by the tests.
# The same build with output: 'static' (Astro 5's hybrid: the pages that
# say prerender = false rendered on demand) writes the same folders.
set -euo pipefail
cd "$(dirname "$0")"
npm install --no-audit --no-fund --loglevel=error # the versions package-lock.json pins
rm -rf dist .astro
ASTRO_TELEMETRY_DISABLED=1 npm run build
find dist/server -type f ! -name 'manifest_*.mjs' -delete
# The manifest names the folders of the machine that built it, and a
# key made for the build: neither is read.
sed -i -e "s#$PWD#/project#g" -e 's/"key":"[^"]*"/"key":""/' dist/server/manifest_*.mjs
find dist -type d -empty -delete
rm -rf node_modules .astro
