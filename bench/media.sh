#!/usr/bin/env bash
# bench/media.sh [PAGES] [RUNS]: what --videos and --news-name cost
# against the default build of the same site (issue 40's target: at most
# 1.5x the wall time and 2x the memory).
#
# Uses the generated site of PAGES pages (default 100000) that bench/run.sh
# keeps in $BENCH_DIR (default $TMPDIR), generating it when missing, and a
# copy of it (made once, kept beside it as site-media) with a JSON-LD
# NewsArticle in every page's head (its headline, its language, a date
# published: one page in five within the last two days, the others
# older), and on one page in ten a VideoObject in its body (name,
# description, thumbnail, file, player, duration, upload date), as a
# news site's template writes them. It builds sitemapgen and times whole
# processes alternating them RUNS times (default 10) after a warm-up
# (bench/measure.py: wall, CPU, peak RSS):
#   build  the default build of the copy, a set written to a folder of
#          its own
#   media  the same build with --videos --news-name Bench: every page read
#          whole, its JSON-LD read, its video entries and the news sitemap
#          written, into another folder
# Prints the medians and the ratio of the media build's wall time to the
# default build's. Where the kernel trims the page cache, keep the sites
# in memory: BENCH_DIR=/dev/shm/sgbench bench/media.sh (see bench/run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
pages=${1:-100000}
runs=${2:-10}
. bench/lib.sh
bench_tools
work=$base/sitemapgen-site-$pages
gen_site "$work" "$pages"
site=$work/site-media
if [[ ! -d $site ]]; then
  echo "copying the site with structured data into $site ..."
  cp -a "$work/site" "$site.tmp"
  python3 - "$site.tmp" <<'PY'
import datetime, json, os, sys
now = datetime.datetime.now(datetime.timezone.utc)
n = 0
for dirpath, _, names in sorted(os.walk(sys.argv[1])):
    for name in sorted(names):
        if not name.endswith(".html"):
            continue
        p = os.path.join(dirpath, name)
        with open(p, encoding="utf-8", errors="surrogateescape") as f:
            s = f.read()
        if "</head>" not in s:
            continue
        n += 1
        hours = 1 + n % 40 if n % 5 == 0 else 60 + n % 1000
        article = {
            "@context": "https://schema.org", "@type": "NewsArticle",
            "headline": "Article %d: what the numbers say about the \"week\" & after" % n,
            "datePublished": (now - datetime.timedelta(hours=hours)).isoformat(timespec="seconds"),
            "inLanguage": "en-GB",
            "author": [{"@type": "Person", "name": "A. Writer", "url": "https://example.com/authors/a/"}],
            "publisher": {"@type": "Organization", "name": "Bench", "logo": {"@type": "ImageObject", "url": "https://example.com/logo.png"}},
            "image": ["https://example.com/images/%d-1x1.jpg" % n, "https://example.com/images/%d-16x9.jpg" % n],
        }
        s = s.replace("</head>", '<script type="application/ld+json">' + json.dumps(article) + "</script>\n</head>", 1)
        if n % 10 == 0:
            video = {
                "@context": "https://schema.org", "@type": "VideoObject",
                "name": "Clip %d" % n, "description": "The clip of article %d, in full." % n,
                "thumbnailUrl": ["/media/%d.jpg" % n], "contentUrl": "/media/%d.mp4" % n,
                "embedUrl": "https://example.com/player/%d" % n, "duration": "PT%dM%dS" % (1 + n % 9, n % 60),
                "uploadDate": (now - datetime.timedelta(hours=hours)).isoformat(timespec="seconds"),
            }
            s = s.replace("</body>", '<script type="application/ld+json">' + json.dumps(video) + "</script>\n</body>", 1)
        st = os.stat(p)
        with open(p, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(s)
        os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))
PY
  mv "$site.tmp" "$site"
fi
tmp=$(mktemp -d "$base/sitemapgen-bench-media.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/sitemapgen" .
url=https://example.com/
echo "sitemapgen $("$tmp/sitemapgen" version | cut -d' ' -f2-), $pages pages, $(nproc) CPUs"
"$tmp/sitemapgen" --videos --news-name Bench --base-url "$url" --out "$tmp/media" "$site" 2>&1 | tail -1
echo "video entries: $(cat "$tmp"/media/sitemap*.xml | grep -c '<video:video>' || true), news entries: $(cat "$tmp"/media/sitemap-news*.xml 2>/dev/null | grep -c '<news:news>' || true)"
"$bin/checksitemaps" "$tmp/media" | tail -1 | sed 's/^/checksitemaps: /'
python3 bench/measure.py --runs "$runs" --warmup 1 \
  "build=$tmp/sitemapgen --quiet --base-url $url --out $tmp/build $site" \
  "media=$tmp/sitemapgen --quiet --videos --news-name Bench --base-url $url --out $tmp/media $site"
