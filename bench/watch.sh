#!/usr/bin/env bash
# bench/watch.sh [--runs N] [PAGES]: watch mode on a generated site of PAGES
# pages (default 100000).
#
# Generates the site with bench/gensite (kept in
# $BENCH_DIR/sitemapgen-site-PAGES, default $TMPDIR, shared with
# bench/run.sh), builds sitemapgen and bench/watchlat, and runs watchlat:
# N pages (default 20), one after another, get a new modification date in
# their head while "sitemapgen watch" runs; it reports the time from each
# change to the page's shard and to sitemap.xml being renamed into place,
# minus the debounce window, and the peak RSS of watch mode against a
# one-shot build of the same site. The targets: under 100 ms at 100,000
# pages; watch's memory under 2× the build's.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=20
n=100000
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) n=$1; shift ;;
  esac
done

. bench/lib.sh
bench_tools
go build -o "$bin/sitemapgen" .
go -C bench build -o "$(realpath -m "$bin")/watchlat" ./watchlat

work=$base/sitemapgen-site-$n
gen_site "$work" "$n"
echo "# $(date -u +%Y-%m-%d), $(nproc) CPUs, $(go version | cut -d' ' -f3), $n pages, watch mode"
"$bin/watchlat" -runs "$runs" -bin "$bin/sitemapgen" -out "$work/out-watch" "$work/site"
"$bin/checksitemaps" "$work/out-watch" | tail -1 | sed 's/^/checksitemaps: /'
