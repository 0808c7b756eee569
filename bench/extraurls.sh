#!/usr/bin/env bash
# bench/extraurls.sh [--runs N] [--against REV] [URLS]: what extra URLs
# cost (issue 54: a million extra URLs must stay within the memory of a
# build of a million pages, 239 MiB in RESULTS.md).
#
# Makes (once; kept in $BENCH_DIR, default $TMPDIR, as
# sitemapgen-extraurls-URLS) a site of one page and three files of URLS
# extra URLs each (default 1000000): urls.txt, one URL a line; urls.jsonl,
# each with a lastmod, a changefreq and a priority; urls.csv, the same as
# CSV. Then times whole processes (bench/measure.py: wall, CPU, peak RSS;
# medians of N runs, default 3, alternated after a warm-up), each a build
# writing the set into a folder of its own:
#   text    --extra-urls urls.txt
#   jsonl   --extra-urls urls.jsonl
#   csv     --extra-urls urls.csv
#   command --extra-urls-command 'cat urls.txt'
# With --against REV, REV's sitemapgen is timed beside this tree's on
# the text file.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=3
against=
urls=1000000
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --against) against=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) urls=$1; shift ;;
  esac
done
. bench/lib.sh
work=$base/sitemapgen-extraurls-$urls
if [[ ! -f $work/ready ]]; then
  rm -rf "$work"
  echo "writing $urls extra URLs in $work ..." >&2
  python3 - "$work" "$urls" <<'PY'
import os, sys
work, n = sys.argv[1], int(sys.argv[2])
os.makedirs(os.path.join(work, "site"))
with open(os.path.join(work, "site", "index.html"), "w") as f:
    f.write("<!doctype html><title>home</title>\n")
freqs = ["daily", "weekly", "monthly"]
with open(os.path.join(work, "urls.txt"), "w") as t, \
     open(os.path.join(work, "urls.jsonl"), "w") as j, \
     open(os.path.join(work, "urls.csv"), "w") as c:
    c.write("loc,lastmod,changefreq,priority\n")
    for i in range(n):
        loc = "https://bench.example.org/products/%07d/item-%d/" % (i, i % 97)
        lm = "20%02d-%02d-%02dT%02d:%02d:00Z" % (10 + i % 15, 1 + i % 12, 1 + i % 28, i % 24, i % 60)
        t.write(loc + "\n")
        j.write('{"loc": "%s", "lastmod": "%s", "changefreq": "%s", "priority": 0.%d}\n' % (loc, lm, freqs[i % 3], 1 + i % 9))
        c.write("%s,%s,%s,0.%d\n" % (loc, lm, freqs[i % 3], 1 + i % 9))
PY
  touch "$work/ready"
fi
tmp=$(mktemp -d "$base/sitemapgen-bench-extraurls.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/sitemapgen" .
echo "# $(date -u +%Y-%m-%d), $(nproc) CPUs, $(go version | cut -d' ' -f3), sitemapgen $("$tmp/sitemapgen" version | cut -d' ' -f2-)"
echo "$urls extra URLs: urls.txt $(du -h "$work/urls.txt" | cut -f1), urls.jsonl $(du -h "$work/urls.jsonl" | cut -f1), urls.csv $(du -h "$work/urls.csv" | cut -f1)"
run="$tmp/sitemapgen $work/site --base-url https://bench.example.org/ --quiet"
cmds=(
  "text=$run --out $tmp/text --extra-urls $work/urls.txt"
  "jsonl=$run --out $tmp/jsonl --extra-urls $work/urls.jsonl"
  "csv=$run --out $tmp/csv --extra-urls $work/urls.csv"
  "command=$run --out $tmp/command --extra-urls-command 'cat $work/urls.txt'"
)
if [[ $against ]]; then
  rev=$(git rev-parse --short "$against^{commit}")
  mkdir "$tmp/src"
  git archive "$rev" | tar -x -C "$tmp/src"
  (cd "$tmp/src" && go build -trimpath -o "$tmp/sitemapgen@$rev" .)
  cmds+=("text@$rev=$tmp/sitemapgen@$rev $work/site --base-url https://bench.example.org/ --quiet --out $tmp/text@$rev --extra-urls $work/urls.txt")
fi
python3 bench/measure.py --runs "$runs" --warmup 1 "${cmds[@]}"
