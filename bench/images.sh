#!/usr/bin/env bash
# bench/images.sh [--with-images] [PAGES] [RUNS]: what --images costs
# against the default build of the same site (issue 24's target: at most
# 2x).
#
# Uses the generated site of PAGES pages (default 100000) that bench/run.sh
# keeps in $BENCH_DIR (default $TMPDIR), generating it when missing, builds
# sitemapgen, and times whole processes alternating them RUNS times
# (default 10) after a warm-up (bench/measure.py: wall, CPU, peak RSS):
#   build   the default build, a set written to a folder of its own
#   images  the same build with --images: every page read whole, its
#           images listed, into another folder
# Prints the medians and the ratio of the images build's wall time to the
# default build's. The generated pages show an image now and then (a page
# bundle's cover); with --with-images, the site is first copied (once, kept
# beside it as site-images) with an og:image in every page's head and, in
# its <article>, an <img>, an <img srcset> of three candidates and a
# <picture> of two sources, five of them relative, so that the figure
# includes resolving and listing them. Where the kernel trims the page
# cache, keep the sites in memory: BENCH_DIR=/dev/shm/sgbench
# bench/images.sh (see bench/run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
with_images=""
if [[ ${1:-} == --with-images ]]; then
  with_images=1
  shift
fi
pages=${1:-100000}
runs=${2:-10}
. bench/lib.sh
bench_tools
work=$base/sitemapgen-site-$pages
gen_site "$work" "$pages"
site=$work/site
if [[ $with_images ]]; then
  site=$work/site-images
  if [[ ! -d $site ]]; then
    echo "copying the site with images into $site ..."
    cp -a "$work/site" "$site.tmp"
    python3 - "$site.tmp" <<'PY'
import os, sys
head = '<meta property="og:image" content="https://example.com/images/og.png">\n'
body = ('<figure><img src="cover.png" alt=""><img src="/images/a-640.jpg" '
        'srcset="/images/a-640.jpg 640w, /images/a-1280.jpg 1280w, //example.com/images/a-1920.jpg 1920w" alt="">'
        '<picture><source srcset="../common.webp" type="image/webp"><img src="../common.jpg" alt=""></picture>'
        '</figure>\n</article>')
for dirpath, _, names in os.walk(sys.argv[1]):
    for n in names:
        if n.endswith(".html"):
            p = os.path.join(dirpath, n)
            with open(p, encoding="utf-8", errors="surrogateescape") as f:
                s = f.read()
            st = os.stat(p)
            s = s.replace("</head>", head + "</head>", 1).replace("</article>", body, 1)
            with open(p, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(s)
            os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))
PY
    mv "$site.tmp" "$site"
  fi
fi
tmp=$(mktemp -d "$base/sitemapgen-bench-images.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/sitemapgen" .
url=https://example.com/
echo "sitemapgen $("$tmp/sitemapgen" version | cut -d' ' -f2-), $pages pages, $(nproc) CPUs"
"$tmp/sitemapgen" --images --base-url "$url" --out "$tmp/images" "$site" 2>&1 | tail -1
echo "image entries: $(grep -c '<image:loc>' "$tmp"/images/sitemap*.xml | awk -F: '{n += $NF} END {print n}')"
python3 bench/measure.py --runs "$runs" --warmup 1 \
  "build=$tmp/sitemapgen --quiet --base-url $url --out $tmp/build $site" \
  "images=$tmp/sitemapgen --quiet --images --base-url $url --out $tmp/images $site"
