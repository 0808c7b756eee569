#!/usr/bin/env bash
# bench/images.sh [PAGES] [RUNS]: what --images costs against the default
# build of the same site (issue 24's target: at most 2x).
#
# Uses the gen-site site of PAGES pages (default 100000) that bench/run.sh
# keeps in $BENCH_DIR (default $TMPDIR), generating it when missing, builds
# sitemapgen, and times whole processes alternating them RUNS times
# (default 10) after a warm-up (bench/measure.py: wall, CPU, peak RSS):
#   build   the default build, a set written to a folder of its own
#   images  the same build with --images: every page read whole, its
#           images listed, into another folder
# Prints the medians and the ratio of the images build's wall time to the
# default build's. Where the kernel trims the page cache, keep the sites in
# memory: BENCH_DIR=/dev/shm/sgbench bench/images.sh (see bench/run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
pages=${1:-100000}
runs=${2:-10}
shared=${SITEMAPGEN_SHARED:-$(cd .. && pwd)/shared}
base=${BENCH_DIR:-${TMPDIR:-/tmp}}
work=$base/sitemapgen-bench-$pages
if [[ ! -f $work/manifest.tsv ]]; then
  rm -rf "$work"
  echo "generating $pages pages in $work ..."
  "$shared/bench/gen-site" "$work/site" "$pages" --manifest "$work/manifest.tsv" 2>/dev/null
fi
tmp=$(mktemp -d "$base/sitemapgen-bench-images.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/sitemapgen" .
url=https://example.com/
echo "sitemapgen $("$tmp/sitemapgen" version | cut -d' ' -f2-), $pages pages, $(nproc) CPUs"
"$tmp/sitemapgen" --images --base-url "$url" --out "$tmp/images" "$work/site" 2>&1 | tail -1
echo "image entries: $(grep -c '<image:loc>' "$tmp"/images/sitemap*.xml | awk -F: '{n += $NF} END {print n}')"
python3 bench/measure.py --runs "$runs" --warmup 1 \
  "build=$tmp/sitemapgen --quiet --base-url $url --out $tmp/build $work/site" \
  "images=$tmp/sitemapgen --quiet --images --base-url $url --out $tmp/images $work/site"
