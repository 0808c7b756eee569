#!/usr/bin/env python3
"""linear.py: whether each reader of a hostile input costs CPU in
proportion to it (issue 99).

Usage: linear.py [--runs N] [--n N] [--max-ratio R] [--only CASE] BIN WORK

For each case below, writes a project into WORK at three sizes: none of
the hostile input (the start-up: reading the project, the walk), size n
and size 10n, and runs BIN (sitemapgen) with --dry-run in it N times
(default 5), taking the median of its user and system CPU seconds
(getrusage of the child). Prints, per case, the CPU of each size and
the ratio (cpu(10n) - cpu(0)) / (cpu(n) - cpu(0)): ten times the input
should cost at most R times (default 12) the CPU, start-up aside. Exits
1 when a ratio is past R, or a run fails. n is 10 unless --n says
(a smoke test runs at 1); at 10, the sizes are around those issue 99
timed (its slugs of 1 MB, 32,000 cuts, 40,000 tags, 80,000
taxonomies, 50,000 formats, 60,000 variables). The cases:

  hugo-permalink      :slug drawn 5n times in [permalinks], 20 pages of a
                      slug of 9n KB (the expansion stops at 2,048 bytes)
  jekyll-permalink    the same in posts' permalinks
  pelican-permalink   the same in ARTICLE_SAVE_AS
  eleventy-permalink  {{ title }} drawn 5n times in permalinks, the same
  next-cuts           a list page's callback of 1,400n .slice(0, 10)
  hugo-tags           20 pages of 400n tags each
  hugo-taxonomies     a [taxonomies] table of 2,000n entries
  eleventy-formats    2,000n templateFormats, 100 sources
  eleventy-vars       a data file's permalink of 3,000n variables

Each larger size stays within the bounds of what is read (a front
matter's 1 MiB, a settings file's 4 MiB, a JavaScript file's 1,048,576
tokens), so that it is read whole, as the smaller is.
"""
import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys

PAGE = "<!doctype html><html><head><title>x</title></head><body><p>x</p></body></html>\n"


def write(root, rel, text):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def permalink_case(d, n, unit, config, page, built):
    """A project whose permalink rule (unit drawn 5n times, in config)
    takes a value of 9n KB from each of 20 pages (page, by name)."""
    pattern = unit * (5 * n) if n else unit
    write(d, *config(pattern))
    for p in (f"p{i}" for i in range(20)):
        write(d, *page(p, p + "s" * (9 * 1024 * n), pattern))
    write(d, built, PAGE)


def hugo_permalink(d, n):
    permalink_case(d, n, "/:slug",
                   lambda pat: ("hugo.toml", 'baseURL = "https://example.com/"\n[permalinks]\nposts = "%s"\n' % pat),
                   lambda p, slug, pat: (f"content/posts/{p}.md", f"---\ntitle: {p}\nslug: {slug}\n---\nx\n"),
                   "public/index.html")


def jekyll_permalink(d, n):
    permalink_case(d, n, "/:slug",
                   lambda pat: ("_config.yml", "url: https://example.com\n"),
                   lambda p, slug, pat: (f"_posts/2024-01-02-{p}.md", f"---\ntitle: {p}\npermalink: {pat}\nslug: {slug}\n---\nx\n"),
                   "_site/index.html")


def pelican_permalink(d, n):
    permalink_case(d, n, "{slug}/",
                   lambda pat: ("pelicanconf.py", 'SITEURL = "https://example.com"\nARTICLE_SAVE_AS = "%sindex.html"\n' % pat),
                   lambda p, slug, pat: (f"content/{p}.md", f"Title: {p}\nDate: 2024-01-02\nSlug: {slug}\n\nx\n"),
                   "output/index.html")


def eleventy_project(d):
    write(d, "package.json", json.dumps({"name": "x", "type": "module", "dependencies": {"@11ty/eleventy": "3.1.8"}}))
    write(d, "_site/index.html", PAGE)


def eleventy_permalink(d, n):
    uses, title = 5 * n, "t" * (9 * 1024 * n)
    eleventy_project(d)
    write(d, "eleventy.config.js", "export default function (c) {}\n")
    for p in (f"p{i}" for i in range(20)):
        write(d, f"{p}.md", "---\ntitle: %s%s\npermalink: \"%s/\"\n---\nx\n" % (p, title, "/{{ title }}" * uses))


