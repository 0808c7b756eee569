#!/usr/bin/env bash
# Rebuilds public/, the committed build of this Gatsby 5 site over MDX
# (gatsby-plugin-mdx 5, gatsby-source-filesystem 5), with the packages
# package-lock.json pins (Node 20 or later). npm install runs no install
# script: sharp's, a dependency of Gatsby's that no page of this site
# uses, downloads libvips from outside the registry. The build is heavy
# for every test run, so its pages are committed, and the slice every
# gatsby build writes (_gatsby/slices/_gatsby-scripts-1.html); the
# scripts, styles and page data are not needed by the tests, and left out.
set -euo pipefail
cd "$(dirname "$0")"
npm install --ignore-scripts --no-audit --no-fund --loglevel=error # the versions package-lock.json pins
rm -rf public .cache
GATSBY_TELEMETRY_DISABLED=1 npx gatsby build
find public -type f ! -name '*.html' -delete
find public -depth -type d -empty -delete
rm -rf .cache node_modules
