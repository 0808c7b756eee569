#!/usr/bin/env bash
# bench/watch.sh [--runs N] [--edit MODE] [--linked] [--no-fanotify]
#                [--max-watches N] [--idle D] [--busy] [--timeout D]
#                [--against REV]
#                [PAGES]:
# watch mode on a generated site of PAGES pages (default 100000).
#
# Generates the site with bench/gensite (kept in
# $BENCH_DIR/sitemapgen-site-PAGES, default $TMPDIR, shared with
# bench/run.sh), builds sitemapgen and bench/watchlat, and runs watchlat:
# a one-shot build, then "sitemapgen watch": its start (until it watches)
# against the build's wall time, its CPU time while nothing changes for
# --idle (default 10s; with --busy, while small files are written and
# removed beside the site, on its filesystem, 2,000 a second, as another
# program's build does), then N pages (default 20), one after another,
# changed while it runs, the time from each change to the page's shard
# and to sitemap.xml being renamed into place, minus the debounce window;
# the peak RSS of watch mode against the build's; and, once watch is
# stopped, whether its files are a fresh build's, byte for byte. The
# targets: a change under 100 ms at 100,000 pages; watch's memory under
# 2× the build's; at 1,000,000 pages past the limit of watches, a start
# under 1.3× the build, a change under 2 s, idle CPU under 5 % of a core.
#
# How watch watches (docs/watch.md, Limits): inotify, up to the system's
# limit or --max-watches N (8192: the limit many systems have); past it,
# as root, fanotify (--max-watches 1 makes it watch all but the first
# folder so), or with --no-fanotify the other folders scanned. --timeout bounds
# the wait for one change (default 30s; a scan of a large tree needs
# more).
#
# --edit is how a page changes (bench/watchlat -edit): write (default: a
# new date in its head, written in place), rename (the same saved
# atomically, a new file renamed over it) or touch (its modification time
# alone).
#
# --linked runs watch on a hard-linked copy of the site, every page with
# a second name outside it, as cp -al, rsync --link-dest and snapshot
# tools make: cp -al of a copy of the site kept beside it (linked-src/),
# so that edits in place, which its other name sees, leave the generated
# site alone. Target: under 100 ms at 100,000 pages, as for a plain tree.
#
# With --against REV, REV's sitemapgen (bench/lib.sh's build_rev) is
# measured the same way after this tree's, on the same site: its own
# one-shot build, watch and fresh build, under a line naming REV. Peak
# RSS does not hang on the machine's load; the times do.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=20
n=100000
edit=write
linked=
flags=()
idle=10s
busy=
timeout=30s
against=
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --edit) edit=$2; shift 2 ;;
    --linked) linked=1; shift ;;
    --no-fanotify) flags+=(--fanotify=false); shift ;;
    --max-watches) flags+=(--max-watches "$2"); shift 2 ;;
    --idle) idle=$2; shift 2 ;;
    --busy) busy=1; shift ;;
    --timeout) timeout=$2; shift 2 ;;
    --against) against=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) n=$1; shift ;;
  esac
done

. bench/lib.sh
bench_tools
go build -o "$bin/sitemapgen" .
go -C bench build -o "$(realpath -m "$bin")/watchlat" ./watchlat

work=$base/sitemapgen-site-$n
gen_site "$work" "$n"
site=$work/site
if [[ $linked ]]; then
  if [[ ! -d $work/linked-src ]]; then
    rm -rf "$work/linked-src.tmp"
    cp -a "$work/site" "$work/linked-src.tmp"
    mv "$work/linked-src.tmp" "$work/linked-src"
  fi
  rm -rf "$work/linked"
  cp -al "$work/linked-src" "$work/linked"
  site=$work/linked
fi
echo "# $(date -u +%Y-%m-%d), $(nproc) CPUs, $(go version | cut -d' ' -f3), $n pages, watch mode, edit: $edit${linked:+, a hard-linked copy}${busy:+, a busy writer beside}${flags[*]:+, ${flags[*]}}"
"$bin/watchlat" -runs "$runs" -edit "$edit" -idle "$idle" ${busy:+-busy "$work/busy"} -timeout "$timeout" -watch-flags "${flags[*]}" -bin "$bin/sitemapgen" -out "$work/out-watch" "$site"
"$bin/checksitemaps" "$work/out-watch" | tail -1 | sed 's/^/checksitemaps: /'
if [[ $against ]]; then
  rev=$(build_rev "$against")
  echo "# sitemapgen@$rev"
  "$bin/watchlat" -runs "$runs" -edit "$edit" -idle "$idle" ${busy:+-busy "$work/busy"} -timeout "$timeout" -watch-flags "${flags[*]}" -bin "$bin/sitemapgen@$rev" -out "$work/out-watch@$rev" "$site"
fi
