package e2e

import (
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

// TestNextServer runs plain sitemapgen in testdata/next-server, a Next.js
// 16 app built by plain `next build` (no output: 'export'; basePath
// '/shop', trailingSlash: true) whose build output is committed (of
// .next/, its manifests and prerendered HTML; rebuild.sh makes them
// again), with the sitemap next-sitemap 4 wrote from the same build in
// public/. App router: static pages, generateStaticParams, an ISR page
// (revalidate), redirect(), notFound(), a noindex page, a page read from
// the request and a dynamic route with no generateStaticParams; pages
// router: getStaticProps, getStaticPaths (one path notFound), an
// automatically static page and a dynamic route with fallback:
// 'blocking' and no path. Every prerendered page is listed at the URL
// Next.js serves, none of the redirect, notFound, noindex and error
// pages; each route served on demand is named in a warning once; the
// sitemaps go to public/, next-sitemap's replaced; each page with a page
// file of its own is dated by its last commit, and so is each page of a
// dynamic route whose code makes it from literals (issue 67).
func TestNextServer(t *testing.T) {
	src := nextServerApp(t)
	commitHistory(t, src, "2024-01-01T00:00:00Z *", "2024-02-03T10:00:00Z app/about/page.js", "2024-03-04T00:00:00Z pages/legal.js")
	public := filepath.Join(src, "public")
	const base = "https://example.com/shop/"

	// What next-sitemap wrote from the same build.
	theirs := slices.Sorted(maps.Keys(peerSet(t, public, base, "sitemap.xml")))
	if len(theirs) != 12 {
		t.Fatalf("next-sitemap listed %d URLs, the fixture's build 12: %q", len(theirs), theirs)
	}

	r := mustRun(t, src, "--verbose") // the base URL: next-sitemap.config.js siteUrl
	entries, _, err := sitemaptest.URLs(public, base)
	if err != nil {
		t.Fatal(err)
	}
	var ours, locs []string
	for _, e := range entries {
		ours = append(ours, e.Loc+" "+e.LastMod)
		locs = append(locs, e.Loc)
	}
	want := []string{
		base + " 2024-01-01T00:00:00Z",
		base + "about/ 2024-02-03T10:00:00Z",
		// A route's pages made from literals in its own code: the
		// route's date (issue 67).
		base + "blog/hello-world/ 2024-01-01T00:00:00Z",
		base + "blog/second-post/ 2024-01-01T00:00:00Z",
		base + "docs/install/ 2024-01-01T00:00:00Z",
		base + "docs/usage/ 2024-01-01T00:00:00Z",
		base + "legal/ 2024-03-04T00:00:00Z",
		base + "news/ 2024-01-01T00:00:00Z", // ISR
		base + "plain/ 2024-01-01T00:00:00Z",
	}
	if !slices.Equal(ours, want) {
		t.Errorf("listed\n%q\nwant\n%q", ours, want)
	}
	// next-sitemap lists the same pages, and the redirect(), notFound()
	// and noindex ones, which are no pages to list.
	notPages := []string{base + "gone/", base + "old/", base + "secret/"}
	if got, want := slices.Sorted(slices.Values(append(slices.Clone(locs), notPages...))), theirs; !slices.Equal(got, want) {
		t.Errorf("ours and the three that are no pages:\n%q\nnext-sitemap's:\n%q", got, want)
	}
	checkServerRun(t, src, r.stderr, []string{
		"site .next/server (Next.js (next.config.mjs)); base URL " + base + " from next-sitemap.config.js siteUrl; Next.js URL style (folders with /; from next.config.mjs); sources app, pages (Next.js)",
		".next/server/app/old.html: skipped: redirect (Next.js redirect() to ",
		".next/server/app/secret.html: skipped: noindex",
		".next/server/app/gone.html: skipped: noindex",
		"replaced Next.js's own sitemap at its URL with one that leads to ours, for search engines given it: sitemap-0.xml",
		"12 pages found, 9 URLs in 2 sitemap files written to public; skipped 3 (2 noindex, 1 redirect)",
	}, []string{
		"app-path-routes-manifest.json: warning: /account is rendered on each request, not prerendered",
		"app-path-routes-manifest.json: warning: /products/[id] is rendered on demand and has no page prerendered",
		"pages-manifest.json: warning: /wiki/[slug] is rendered on demand and has no page prerendered",
	}, []string{"/blog/[slug]", "/docs/[slug]", "/_not-found", "/_global-error", "/api"})
	if _, err := os.Stat(filepath.Join(src, ".next", "server", "sitemap.xml")); err == nil {
		t.Errorf("a sitemap written into the build folder, which Next.js does not serve")
	}
	sitemaptest.MustValidate(t, public)

	// sitemapgen init carries next-sitemap's options over in the server
	// build's terms: a route's page is app/ROUTE.html or pages/ROUTE.html,
	// the sitemaps go to public/ (its outDir).
	conf := "module.exports = { siteUrl: 'https://example.com/shop', output: 'standalone', outDir: './public', exclude: ['/legal', '/docs/*'] };\n"
	if err := os.WriteFile(filepath.Join(src, "next-sitemap.config.js"), []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	r = mustRun(t, src, "init")
	if !strings.Contains(r.stderr, "carried over 2 settings of next-sitemap (next-sitemap.config.js): base_url, exclude") || strings.Contains(r.stderr, "warning:") {
		t.Errorf("init:\n%s", r.stderr)
	}
	yaml, err := os.ReadFile(filepath.Join(src, "sitemap.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(yaml), "exclude:\n  - '{app,pages}/legal.html'\n  - '{app,pages}/docs/*/**'\n") {
		t.Errorf("init's sitemap.yaml:\n%s", yaml)
	}
	r = mustRun(t, src)
	if !strings.Contains(r.stderr, "9 pages found, 6 URLs") {
		t.Errorf("with init's exclude:\n%s", r.stderr)
	}

	// robots.txt is served from public/, as the sitemaps are: under
	// basePath, where crawlers never read it, and said so.
	if err := os.WriteFile(filepath.Join(public, "robots.txt"), []byte("User-agent: *\nDisallow: /shop/plain/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = mustRun(t, src, "--verbose")
	if !strings.Contains(r.stderr, "robots.txt: not read for its rules: served at https://example.com/shop/robots.txt, where crawlers never read it") {
		t.Errorf("with public/robots.txt under basePath:\n%s", r.stderr)
	}

	// audit follows links as a static host serves files, which a server
	// build's pages are not: refused, not misjudged as links to 404s.
	r = run(t, src, nil, "audit")
	if r.code != 2 || !strings.Contains(r.stderr, "is a server build's (Next.js without output: 'export'), whose pages no file serves at their URLs: audit a static export instead") {
		t.Errorf("audit: exit %d\n%s", r.code, r.stderr)
	}
}

// TestNextServerExtraURLs runs sitemapgen in testdata/next-server with
// --extra-urls listing the pages of /products/[id], a route the build
// renders on demand: those URLs are listed, and the warning that the
// sitemap lists no URL of the route, and its hint to --extra-urls, are
// gone, so that a run that gives every route's URLs warns of nothing.
// The routes no extra URL is a page of are still named: /wiki/[slug]
// (/shop/wiki/ is no page of it) and /account, until a URL of it is
// listed too.
func TestNextServerExtraURLs(t *testing.T) {
	src := nextServerApp(t)
	const base = "https://example.com/shop/"
	extra := filepath.Join(src, "extra-urls.txt")
	lines := []string{base + "products/1/", base + "products/2/", base + "products/3/", base + "wiki/"}
	if err := os.WriteFile(extra, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := mustRun(t, src, "--extra-urls", extra)
	entries, _, err := sitemaptest.URLs(filepath.Join(src, "public"), base)
	if err != nil {
		t.Fatal(err)
	}
	var locs []string
	for _, e := range entries {
		locs = append(locs, e.Loc)
	}
	for _, l := range lines {
		if !slices.Contains(locs, l) {
			t.Errorf("%s not listed: %q", l, locs)
		}
	}
	checkServerRun(t, src, r.stderr, nil, []string{
		"app-path-routes-manifest.json: warning: /account is rendered on each request, not prerendered",
		"pages-manifest.json: warning: /wiki/[slug] is rendered on demand and has no page prerendered",
	}, []string{"/products/[id]"})

	// Every route's URLs given: no route is warned of.
	lines = append(lines, base+"account/", base+"wiki/home/")
	if err := os.WriteFile(extra, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = mustRun(t, src, "--extra-urls", extra)
	if strings.Contains(r.stderr, "rendered on") || strings.Contains(r.stderr, "--extra-urls") {
		t.Errorf("every route's URLs given, the run still warns of one:\n%s", r.stderr)
	}
}

// TestNextServerOwnFilesUnserved runs sitemapgen in testdata/next-server,
// committed with the .gitignore a Next.js project has (/.next/) and the
// sitemaps' line docs/configuration.md gives: the sitemaps go to public/,
// which Next.js serves as it is, and sitemapgen's own files (its record
// of what it wrote) go to .next/cache/sitemapgen/, which nothing serves,
// git ignores and `next build` keeps; the work tree has nothing new to
// commit; so are the dates of next-sitemap's sitemap it replaced, in a
// run not joined to the sources. The record is read there on the next
// run: a set written in an index and two files, then in one file, has
// the two removed.
func TestNextServerOwnFilesUnserved(t *testing.T) {
	src := nextServerApp(t)
	commitHistory(t, src, "2024-01-01T00:00:00Z *")
	public := filepath.Join(src, "public")
	own := func() []string {
		t.Helper()
		entries, err := os.ReadDir(public)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".") {
				names = append(names, e.Name())
			}
		}
		return names
	}
	// Unjoined (--source none), next-sitemap's sitemap is read before
	// ours replaces it, and its dates kept for the next runs.
	mustRun(t, src, "--source", "none")
	if names := own(); len(names) > 0 {
		t.Errorf("sitemapgen's own files in public/, which Next.js serves: %q", names)
	}
	for _, name := range []string{".sitemapgen-files", ".sitemapgen-generator-lastmod"} {
		if _, err := os.Stat(filepath.Join(src, ".next", "cache", "sitemapgen", name)); err != nil {
			t.Errorf("not kept where nothing serves it: %v", err)
		}
	}
	mustRun(t, src, "--max-urls", "5")
	cmd := exec.Command("git", "status", "--porcelain", "--untracked-files=all")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
		t.Errorf("git status after the run (want nothing to commit): %v\n%s", err, out)
	}
	shards := func() []string {
		t.Helper()
		// Our shards, numbered from 1: sitemap-0.xml is next-sitemap's,
		// which answers with an index of ours (issue 87).
		m, err := filepath.Glob(filepath.Join(public, "sitemap-[1-9]*.xml"))
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	if n := len(shards()); n != 2 {
		t.Fatalf("9 URLs, 5 a file: %d files beside the index, want 2", n)
	}

	// The record read there: the next run removes the file it no
	// longer writes.
	r := mustRun(t, src)
	if m := shards(); len(m) > 0 {
		t.Errorf("the files the record lists and the run no longer writes are still there: %q\n%s", m, r.stderr)
	}
	if names := own(); len(names) > 0 {
		t.Errorf("sitemapgen's own files in public/: %q", names)
	}
}

// TestNextServerPagesSSR: a page of the pages router with
// getServerSideProps and no route parameter (pages/dashboard.js), a
// single URL the server renders at each request, is named in a warning
// as the app router's /account is (a page that reads the request), and
// listed once --extra-urls gives its URL (issue 68, item 6: it was so
// already). The fixture's build is testdata/next-server's, with the
// page's entry of server/pages-manifest.json as next build (Next.js 16)
// writes it for such a page, "/dashboard": "pages/dashboard.js", and no
// prerendered page of it.
func TestNextServerPagesSSR(t *testing.T) {
	src := nextServerApp(t)
	write(t, filepath.Join(src, "pages", "dashboard.js"), "export async function getServerSideProps() { return { props: { at: 'dashboard' } }; }\nexport default function Dashboard({ at }) { return <h1>{at}</h1>; }\n")
	manifest := filepath.Join(src, ".next", "server", "pages-manifest.json")
	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	write(t, manifest, strings.Replace(string(data), `  "/legal": "pages/legal.js",`, `  "/dashboard": "pages/dashboard.js",`+"\n"+`  "/legal": "pages/legal.js",`, 1))
	const base = "https://example.com/shop/"
	r := mustRun(t, src)
	checkServerRun(t, src, r.stderr, nil, []string{
		"app-path-routes-manifest.json: warning: /account is rendered on each request, not prerendered",
		"pages-manifest.json: warning: /dashboard is rendered on each request, not prerendered",
		"app-path-routes-manifest.json: warning: /products/[id] is rendered on demand and has no page prerendered",
		"pages-manifest.json: warning: /wiki/[slug] is rendered on demand and has no page prerendered",
	}, nil)
	extra := filepath.Join(src, "extra-urls.txt")
	write(t, extra, base+"dashboard/\n")
	r = mustRun(t, src, "--extra-urls", extra)
	if strings.Contains(r.stderr, "/dashboard is rendered") {
		t.Errorf("its URL given, the run still warns of /dashboard:\n%s", r.stderr)
	}
	if ours := locs(t, filepath.Join(src, "public", "sitemap.xml")); !slices.Contains(ours, base+"dashboard/") {
		t.Errorf("%sdashboard/ not listed: %q", base, ours)
	}
}

// nextServerApp copies testdata/next-server to a new folder, with the
// .gitignore of a Next.js project whose sitemaps are made at each build
// (the build and the sitemaps ignored), and returns it. It skips the
// test when git is not installed (./test.sh installs it).
func nextServerApp(t *testing.T) string {
	t.Helper()
	needTool(t, "git")
	src := filepath.Join(t.TempDir(), "next-app")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "next-server"))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, ".gitignore"), []byte("/.next/\n/public/sitemap*.xml\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return src
}

// TestNextServerIndexExtraValidateDiff: a Next.js server build whose
// index lists another application's sitemap (index.extra: next-sitemap's
// additionalSitemaps carried over), with sitemapgen's record kept in
// .next/cache/sitemapgen, not in public/: validate and diff of public/
// read the record there, as the build keeps it, and take the entry for
// index.extra's, not for a missing file (review, issue 70).
func TestNextServerIndexExtraValidateDiff(t *testing.T) {
	src := nextServerApp(t)
	commitHistory(t, src, "2024-01-01T00:00:00Z *")
	write(t, filepath.Join(src, "sitemap.yaml"), "max_urls: 5\nindex:\n  extra: [https://example.com/shop/server-sitemap.xml]\n")
	mustRun(t, src)
	public := filepath.Join(src, "public")
	if _, err := os.Stat(filepath.Join(src, ".next", "cache", "sitemapgen", ".sitemapgen-files")); err != nil {
		t.Fatalf("the record not kept where nothing serves it: %v", err)
	}
	if entries := fileLocs(t, filepath.Join(public, "sitemap.xml")); !slices.Contains(entries, "https://example.com/shop/server-sitemap.xml") {
		t.Fatalf("the index lists %q: want index.extra's entry", entries)
	}
	if r := run(t, src, nil, "validate", "public"); r.code != 0 {
		t.Errorf("validate public: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	// The base branch's build, as the Action's compare-with gives it:
	// its public/, its record in its own .next/cache/sitemapgen.
	base := filepath.Join(t.TempDir(), "base")
	if err := os.CopyFS(base, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	old := filepath.Join(base, "public")
	if r := run(t, src, nil, "diff", old, "public"); r.code != 0 {
		t.Errorf("diff of a set and its copy: exit %d, want 0\n%s%s", r.code, r.stdout, r.stderr)
	}
	mustRun(t, src, "--max-urls", "3")
	if r := run(t, src, nil, "diff", old, "public"); r.code != 0 && r.code != 1 {
		t.Errorf("diff of two sets: exit %d, want 0 or 1\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// fileLocs returns the locs the sitemap file at p lists, in order.
func fileLocs(t *testing.T, p string) []string {
	t.Helper()
	f, err := sitemaptest.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var locs []string
	for _, e := range f.Entries {
		locs = append(locs, e.Loc)
	}
	return locs
}

// TestNextServerRecordLinkOut: a pull request that commits .next/cache,
// or .next/cache/sitemapgen, as a link to a folder outside the project
// would have a server build write sitemapgen's record there. The build
// refuses, naming the folder and where it leads, and writes nothing
// outside the project (issue 89).
func TestNextServerRecordLinkOut(t *testing.T) {
	for _, link := range []string{".next/cache/sitemapgen", ".next/cache"} {
		t.Run(link, func(t *testing.T) {
			src := nextServerApp(t)
			commitHistory(t, src, "2024-01-01T00:00:00Z *")
			outside := t.TempDir()
			at := filepath.Join(src, filepath.FromSlash(link))
			if err := os.MkdirAll(filepath.Dir(at), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(outside, at); err != nil {
				t.Fatal(err)
			}
			r := run(t, src, nil, "--base-url", "https://site.test/shop/")
			if r.code == 0 {
				t.Errorf("a build through the link: exit 0, want an error\n%s", r.stderr)
			}
			if !strings.Contains(r.stderr, "leads out of the project: to "+outside) || !strings.Contains(r.stderr, "remove the link") {
				t.Errorf("the error does not name where the record folder leads:\n%s", r.stderr)
			}
			if entries, err := os.ReadDir(outside); err != nil || len(entries) != 0 {
				t.Errorf("written outside the project: %v (%v)", entries, err)
			}
		})
	}
}
