#!/usr/bin/env bash
# bench/peers.sh [--runs N] [--dry-run] [PAGES]: sitemapgen against the
# sitemap tools it replaces, on the same site, in the same run.
#
# On a generated site (bench/gensite) of PAGES pages (default 10000; kept
# in $BENCH_DIR/sitemapgen-site-PAGES, default $TMPDIR, as bench/run.sh
# keeps it), it times, alternating them run by run (bench/measure.py, N runs
# after a warm-up, default 5; wall, CPU and peak memory of whole processes):
#   sitemapgen           the default build: heads read, a set written to a
#                        fresh folder
#   sitemapgen-noheads   the same with --read-heads=false (the peers read
#                        no head, or only for noindex)
#   netlify              @netlify/plugin-sitemap's onPostBuild, called as
#                        Netlify's build calls it (bench/peers/netlify.cjs:
#                        constants.PUBLISH_DIR, the inputs' defaults from
#                        its manifest.yml, utils.build.failBuild, env.URL)
#   sscli-patched        static-sitemap-cli -f xml, its fd leak patched
#                        (below)
# then prints each one's figures over sitemapgen's (bench/ratios.py --over).
# Last, it runs static-sitemap-cli as shipped once and says whether it
# finished, and in what time.
#
# The peers are installed at the versions pinned in bench/peers/package.json
# and its lock file, with npm ci, into a scratch folder outside the
# repository ($PEERS_DIR, default $TMPDIR/sitemapgen-bench-peers): node_modules
# is never committed. Both peers write sitemap.xml into the site folder; it
# is removed after the run.
#
# static-sitemap-cli's fd leak: its detectNoindex pipes a read stream of each
# page into an HTML parser and ends the parser at </head> (or at a noindex
# meta tag). The parser's end unpipes the stream, which then never reaches
# its end, so the file it opened is never closed: one descriptor leaks for
# each page whose head ends before the file does, nearly every page. At the
# limit of open files (ulimit -n, which Node raises to the hard limit) it
# dies with EMFILE. bench/peers/sscli-fd-leak.patch, applied to a copy of
# the package (static-sitemap-cli-patched), destroys the stream when the
# parser finishes, and changes nothing else.
#
# --dry-run prints the commands and touches nothing (no install, no site).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=5
dry=0
pages=10000
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --dry-run) dry=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) pages=$1; shift ;;
  esac
done

. bench/lib.sh
peers=${PEERS_DIR:-${TMPDIR:-/tmp}/sitemapgen-bench-peers}
work=$base/sitemapgen-site-$pages
site=$work/site
url=https://example.com/
sscli=$peers/node_modules/static-sitemap-cli/src/cli.js
patched=$peers/node_modules/static-sitemap-cli-patched/src/cli.js
cmds=(
  "sitemapgen=$bin/sitemapgen --quiet --base-url $url --out $work/out-peers $site"
  "sitemapgen-noheads=$bin/sitemapgen --quiet --read-heads=false --base-url $url --out $work/out-peers-nh $site"
  "netlify=node $peers/netlify.cjs $site $url"
  "sscli-patched=node $patched --base $url --root $site -f xml"
)
if ((dry)); then
  printf 'install: npm ci in %s (bench/peers/package.json, package-lock.json)\n' "$peers"
  printf 'patch:   bench/peers/sscli-fd-leak.patch onto a copy, %s\n' "${patched%/src/cli.js}"
  printf 'time:    %s\n' "${cmds[@]}"
  printf 'once:    sscli=node %s --base %s --root %s -f xml\n' "$sscli" "$url" "$site"
  exit 0
fi

# The peers, at their pinned versions, again only when the lock file changed.
mkdir -p "$peers"
if ! cmp -s bench/peers/package-lock.json "$peers/package-lock.json" || [[ ! -f $patched ]]; then
  cp bench/peers/package.json bench/peers/package-lock.json "$peers/"
  (cd "$peers" && npm ci --no-audit --no-fund --loglevel=error)
  rm -rf "${patched%/src/cli.js}"
  cp -r "$peers/node_modules/static-sitemap-cli" "${patched%/src/cli.js}"
  patch -s -d "${patched%/src/cli.js}" -p1 <bench/peers/sscli-fd-leak.patch
fi
cp bench/peers/netlify.cjs "$peers/"

bench_tools
gen_site "$work" "$pages"
go build -o "$bin/sitemapgen" .
trap 'rm -f "$site/sitemap.xml" "$site/sitemap.txt"' EXIT

echo "# $(date -u +%Y-%m-%d), $(nproc) CPUs, node $(node --version), $(cd "$peers" && node -p "['@netlify/plugin-sitemap', 'static-sitemap-cli'].map((p) => p + '@' + require('./node_modules/' + p + '/package.json').version).join(' ')"), sitemapgen $("$bin/sitemapgen" version | cut -d' ' -f2-)"
echo "## $pages pages"
python3 bench/measure.py --runs "$runs" --warmup 1 --json "$work/peers.json" "${cmds[@]}"
python3 bench/ratios.py "$work/peers.json" "$pages" --over sitemapgen

echo
echo "static-sitemap-cli as shipped, once:"
start=$(date +%s.%N)
if err=$(node "$sscli" --base "$url" --root "$site" -f xml 2>&1 >/dev/null); then
  echo "finished in $(echo "$(date +%s.%N) - $start" | bc) s"
else
  echo "failed after $(echo "$(date +%s.%N) - $start" | bc) s (ulimit -n $(ulimit -n), hard $(ulimit -Hn)):"
  grep -m1 -E 'EMFILE|Error' <<<"$err" || tail -1 <<<"$err"
fi
