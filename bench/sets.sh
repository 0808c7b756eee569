#!/usr/bin/env bash
# bench/sets.sh [--runs N] [URLS [SHARDS]]: what validate and diff cost
# on a large sitemap set (issue 36's target: 2.5 million URLs in 50
# gzipped files, each command under 256 MiB of peak memory).
#
# Writes two sets with bench/genset (kept in $BENCH_DIR, default $TMPDIR,
# for later runs; bench/lib.sh): an index and SHARDS gzipped urlsets of
# URLS URLs (defaults 2500000 and 50; 47 MB on disk), and another build's
# set of the same site, in which 2 URLs in 100 are replaced, 2 left out
# and 2 have another lastmod. Builds sitemapgen and times whole
# processes, alternating them N times (default 3) after a warm-up
# (bench/measure.py: wall, CPU, peak RSS):
#   zcat         the files decompressed to /dev/null: the floor of reading
#   validate     sitemapgen validate of the set, every URL checked and
#                looked for twice across the files
#   diff         sitemapgen diff of the two sets, its output to /dev/null
#                (exit 1, URLs gone: taken as success)
#   diff-json    the same with --json
#   diff-one     sitemapgen diff of the set against a set of one URL
#                (every URL removed: the most a diff reports)
# validate and diff keep what they must of a set on disk or as hashes;
# GOMEMLIMIT, when set, replaces the soft heap limit they set themselves.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=3
args=()
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) args+=("$1"); shift ;;
  esac
done
urls=${args[0]:-2500000}
shards=${args[1]:-50}
. bench/lib.sh
go -C bench build -o "$(realpath -m "$bin")/" ./genset
go build -o "$bin/sitemapgen" .
work=$base/sitemapgen-set-$urls-$shards
for v in old new; do
  [[ -f $work/$v/sitemap_index.xml ]] && continue
  rm -rf "$work/$v"
  change=0
  [[ $v == new ]] && change=2
  echo "writing the $v set of $urls URLs in $work/$v ..." >&2
  "$bin/genset" --shards "$shards" --change "$change" "$work/$v.tmp" "$urls"
  mv "$work/$v.tmp" "$work/$v"
done
if [[ ! -f $work/one/sitemap.xml ]]; then
  mkdir -p "$work/one"
  printf '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url></urlset>\n' >"$work/one/sitemap.xml"
fi
echo "sitemapgen $("$bin/sitemapgen" version | cut -d' ' -f2-), $urls URLs in $shards files, $(nproc) CPUs"
"$bin/sitemapgen" validate "$work/old" | tail -1
"$bin/sitemapgen" diff "$work/old" "$work/new" 2>/dev/null | tail -1 || true
python3 bench/measure.py --runs "$runs" --warmup 1 \
  "zcat=sh -c 'zcat \"\$0\"/*.gz >/dev/null' $work/old" \
  "validate=$bin/sitemapgen validate $work/old" \
  "diff=sh -c '\"\$0\" diff \"\$1\" \"\$2\" >/dev/null; test \$? -le 1' $bin/sitemapgen $work/old $work/new" \
  "diff-json=sh -c '\"\$0\" diff --json \"\$1\" \"\$2\" >/dev/null; test \$? -le 1' $bin/sitemapgen $work/old $work/new" \
  "diff-one=sh -c '\"\$0\" diff \"\$1\" \"\$2\" >/dev/null; test \$? -le 1' $bin/sitemapgen $work/old $work/one"
