#!/usr/bin/env bash
# bench/content.sh [--runs N] [--against REV] [FILES]: content mode, each
# source file's front matter read (issue 52: a source opened through the
# door by its whole path cost 1.23x the wall time; by the walk's road,
# relative to the folder the walk holds open, it costs what it did).
#
# Makes (once; kept in $BENCH_DIR, default $TMPDIR, as
# sitemapgen-content-FILES) a folder of FILES Markdown sources (default
# 50000) in 50 sections of 20 folders each, every one with a title and a
# date in its front matter, and times whole processes (bench/measure.py:
# wall, CPU, peak RSS; medians of N runs, default 10, alternated after a
# warm-up) of
#   content  sitemapgen --mode content, the set written to a folder of
#            its own
# and, with --against REV, the same with REV's sitemapgen (its tree
# exported with git archive, then go build), into another folder.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=10
against=
files=50000
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --against) against=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) files=$1; shift ;;
  esac
done
. bench/lib.sh
work=$base/sitemapgen-content-$files
if [[ ! -f $work/ready ]]; then
  rm -rf "$work"
  echo "writing $files sources in $work ..." >&2
  python3 - "$work/content" "$files" <<'PY'
import os, sys
root, n = sys.argv[1], int(sys.argv[2])
for i in range(n):
    d = os.path.join(root, "s%02d" % (i % 50), "t%02d" % ((i // 50) % 20))
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "p%06d.md" % i), "w") as f:
        f.write("---\ntitle: Page %d\ndate: 2024-%02d-%02d\n---\nThe body of page %d.\n" % (i, 1 + i % 12, 1 + i % 28, i))
PY
  touch "$work/ready"
fi
tmp=$(mktemp -d "$base/sitemapgen-bench-content.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/sitemapgen" .
url=https://example.com/
cmds=("content=$tmp/sitemapgen --quiet --mode content --preset plain --base-url $url --out $tmp/out $work/content")
if [[ $against ]]; then
  rev=$(git rev-parse --short "$against^{commit}")
  mkdir "$tmp/src"
  git archive "$rev" | tar -x -C "$tmp/src"
  (cd "$tmp/src" && go build -trimpath -o "$tmp/sitemapgen@$rev" .)
  cmds+=("content@$rev=$tmp/sitemapgen@$rev --quiet --mode content --preset plain --base-url $url --out $tmp/out@$rev $work/content")
fi
echo "# $(date -u +%Y-%m-%d), $(nproc) CPUs, $(go version | cut -d' ' -f3), sitemapgen $("$tmp/sitemapgen" version | cut -d' ' -f2-), $files sources"
mkdir -p "$tmp/out"
"$tmp/sitemapgen" --mode content --preset plain --base-url "$url" --out "$tmp/out" "$work/content" 2>&1 | tail -1
python3 bench/measure.py --runs "$runs" --warmup 1 "${cmds[@]}"
