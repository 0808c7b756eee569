#!/usr/bin/env bash
# Rebuilds dist/, the committed build of this Starlight site, with the
# packages package-lock.json pins (Starlight 0.37.7 on Astro 5.18.2, Node
# 20). Starlight dates each page by the last commit of its source
# (lastUpdated: true), so the site is built in a copy with the git history
# that jsgens_test.go makes (history below: keep the two the same).
# The build is heavy for every test run, so its pages and Starlight's
# sitemap are committed; scripts, styles and images are not needed by the
# tests, and left out.
set -euo pipefail
cd "$(dirname "$0")"
npm install --no-audit --no-fund --loglevel=error # the versions package-lock.json pins
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r astro.config.mjs package.json src "$work/"
mv node_modules "$work/" # Astro does not build through a link to its packages
printf 'node_modules\ndist\n.astro\n' >"$work/.gitignore"
# commit DATE PATH...: one commit at DATE (author and committer) of PATHs.
commit() {
  local date=$1
  shift
  (cd "$work" && git add -- "$@" &&
    GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date git -c user.name=t -c user.email=t@example.com commit -q -m "commit $date")
}
later=(src/content/docs/guides/install.md src/content/docs/de/guides/install.md src/content/docs/guides/tuning.md)
(cd "$work" && git init -q && git add -A && git rm -q --cached -- "${later[@]}")
commit 2024-01-10T09:00:00Z .gitignore
commit 2024-03-05T12:00:00Z src/content/docs/guides/install.md
commit 2024-04-20T08:30:00Z src/content/docs/de/guides/install.md
commit 2024-06-01T16:45:00Z src/content/docs/guides/tuning.md
(cd "$work" && ASTRO_TELEMETRY_DISABLED=1 npx astro build)
rm -rf dist
cp -r "$work/dist" dist
find dist -type f ! -name '*.html' ! -name 'sitemap*.xml' -delete
find dist -depth -type d -empty -delete
rm -rf .astro
