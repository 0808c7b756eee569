#!/usr/bin/env bash
# bench/hugo.sh [--runs N] [--against REV] [PAGES]: what `hugo &&
# sitemapgen` costs against `hugo` with its own sitemap, on a Hugo project
# of PAGES pages (default 20000).
#
# Makes (once; kept in $BENCH_DIR, default $TMPDIR, as
# sitemapgen-hugo-PAGES) a git repository of a Hugo project: PAGES
# Markdown pages in 20 sections, each with a title, a date, two or three
# of PAGES/20 tags and a category in its front matter, a lastmod in one
# of three, a draft in one of a hundred; plain layouts (lists paginated,
# an RSS feed a list), enableGitInfo, public/ ignored; a history of PAGES/10 commits (git
# fast-import, fixed author and committer dates), the first adding
# everything, each other changing 10 to 30 pages. It is cloned twice:
# own/ as it is, ours/ with disableKinds = ["sitemap"] committed. Both
# are built with hugo once, then it times whole processes
# (bench/measure.py: wall, CPU and peak RSS of each, children included;
# medians of N runs, default 5, alternated after a warm-up):
#   hugo              hugo in own/: Hugo with its own sitemaps
#   hugo-nositemap    hugo in ours/: Hugo without them
#   hugo+sitemapgen   hugo && sitemapgen in ours/, as the README says
#   step              sitemapgen alone in ours/, on the built site, its
#                     set written to a folder of its own: the join of the
#                     built pages with their sources (front matter, git
#                     dates), with its cache (--cache-dir, a folder of the
#                     run's) kept from the run before: a build again at
#                     the same commit, as on a developer's machine or a
#                     CI that keeps the folder
#   step-cold         the same without the cache (SITEMAPGEN_CACHE_DIR=off):
#                     every source and the whole history read, as in a
#                     fresh clone's first build
#   git-log           the one git log step-cold runs, alone (its flags as
#                     internal/gitdates gives them for Hugo's GitInfo rule:
#                     author dates, a rename a change): git's own reading of
#                     the history, the part of step-cold no change of
#                     sitemapgen's takes away (Hugo's own log, enableGitInfo,
#                     costs about as much in every hugo run)
# and prints each one's figures over hugo's (bench/ratios.py --over), the
# cost of Hugo's sitemaps (hugo - hugo-nositemap) and the step's. The
# target (issue 71): the step under 0.8 s at 20,000 pages.
#
# With --against REV, REV's sitemapgen (bench/lib.sh's build_rev: its
# tree exported with git archive, then go build) is timed beside this tree's, step@REV, into a
# folder of its own, and the two sets are compared byte for byte.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5
against=
pages=20000
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --against) against=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) pages=$1; shift ;;
  esac
done
. bench/lib.sh
work=$base/sitemapgen-hugo-$pages
if [[ ! -f $work/ready ]]; then
  rm -rf "$work"
  mkdir -p "$work/repo"
  echo "writing a Hugo project of $pages pages and $((pages / 10)) commits in $work ..." >&2
  git -C "$work/repo" init -q
  python3 - "$pages" <<'PY' | git -C "$work/repo" fast-import --quiet
