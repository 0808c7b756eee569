#!/usr/bin/env bash
# Rebuilds the committed output of this Next.js project's server build
# (no output: 'export') and the files next-sitemap wrote from it into
# public/ (sitemap.xml, sitemap-0.xml), as ../next-server/rebuild.sh
# does its own: npm run build with the packages package-lock.json pins,
# next-sitemap run by the postbuild script, of .next/ only the manifests
# and the prerendered HTML kept, next-sitemap's lastmods set to one
# instant. Its configuration gives alternateRefs, additionalPaths and a
# transform: what a switch carries over.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/../next-server/rebuild.sh" "$here"
