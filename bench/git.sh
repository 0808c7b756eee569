#!/usr/bin/env bash
# bench/git.sh [RUNS]: what the git lastmod source adds to a build.
#
# Makes (once; kept in $BENCH_DIR, default $TMPDIR/sitemapgen-bench-git) a
# git repository holding a generated site (bench/gensite) of 10,000 pages in
# site/, with 1,000 commits: the first adds everything, each of the 999
# others changes 10 to 30 pages (git fast-import, fixed dates). Then times
# whole builds of site/ with --lastmod-sources frontmatter,meta,git,mtime
# (the default) and frontmatter,meta,mtime, alternating them RUNS times
# (default 10) after a warm-up, and prints the medians and the difference.
# The target: the git source costs under 1 s on top of the build.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10}
. bench/lib.sh
bench_tools
work=$base/sitemapgen-bench-git
repo=$work/repo

if [[ ! -f $work/done ]]; then
  rm -rf "$work"
  mkdir -p "$repo"
  echo "generating 10,000 pages and 1,000 commits in $repo ..."
  "$bin/gensite" "$work/gen" 10000 2>/dev/null
  git -C "$repo" init -q
  python3 - "$work/gen" <<'PY' | git -C "$repo" fast-import --quiet
import os, random, sys
src = sys.argv[1]
files = []
for d, _, names in os.walk(src):
    for n in names:
        files.append(os.path.relpath(os.path.join(d, n), src))
files.sort()
pages = [f for f in files if f.endswith(".html")]
rng = random.Random(1)
out = sys.stdout.buffer
def blob(data):
    out.write(b"data %d\n" % len(data)); out.write(data); out.write(b"\n")
t = 1577836800  # 2020-01-01
for c in range(1000):
    out.write(b"commit refs/heads/main\n")
    out.write(b"committer bench <bench@example.com> %d +0000\n" % (t + c * 86400))
    blob(b"commit %d" % c)  # a commit continues the branch's last one
    touched = files if c == 0 else rng.sample(pages, rng.randint(10, 30))
    for f in touched:
        with open(os.path.join(src, f), "rb") as fh:
            data = fh.read()
        if c > 0:
            data = data.replace(b"</body>", b"<!-- edit %d --></body>" % c, 1)
        out.write(b"M 644 inline site/%s\n" % f.encode())
        blob(data)
PY
  git -C "$repo" symbolic-ref HEAD refs/heads/main
  git -C "$repo" reset -q --hard
  touch "$work/done"
fi
go build -o "$work/sitemapgen" .
bin=$work/sitemapgen
echo "sitemapgen $("$bin" version | cut -d' ' -f2-), $(git -C "$repo" rev-list --count HEAD) commits, $(git -C "$repo" ls-files | wc -l) files, $(nproc) CPUs"
out=$(python3 bench/measure.py --runs "$runs" --warmup 1 \
  "nogit=$bin --quiet --lastmod-sources frontmatter,meta,mtime --base-url https://example.com/ --out $work/out-nogit $repo/site" \
  "git=$bin --quiet --lastmod-sources frontmatter,meta,git,mtime --base-url https://example.com/ --out $work/out-git $repo/site")
echo "$out"
median() { awk -v name="$1" '$1 == name {print $2}' <<<"$out"; }
python3 -c "import sys; a, b = map(float, sys.argv[1:]); print(f'git adds {b - a:.3f} s to a {a:.3f} s build (target: under 1 s)')" "$(median nogit)" "$(median git)"
"$bin" --base-url https://example.com/ --out "$work/out-git" "$repo/site" 2>&1 | tail -1
