#!/usr/bin/env bash
# bench/run.sh [--runs N] [--cold] [--against REV] [PAGES ...]: sitemapgen
# against the plainest ways to walk the same tree, or against another
# revision of itself.
#
# For each size (default: 10000 100000; 1000000 is a separate invocation,
# `bench/run.sh --runs 3 1000000`: 3.5 GB of pages, about 3 minutes to
# generate, 9 GB on disk), it
#   1. generates a site with bench/gensite (internal/sitegen; kept in
#      $BENCH_DIR/sitemapgen-site-PAGES, default $TMPDIR, for later runs),
#   2. builds sitemapgen and bench/baseline,
#   3. times, alternating them run by run (bench/measure.py: wall, CPU and
#      peak memory of each whole process; medians):
#        walk+head   baseline walkhead: filepath.WalkDir, first 4 KiB of
#                    every page read by 2×CPUs goroutines (the strict
#                    yardstick: on a machine of 2 CPUs, the fastest)
#        pwalk+head  baseline pwalkhead: a parallel walk (fastwalk), every
#                    page opened, fstatted, read (4 KiB) and closed by its
#                    workers (the bound issue 71 names)
#        walk+stat   baseline walkstat: filepath.WalkDir and an lstat a page
#        pwalk+stat  baseline pwalkstat: sitemapgen's parallel walk and an
#                    lstat a page (the floor of --read-heads=false)
#        find        find DIR -name '*.html' -printf '%p %T@\n'
#        sitemapgen  the default build: heads read, mtime lastmod, a split
#                    set written to a fresh folder
#        no-heads    the same with --read-heads=false
#        gzip        the same with --gzip
#   4. checks the sets written against the schemas (bench/checksitemaps),
# and prints the ratios the targets are set on (bench/ratios.py), and the
# cost per page.
#
# With --against REV (a commit, tag or branch), it also builds REV (its tree
# exported with git archive into a temporary folder, then go build), and
# times walk+head, pwalk+head, pwalk+stat, sitemapgen, sitemapgen@REV, no-heads and
# no-heads@REV alternating in the same run (find and gzip are left out).
# Beside the yardsticks' ratios of both, it prints this tree's figures over
# REV's, for the default build and --read-heads=false: wall (of the medians,
# and the median of the run-by-run ratios), CPU (user + system, of the
# medians, and the mean of the run-by-run ratios with its 95 % interval)
# and peak RSS. For example, against the commit the speed figures were taken on:
#   bench/run.sh --runs 10 --against b84d84e 100000
#
# With --cold, each command also runs once after dropping the page cache
# (root only; echo 3 > /proc/sys/vm/drop_caches).
#
# Warm figures need the site to stay in the page cache between runs. Where
# the kernel trims the cache (on a machine whose memory is reclaimed
# proactively, vmtouch shows a site only half resident after a run),
# runs read from disk at random and a ratio moves by 30 %: put the sites
# in memory, BENCH_DIR=/dev/shm/sitemapgen-bench bench/run.sh ... (a
# 100,000-page site takes 0.6 GB there, a 1,000,000-page one 6.5 GB and
# 2.2 million inodes: `df -i` first; a memory filesystem left without
# inodes fails whatever else writes to it, the tests included).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=10
cold=0
against=
sizes=()
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --cold) cold=1; shift ;;
    --against) against=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) sizes+=("$1"); shift ;;
  esac
done
((${#sizes[@]})) || sizes=(10000 100000)

. bench/lib.sh
bench_tools
go build -o "$bin/sitemapgen" .
go -C bench build -o "$(realpath -m "$bin")/baseline" ./baseline
if [[ $against ]]; then
  rev=$(build_rev "$against")
fi

echo "# $(date -u +%Y-%m-%d), $(nproc) CPUs, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(go version | cut -d' ' -f3), sitemapgen $("$bin/sitemapgen" version | cut -d' ' -f2-)"
declare -A perpage
for n in "${sizes[@]}"; do
  work=$base/sitemapgen-site-$n
  gen_site "$work" "$n"
  site=$work/site
  url=https://example.com/
  echo
  echo "## $n pages"
  sg="$bin/sitemapgen --quiet --base-url $url"
  runs_json=$work/runs.json
  if [[ $against ]]; then
    old="$bin/sitemapgen@$rev --quiet --base-url $url"
    out=$(python3 bench/measure.py --runs "$runs" --warmup 1 --json "$runs_json" \
      "walk+head=$bin/baseline walkhead $site" \
      "pwalk+head=$bin/baseline pwalkhead $site" \
      "pwalk+stat=$bin/baseline pwalkstat $site" \
      "sitemapgen=$sg --out $work/out $site" \
      "sitemapgen@$rev=$old --out $work/out-rev $site" \
      "no-heads=$sg --read-heads=false --out $work/out-nh $site" \
      "no-heads@$rev=$old --read-heads=false --out $work/out-nh-rev $site")
    outs=("$work/out" "$work/out-rev" "$work/out-nh" "$work/out-nh-rev")
  else
    out=$(python3 bench/measure.py --runs "$runs" --warmup 1 --json "$runs_json" \
      "walk+head=$bin/baseline walkhead $site" \
      "pwalk+head=$bin/baseline pwalkhead $site" \
      "walk+stat=$bin/baseline walkstat $site" \
      "pwalk+stat=$bin/baseline pwalkstat $site" \
      "find=find $site -name *.html -printf %p\ %T@\n" \
      "sitemapgen=$sg --out $work/out $site" \
      "no-heads=$sg --read-heads=false --out $work/out-nh $site" \
      "gzip=$sg --gzip --out $work/out-gz $site")
    outs=("$work/out" "$work/out-nh" "$work/out-gz")
  fi
  echo "$out"
  median() { awk -v name="$1" '$1 == name {print $2}' <<<"$out"; }
  python3 bench/ratios.py "$runs_json" "$n"
  perpage[$n]=$(median sitemapgen)
  "$bin/checksitemaps" "${outs[@]}" | tail -1 | sed 's/^/checksitemaps: /'

  if ((cold)); then
    if [[ $(id -u) != 0 ]]; then
      echo "--cold: dropping the page cache needs root; skipped"
    else
      echo "cold cache, one run each (page cache dropped before each):"
      for cmd in "walk+head:$bin/baseline walkhead $site" "find:find $site -name *.html -printf %p\ %T@\n" \
                 "sitemapgen:$bin/sitemapgen --quiet --base-url $url --out $work/out $site"; do
        sync
        echo 3 >/proc/sys/vm/drop_caches
        python3 bench/measure.py --runs 1 --warmup 0 "${cmd%%:*}=${cmd#*:}" | tail -1
      done
    fi
  fi
done

if ((${#sizes[@]} > 1)); then
  echo
  echo "## cost per page (linearity: within 15 % of proportional)"
  first=${sizes[0]}
  for n in "${sizes[@]}"; do
    python3 -c "import sys; n=int(sys.argv[1]); w=float(sys.argv[2]); n0=int(sys.argv[3]); w0=float(sys.argv[4]); print(f'{n:>8} pages: {w/n*1e6:.2f} µs a page, {w/n/(w0/n0):.3f} of the {n0}-page cost')" \
      "$n" "${perpage[$n]}" "$first" "${perpage[$first]}"
  done
fi