def next_cuts(d, n):
    write(d, "package.json", json.dumps({"name": "x", "dependencies": {"next": "14.2.0"}}))
    write(d, "next.config.js", "module.exports = { output: 'export' }\n")
    write(d, "pages/index.js", "import fs from 'fs'\nimport path from 'path'\n"
          "export async function getStaticProps() {\n"
          "  const xs = fs.readdirSync(path.join(process.cwd(), 'posts')).map((f) => ({ name: f.replace(/\\.md$/, ''), date: '' }))\n"
          "  const days = xs.map((p) => p.date" + ".slice(0, 10)" * (1400 * n) + ")\n"
          "  return { props: { xs, days } }\n}\nexport default function Home() { return null }\n")
    write(d, "pages/posts/[slug].js", "import fs from 'fs'\nimport path from 'path'\n"
          "export async function getStaticPaths() {\n"
          "  const xs = fs.readdirSync(path.join(process.cwd(), 'posts')).map((f) => f.replace(/\\.md$/, ''))\n"
          "  return { paths: xs.map((slug) => ({ params: { slug } })), fallback: false }\n}\n"
          "export async function getStaticProps({ params }) {\n"
          "  return { props: { raw: fs.readFileSync(path.join(process.cwd(), 'posts', params.slug + '.md'), 'utf8') } }\n}\n"
          "export default function Post() { return null }\n")
    write(d, "posts/a.md", "---\ndate: 2024-01-01\n---\nx\n")
    write(d, "out/index.html", PAGE)
    write(d, "out/posts/a.html", PAGE)


def hugo_tags(d, n):
    write(d, "hugo.toml", 'baseURL = "https://example.com/"\n')
    for p in range(20):
        tags = ", ".join('"t%d-%d"' % (p, i) for i in range(400 * n))
        write(d, f"content/posts/p{p}.md", f"---\ntitle: p{p}\ndate: 2024-01-01\ntags: [{tags}]\n---\nx\n")
        write(d, f"public/posts/p{p}/index.html", PAGE)
    write(d, "public/index.html", PAGE)


def hugo_taxonomies(d, n):
    table = "".join('t%d = "t%ds"\n' % (i, i) for i in range(2000 * n))
    write(d, "hugo.toml", 'baseURL = "https://example.com/"\n[taxonomies]\n' + table)
    write(d, "content/posts/a.md", "---\ntitle: a\ndate: 2024-01-01\n---\nx\n")
    write(d, "public/posts/a/index.html", PAGE)
    write(d, "public/index.html", PAGE)


def eleventy_formats(d, n):
    eleventy_project(d)
    formats = "".join('"f%d", ' % i for i in range(2000 * n))
    write(d, "eleventy.config.js", "export default function (c) {\n  return { templateFormats: [%s\"md\"] };\n}\n" % formats)
    for i in range(100):
        write(d, f"p{i}.md", f"---\ntitle: p{i}\ndate: 2024-01-01\n---\nx\n")
        write(d, f"_site/p{i}/index.html", PAGE)


def eleventy_vars(d, n):
    eleventy_project(d)
    write(d, "eleventy.config.js", "export default function (c) {}\n")
    permalink = "/" + "".join("{{ v%d }}" % i for i in range(3000 * n)) + "/" if n else "/{{ page.fileSlug }}/"
    write(d, "blog/blog.json", json.dumps({"permalink": permalink}))
    write(d, "blog/a.md", "---\ntitle: a\n---\nx\n")
    write(d, "_site/blog/a/index.html", PAGE)


CASES = {
    "hugo-permalink": hugo_permalink,
    "jekyll-permalink": jekyll_permalink,
    "pelican-permalink": pelican_permalink,
    "eleventy-permalink": eleventy_permalink,
    "next-cuts": next_cuts,
    "hugo-tags": hugo_tags,
    "hugo-taxonomies": hugo_taxonomies,
    "eleventy-formats": eleventy_formats,
    "eleventy-vars": eleventy_vars,
}


def cpu(binary, d, runs):
    """The median user+system CPU seconds of runs of binary in d."""
    out = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        proc = subprocess.run([binary, "--dry-run", "--quiet", "--base-url", "https://example.com/"],
                              cwd=d, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if proc.returncode != 0:
            sys.exit(f"linear.py: sitemapgen in {d} exited {proc.returncode}:\n{proc.stderr.decode(errors='replace')[:2000]}")
        out.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--n", type=int, default=10)
    ap.add_argument("--max-ratio", type=float, default=12)
    ap.add_argument("--only", action="append", choices=sorted(CASES))
    ap.add_argument("binary")
    ap.add_argument("work")
    a = ap.parse_args()
    binary = os.path.abspath(a.binary)
    failed = False
    print(f"{'case':20} {'start-up':>9} {'n':>9} {'10n':>9} {'ratio':>6}")
    for name, make in CASES.items():
        if a.only and name not in a.only:
            continue
        times = []
        for size in (0, a.n, 10 * a.n):
            d = os.path.join(a.work, f"{name}-{size}")
            shutil.rmtree(d, ignore_errors=True)
            make(d, size)
            times.append(cpu(binary, d, a.runs))
            shutil.rmtree(d)
        base, small, big = times
        ratio = (big - base) / max(small - base, 1e-3)
        bad = ratio > a.max_ratio
        failed |= bad
        print(f"{name:20} {base:8.3f}s {small:8.3f}s {big:8.3f}s {ratio:6.1f}{'  past ' + str(a.max_ratio) if bad else ''}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
