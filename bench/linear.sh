#!/usr/bin/env bash
# bench/linear.sh [linear.py's flags]: whether each reader of a hostile
# input costs CPU in proportion to it (issue 99).
#
# Builds sitemapgen into $BENCH_DIR/sitemapgen-bench-bin and runs
# bench/linear.py with it: each case's project written at no size, at n
# and at 10n in $BENCH_DIR/sitemapgen-linear, and the ratio of their CPU,
# start-up aside, which must stay at most 12 (exit 1 past it).
# bench/linear.py --help lists the cases.
set -euo pipefail
cd "$(dirname "$0")/.."
case ${1:-} in
-h | --help)
  sed -n '2,9s/^# \{0,1\}//p' bench/linear.sh
  exec python3 bench/linear.py --help
  ;;
esac
. bench/lib.sh
go build -o "$bin/sitemapgen" .
work=$base/sitemapgen-linear
mkdir -p "$work"
echo "sitemapgen $("$bin/sitemapgen" version | cut -d' ' -f2-), $(nproc) CPUs"
python3 bench/linear.py "$@" "$bin/sitemapgen" "$work"