import random, sys
n = int(sys.argv[1])
rng = random.Random(1)
out = sys.stdout.buffer
files = {
    "hugo.toml": b'baseURL = "https://bench.example.org/"\ntitle = "bench"\n'
                 b'enableGitInfo = true\npaginate = 20\n',
    ".gitignore": b"/public/\n/resources/\n.hugo_build.lock\n",
    "layouts/_default/baseof.html":
        b'<!doctype html>\n<html lang="{{ .Site.Language.Lang }}">\n<head>\n<meta charset="utf-8">\n'
        b'<title>{{ .Title }}</title>\n<link rel="canonical" href="{{ .Permalink }}">\n</head>\n'
        b'<body>{{ block "main" . }}{{ end }}</body>\n</html>\n',
    "layouts/_default/single.html":
        b'{{ define "main" }}<h1>{{ .Title }}</h1><p>{{ .Lastmod.Format "2006-01-02" }}</p>'
        b'{{ .Content }}{{ range .Params.tags }}<a href="/tags/{{ urlize . }}/">{{ . }}</a> {{ end }}{{ end }}\n',
    "layouts/_default/list.html":
        b'{{ define "main" }}<h1>{{ .Title }}</h1>{{ range .Paginator.Pages }}'
        b'<p><a href="{{ .RelPermalink }}">{{ .Title }}</a></p>{{ end }}{{ end }}\n',
}
files["layouts/index.html"] = files["layouts/_default/list.html"]
sections = ["s%02d" % s for s in range(20)]
for s in sections:
    files["content/%s/_index.md" % s] = b"---\ntitle: Section %s\n---\n" % s.encode()
