#!/usr/bin/env bash
# Rebuilds the committed output of this SvelteKit app's build for a Node
# server (@sveltejs/adapter-node), with the packages package-lock.json
# pins (Node 20.19 or later): npm run build (vite build). Installing and
# building on every test run costs more than the tests: the output is
# committed. Kept: the prerendered pages (build/prerendered/, with the
# adapter's precompressed copies), the files the server serves as they
# are (build/client/shop/, but for the scripts in _app/), and the
# manifest SvelteKit writes for the adapter
# (.svelte-kit/output/server/manifest.js: the routes rendered on demand);
# the server's code is not needed by the tests.
set -euo pipefail
cd "$(dirname "$0")"
npm install --no-audit --no-fund --loglevel=error # the versions package-lock.json pins
rm -rf build .svelte-kit
npm run build
rm -rf build/server build/client/shop/_app build/*.js build/*.js.map
find .svelte-kit -type f ! -path .svelte-kit/output/server/manifest.js -delete
find .svelte-kit build -type d -empty -delete
rm -rf node_modules
