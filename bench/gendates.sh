#!/usr/bin/env bash
# bench/gendates.sh [--runs N] [--against REV] [URLS]: what the
# generator's own sitemaps cost, read as a date source (issue 52: two
# 48 MB files of Hugo's cost 558 MB and left a 93 MB
# .sitemapgen-generator-lastmod in the published folder, read back whole
# by every run).
#
# Makes (once; kept in $BENCH_DIR, default $TMPDIR, as
# sitemapgen-gendates-URLS) a Hugo project whose public/ holds a home page
# and two sitemaps of Hugo's, en/sitemap.xml and fr/sitemap.xml, of URLS
# entries each (default 510638: 48 MB each), every entry dated. Then
# times whole processes (bench/measure.py: wall, CPU, peak RSS; medians
# of N runs, default 5, alternated after a warm-up):
#   first  sitemapgen --dry-run in the project: the two sitemaps read
#          for their dates, as a first build reads them
#   kept   the same in a copy a build wrote its set into once: the dates
#          read back from .sitemapgen-generator-lastmod, the generator's
#          files taken over
# and prints the size of the kept file. With --against REV, REV's
# sitemapgen (its tree exported with git archive, then go build) is timed
# beside this tree's, first@REV and kept@REV in a copy of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5
against=
urls=510638
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --against) against=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) urls=$1; shift ;;
  esac
done
. bench/lib.sh
work=$base/sitemapgen-gendates-$urls
if [[ ! -f $work/ready ]]; then
  rm -rf "$work"
  echo "writing two sitemaps of $urls URLs in $work ..." >&2
  python3 - "$work/project" "$urls" <<'PY'
import os, sys
project, n = sys.argv[1], int(sys.argv[2])
os.makedirs(os.path.join(project, "public"))
with open(os.path.join(project, "hugo.toml"), "w") as f:
    f.write('baseURL = "https://bench.example.org/"\ntitle = "bench"\n'
            'defaultContentLanguage = "en"\ndefaultContentLanguageInSubdir = true\n'
            '[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\n')
with open(os.path.join(project, "public", "index.html"), "w") as f:
    f.write("<!doctype html><title>home</title>\n")
for lang in ("en", "fr"):
    d = os.path.join(project, "public", lang)
    os.makedirs(d)
    with open(os.path.join(d, "sitemap.xml"), "w") as f:
        f.write('<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n'
                '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n')
        for i in range(n):
            f.write("  <url>\n    <loc>https://bench.example.org/%s/posts/%07d/</loc>\n"
                    "    <lastmod>20%02d-%02d-%02dT%02d:%02d:00+00:00</lastmod>\n  </url>\n"
                    % (lang, i, 10 + i % 15, 1 + i % 12, 1 + i % 28, i % 24, i % 60))
        f.write("</urlset>\n")
PY
  touch "$work/ready"
fi
tmp=$(mktemp -d "$base/sitemapgen-bench-gendates.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/sitemapgen" .
names=("")
if [[ $against ]]; then
  rev=$(git rev-parse --short "$against^{commit}")
  mkdir "$tmp/src"
  git archive "$rev" | tar -x -C "$tmp/src"
  (cd "$tmp/src" && go build -trimpath -o "$tmp/sitemapgen@$rev" .)
  names+=("@$rev")
fi
echo "# $(date -u +%Y-%m-%d), $(nproc) CPUs, $(go version | cut -d' ' -f3), sitemapgen $("$tmp/sitemapgen" version | cut -d' ' -f2-)"
echo "two generator sitemaps: $(du -sh "$work/project/public/en/sitemap.xml" | cut -f1) and $(du -sh "$work/project/public/fr/sitemap.xml" | cut -f1), $urls URLs each"
cmds=()
for at in "${names[@]}"; do
  # The copy a build wrote its set into once: its later runs read the
  # kept dates.
  cp -a "$work/project" "$tmp/kept$at"
  (cd "$tmp/kept$at" && "$tmp/sitemapgen$at" --quiet >/dev/null)
  kept=$tmp/kept$at/public/.sitemapgen-generator-lastmod
  echo "kept$at: .sitemapgen-generator-lastmod $(stat -c %s "$kept" 2>/dev/null || echo 0) bytes"
  cmds+=("first$at=env -C $work/project $tmp/sitemapgen$at --dry-run --quiet"
    "kept$at=env -C $tmp/kept$at $tmp/sitemapgen$at --dry-run --quiet")
done
python3 bench/measure.py --runs "$runs" --warmup 1 "${cmds[@]}"
