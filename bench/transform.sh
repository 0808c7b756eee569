#!/usr/bin/env bash
# bench/transform.sh [--runs N] [PAGES]: what the per-URL hook costs
# (issue 54: at 100,000 pages a pass-through hook must cost at most 1.5
# times the build without it).
#
# Makes (once; kept in $BENCH_DIR, default $TMPDIR, as
# sitemapgen-site-PAGES, bench/lib.sh) a generated site of PAGES pages
# (default 100000), then times whole processes (bench/measure.py: wall,
# CPU, peak RSS; medians of N runs, default 5, alternated after a
# warm-up), each a build writing the set into a folder of its own:
#   plain   no hook
#   cat     --transform cat: every record to the hook and back
#   sed     --transform 'sh edit.sh', a sed that gives every record a
#           priority: a hook that edits every record
# and checks that the set written through cat is the set written without
# it, byte for byte. The ratios are the wall times' to plain's.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5
pages=100000
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) pages=$1; shift ;;
  esac
done
. bench/lib.sh
bench_tools
work=$base/sitemapgen-site-$pages
gen_site "$work" "$pages"
tmp=$(mktemp -d "$base/sitemapgen-bench-transform.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/sitemapgen" .
echo "# $(date -u +%Y-%m-%d), $(nproc) CPUs, $(go version | cut -d' ' -f3), sitemapgen $("$tmp/sitemapgen" version | cut -d' ' -f2-)"
echo "$pages pages"
cat >"$tmp/edit.sh" <<'SH'
exec sed 's/}$/,"priority":0.7}/'
SH
run="$tmp/sitemapgen $work/site --base-url https://example.com/ --quiet"
python3 bench/measure.py --runs "$runs" --warmup 1 \
  "plain=$run --out $tmp/plain" \
  "cat=$run --out $tmp/cat --transform cat" \
  "sed=$run --out $tmp/sed --transform 'sh $tmp/edit.sh'"
if diff -r "$tmp/plain" "$tmp/cat" >/dev/null; then
  echo "the set written through cat is the set written without a hook"
else
  echo "the sets written with cat and without a hook differ" >&2
  exit 1
fi
