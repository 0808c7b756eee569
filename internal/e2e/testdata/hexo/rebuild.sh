#!/usr/bin/env bash
# Rebuilds public/, the committed output of this Hexo site, with the
# packages package-lock.json pins (Hexo 8.1.2, hexo-generator-sitemap
# 3.0.1; Node 20). The build is committed, the pages and Hexo's own
# sitemap.xml, for the tests that read it; ./test.sh installs the packages
# for the one that runs hexo generate itself (TestHexoSitemapRelSwitch). The
# sources' modification times are set to one day first (2024-06-15), the
# day a checkout would have given them, so that the dates Hexo takes from
# them (updated_option: mtime) are the same at every rebuild; the home and
# tag pages' lastmods in sitemap.xml are the day of the build, as
# hexo-generator-sitemap writes them.
set -euo pipefail
cd "$(dirname "$0")"
npm install --no-audit --no-fund --loglevel=error   # the versions package-lock.json pins
find source -type f -exec touch -d 2024-06-15T00:00:00Z {} +
rm -rf public db.json
TZ=UTC npx hexo generate --silent
rm -f db.json
