#!/usr/bin/env bash
# bench/heads.sh [PAGES] [RUNS]: what reading every page's head costs.
#
# Builds a generated site (bench/gensite) of PAGES pages (default 100000; kept in
# $BENCH_DIR/sitemapgen-site-PAGES, default $TMPDIR, for the next run),
# builds sitemapgen, and times whole builds with and without head reading,
# alternating them RUNS times (default 10) after a warm-up, with a warm page
# cache. Prints the medians and the ratio to the build without heads.
#
# Beside them it times the floor under that ratio: bench/baseline's
# pwalkstat (sitemapgen's parallel walk and an lstat a page, what a build
# without heads must do) and pwalkhead (the same walk, every page opened,
# read 4 KiB and closed, what reading heads must add before any lexing).
set -euo pipefail
cd "$(dirname "$0")/.."
pages=${1:-100000}
runs=${2:-10}
. bench/lib.sh
bench_tools
work=$base/sitemapgen-site-$pages

gen_site "$work" "$pages"
go build -o "$work/sitemapgen" .
go -C bench build -o "$(realpath -m "$work")/baseline" ./baseline
bin=$work/sitemapgen
base=https://example.com/

echo "sitemapgen $("$bin" version | cut -d' ' -f2-), $pages pages, $(nproc) CPUs"
python3 bench/measure.py --runs "$runs" --warmup 1 \
  "no heads=$bin --quiet --read-heads=false --base-url $base --out $work/out-noheads $work/site" \
  "heads=$bin --quiet --base-url $base --out $work/out-heads $work/site" \
  "pwalk+lstat=$work/baseline pwalkstat $work/site" \
  "pwalk+read=$work/baseline pwalkhead $work/site"
