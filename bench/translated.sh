#!/usr/bin/env bash
# bench/translated.sh [--runs N] [--against REV] [--stripped DIR] PAGES:
# what a site's translations cost a build's memory. The same generated
# site twice, as bench/gensite makes it (about 16 % of its pages in an
# hreflang cluster of three, four links a head) and without its
# <link rel="alternate" hreflang> lines, each built by the default build,
# alternating run by run (bench/measure.py); it prints each build's
# medians and the ratio of the translated site's peak memory to the
# stripped one's (issue 56 asks at most 1.05 at 1,000,000 pages):
#   BENCH_DIR=/dev/shm/sitemapgen-bench bench/translated.sh --runs 5 1000000
#
# The site is bench/run.sh's ($BENCH_DIR/sitemapgen-site-PAGES, made if
# missing); the stripped copy is generated again, then its hreflang lines
# deleted, into DIR (default $BENCH_DIR/sitemapgen-stripped-PAGES): a
# second 1,000,000-page site needs 6.5 GB and 2.2 million more inodes,
# more than a memory filesystem may have left (`df -i`); memory is what
# is compared, and a copy on disk does for it. With --against REV, REV is
# built too and measured on both sites in the same turns.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=5
against=
stripped=
pages=
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --against) against=$2; shift 2 ;;
    --stripped) stripped=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) pages=$1; shift ;;
  esac
done
[[ $pages ]] || { echo "usage: bench/translated.sh [--runs N] [--against REV] [--stripped DIR] PAGES" >&2; exit 2; }

. bench/lib.sh
bench_tools
go build -o "$bin/sitemapgen" .
work=$base/sitemapgen-site-$pages
gen_site "$work" "$pages"
stripped=${stripped:-$base/sitemapgen-stripped-$pages}
if [[ ! -f $stripped/stripped ]]; then
  gen_site "$stripped" "$pages"
  echo "deleting the hreflang links in $stripped ..." >&2
  (cd "$stripped/site" && grep -rlZ --include='*.html' 'hreflang=' . | xargs -0 -r -n 2000 sed -i '/<link rel="alternate" hreflang=/d')
  if grep -rlq --include='*.html' 'hreflang=' "$stripped/site"; then
    echo "bench/translated.sh: hreflang links left in $stripped/site" >&2
    exit 1
  fi
  touch "$stripped/stripped"
fi

url=https://example.com/
cmds=("translated=$bin/sitemapgen --quiet --base-url $url --out $work/out-tr $work/site"
      "stripped=$bin/sitemapgen --quiet --base-url $url --out $stripped/out $stripped/site")
if [[ $against ]]; then
  rev=$(build_rev "$against")
  cmds+=("translated@$rev=$bin/sitemapgen@$rev --quiet --base-url $url --out $work/out-tr-rev $work/site"
         "stripped@$rev=$bin/sitemapgen@$rev --quiet --base-url $url --out $stripped/out-rev $stripped/site")
fi

echo "# $(date -u +%Y-%m-%d), $(nproc) CPUs, $(go version | cut -d' ' -f3), sitemapgen $("$bin/sitemapgen" version | cut -d' ' -f2-)"
echo "## $pages pages, translated and stripped of their hreflang links"
json=$work/translated-runs.json
python3 bench/measure.py --runs "$runs" --warmup 1 --json "$json" "${cmds[@]}"
python3 - "$json" <<'EOF'
import json, statistics, sys
runs = json.load(open(sys.argv[1]))
for name in runs:
    if not name.startswith("translated"):
        continue
    twin = "stripped" + name[len("translated"):]
    t = [r["rss"] for r in runs[name]]
    s = [r["rss"] for r in runs[twin]]
    pairs = statistics.median(a / b for a, b in zip(t, s))
    print(f"peak memory {name} / {twin}: {statistics.median(t) / statistics.median(s):.3f} (of the medians), {pairs:.3f} (median of run-by-run ratios)")
EOF
