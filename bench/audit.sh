#!/usr/bin/env bash
# bench/audit.sh [PAGES] [RUNS]: what sitemapgen audit costs against the
# default build of the same site (issue 23's target: at most 3x).
#
# Uses the generated site of PAGES pages (default 100000) that bench/run.sh
# keeps in $BENCH_DIR (default $TMPDIR; bench/lib.sh), generating it when missing, builds
# sitemapgen, and times whole processes alternating them RUNS times
# (default 10) after a warm-up (bench/measure.py: wall, CPU, peak RSS):
#   build   the default build, a set written to a fresh folder
#   audit   sitemapgen audit of the same site: the build's judgement, every
#           page read whole, every link followed; its findings (the
#           generator's orphans) go to /dev/null. It exits 1 when it finds
#           something, which it does here: that status is taken as success.
# Prints the medians and the ratio of the audit's wall time to the build's.
# Where the kernel trims the page cache, keep the sites in memory:
# BENCH_DIR=/dev/shm/sgbench bench/audit.sh (see bench/run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
pages=${1:-100000}
runs=${2:-10}
. bench/lib.sh
bench_tools
work=$base/sitemapgen-site-$pages
gen_site "$work" "$pages"
go build -o "$bin/sitemapgen" .
url=https://example.com/
echo "sitemapgen $("$bin/sitemapgen" version | cut -d' ' -f2-), $pages pages, $(nproc) CPUs"
"$bin/sitemapgen" audit --base-url "$url" "$work/site" 2>&1 >/dev/null | tail -1 || true
python3 bench/measure.py --runs "$runs" --warmup 1 \
  "build=$bin/sitemapgen --quiet --base-url $url --out $work/out $work/site" \
  "audit=sh -c '\"\$0\" audit --quiet --base-url $url \"\$1\" >/dev/null; test \$? -le 1' $bin/sitemapgen $work/site"