tags = ["tag %d" % t for t in range(max(n // 20, 1))]
pages = []
for i in range(n):
    name = "content/%s/page-%06d.md" % (sections[i % 20], i)
    fm = ["title: Page %d" % i, "date: 20%02d-%02d-%02dT%02d:%02d:00Z" % (15 + i % 5, 1 + i % 12, 1 + i % 28, i % 24, i % 60)]
    if i % 3 == 0:
        fm.append("lastmod: 2020-%02d-%02d" % (1 + i % 12, 1 + i % 28))
    if i % 100 == 99:
        fm.append("draft: true")
    fm.append("tags: [%s]" % ", ".join('"%s"' % t for t in rng.sample(tags, min(len(tags), rng.randint(2, 3)))))
    fm.append('categories: ["c%d"]' % (i % 7))
    body = "\n\n".join("Paragraph %d of page %d: %s." % (p, i, " ".join("word%d" % rng.randrange(1000) for _ in range(40))) for p in range(4))
    files[name] = ("---\n%s\n---\n%s\n" % ("\n".join(fm), body)).encode()
    pages.append(name)
def blob(data):
    out.write(b"data %d\n" % len(data)); out.write(data); out.write(b"\n")
t = 1577836800  # 2020-01-01
for c in range(max(n // 10, 1)):
    out.write(b"commit refs/heads/main\n")
    out.write(b"author bench <bench@example.com> %d +0000\n" % (t + c * 3600))
    out.write(b"committer bench <bench@example.com> %d +0000\n" % (t + c * 3600 + 60))
    blob(b"commit %d" % c)  # a commit continues the branch's last one
    touched = sorted(files) if c == 0 else rng.sample(pages, min(len(pages), rng.randint(10, 30)))
    for f in touched:
        if c > 0:
            files[f] += b"\nEdited in commit %d.\n" % c
        out.write(b"M 644 inline %s\n" % f.encode())
        blob(files[f])
PY
  git -C "$work/repo" symbolic-ref HEAD refs/heads/main
  git clone -q "$work/repo" "$work/own"
  git clone -q "$work/repo" "$work/ours"
  printf 'disableKinds = ["sitemap"]\n' >>"$work/ours/hugo.toml"
  GIT_AUTHOR_DATE=2021-01-01T00:00:00Z GIT_COMMITTER_DATE=2021-01-01T00:00:00Z \
    git -C "$work/ours" -c user.name=bench -c user.email=bench@example.com commit -q -am "no sitemap of Hugo's"
  touch "$work/ready"
fi
tmp=$(mktemp -d "$base/sitemapgen-bench-hugo.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
go build -o "$bin/sitemapgen" .
names=("")
if [[ $against ]]; then
  rev=$(build_rev "$against")
  names+=("@$rev")
fi
own=$work/own
ours=$work/ours
hugo --quiet -s "$own"
hugo --quiet -s "$ours"
echo "# $(date -u +%Y-%m-%d), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), $(hugo version | cut -d' ' -f2), $(go version | cut -d' ' -f3), sitemapgen $("$bin/sitemapgen" version | cut -d' ' -f2-)"
echo "$pages sources ($(git -C "$ours" ls-files content | wc -l) files in content/, $(git -C "$ours" rev-list --count HEAD) commits), $(find "$ours/public" -type f | wc -l) built files ($(find "$ours/public" -name '*.html' | wc -l) HTML); Hugo's sitemap: $(grep -c '<loc>' "$own/public/sitemap.xml") URLs"
for at in "${names[@]}"; do
  (cd "$ours" && SITEMAPGEN_CACHE_DIR=$tmp/cache$at "$bin/sitemapgen$at" --out "$tmp/out$at" 2>&1 | tail -1 | sed "s/^/sitemapgen$at: /")
done
cache=$tmp/cache
cmds=("hugo=hugo --quiet -s $own"
  "hugo-nositemap=hugo --quiet -s $ours"
  "hugo+sitemapgen=env -C $ours SITEMAPGEN_CACHE_DIR=$cache bash -c 'hugo --quiet && $bin/sitemapgen --quiet'")
for at in "${names[@]}"; do
  cmds+=("step$at=env -C $ours SITEMAPGEN_CACHE_DIR=$cache$at $bin/sitemapgen$at --quiet --out $tmp/out$at"
    "step-cold$at=env -C $ours SITEMAPGEN_CACHE_DIR=off $bin/sitemapgen$at --quiet --out $tmp/out-cold$at")
done
cmds+=("git-log=git -C $ours log '--format=%x00%aI %H %P' -z --name-status --no-renames --root --no-merges HEAD -- ':(literal)content/'")
python3 bench/measure.py --runs "$runs" --warmup 1 --json "$work/runs.json" "${cmds[@]}"
python3 bench/ratios.py "$work/runs.json" "$pages" --over hugo
python3 - "$work/runs.json" <<'PY'
import json, statistics, sys
res = json.load(open(sys.argv[1]))
med = lambda name, f: statistics.median(f(r) for r in res[name])
wall = lambda r: r["wall"]
cpu = lambda r: r["user"] + r["sys"]
print()
print(f"Hugo's sitemaps (hugo - hugo-nositemap): {med('hugo', wall) - med('hugo-nositemap', wall):.3f} s wall, {med('hugo', cpu) - med('hugo-nositemap', cpu):.3f} s CPU")
print(f"sitemapgen's step (hugo+sitemapgen - hugo-nositemap): {med('hugo+sitemapgen', wall) - med('hugo-nositemap', wall):.3f} s wall, {med('hugo+sitemapgen', cpu) - med('hugo-nositemap', cpu):.3f} s CPU")
for name in sorted(n for n in res if n.startswith("step")):
    print(f"{name + ' alone:':<28} {med(name, wall):.3f} s wall, {med(name, cpu):.3f} s CPU (target: under 0.8 s wall)")
print(f"{'git log alone:':<28} {med('git-log', wall):.3f} s wall, {med('git-log', cpu):.3f} s CPU (of step-cold's wall: {med('git-log', wall) / med('step-cold', wall):.2f})")
PY
if ! diff -r "$tmp/out" "$tmp/out-cold" >/dev/null; then
  echo "sets: the cached step's DIFFERS from the cold one's:"
  diff -r "$tmp/out" "$tmp/out-cold" | head -20
  exit 1
fi
echo "sets: the cached step's equal to the cold one's, byte for byte"

if [[ $against ]]; then
  python3 bench/ratios.py "$work/runs.json" "$pages" | sed -n '/this tree/,$p'
  if diff -r "$tmp/out" "$tmp/out@$rev" >/dev/null; then
    echo "sets: equal to $rev's, byte for byte ($(find "$tmp/out" -type f | wc -l) files)"
  else
    echo "sets: DIFFERENT from $rev's:"
    diff -r "$tmp/out" "$tmp/out@$rev" | head -20
    exit 1
  fi
fi
