package e2e

// The switch from the sitemap tools of the JavaScript world that no host
// build runs for sitemapgen (next-sitemap, static-sitemap-cli), as their
// users make it: the peer's output recorded, sitemapgen init carrying
// its options over, the peer removed as its README added it, plain
// sitemapgen run, and the two compared URL by URL.

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// peerURL is what a sitemap says of one URL, as the comparisons read it.
type peerURL struct {
	changefreq, priority string
	alternates           []string // "LANG HREF", sorted
}

// peerSet reads the URLs the sitemap file name of dir leads to (a urlset,
// or the urlsets its index lists, files of dir at their URLs under
// base), by their loc: the home page's as base, with its slash (its URL
// with or without one is the same, RFC 3986 6.2.3).
func peerSet(t *testing.T, dir, base, name string) map[string]peerURL {
	t.Helper()
	set := map[string]peerURL{}
	for _, rel := range setFiles(t, dir, base, name) {
		s, err := sitemaptest.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatalf("%s lists %s: %v", name, rel, err)
		}
		for _, e := range s.Entries {
			u := peerURL{changefreq: e.ChangeFreq, priority: e.Priority}
			for _, l := range e.Links {
				href := l.Href
				if href+"/" == base {
					href = base // the home page, as next-sitemap writes it
				}
				u.alternates = append(u.alternates, l.Hreflang+" "+href)
			}
			slices.Sort(u.alternates)
			loc := e.Loc
			if loc+"/" == base {
				loc = base
			}
			set[loc] = u
		}
	}
	return set
}

// sameURLs says each URL the peer listed (theirs) that we do not
// (ours), and each we list that it did not.
func sameURLs(t *testing.T, peer string, theirs, ours map[string]peerURL) {
	t.Helper()
	for loc := range theirs {
		if _, ok := ours[loc]; !ok {
			t.Errorf("%s lists %s; we do not", peer, loc)
		}
	}
	for loc := range ours {
		if _, ok := theirs[loc]; !ok {
			t.Errorf("we list %s; %s does not", loc, peer)
		}
	}
}

// sameAsPeer is sameURLs, and each URL of both with the changefreq and
// priority the peer wrote (a priority compared as a number, a missing
// one as the protocol's default, 0.5).
func sameAsPeer(t *testing.T, peer string, theirs, ours map[string]peerURL) {
	t.Helper()
	sameURLs(t, peer, theirs, ours)
	priority := func(s string) string {
		if s == "" {
			return "0.5"
		}
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return strconv.FormatFloat(f, 'f', -1, 64)
		}
		return s
	}
	for loc, u := range theirs {
		if got, ok := ours[loc]; ok && (got.changefreq != u.changefreq || priority(got.priority) != priority(u.priority)) {
			t.Errorf("%s: changefreq %q, priority %q; %s's %q, %q", loc, got.changefreq, got.priority, peer, u.changefreq, u.priority)
		}
	}
}

// switchedBuild builds the site folder site of the project src again
// with the host's CLI (name args), the peer's plugin gone from its
// configuration, and fails t if the build wrote a sitemap.xml there; it
// then runs plain sitemapgen in src, which must not warn, and returns the
// URLs of ours (under base) as peerSet reads them.
func switchedBuild(t *testing.T, src, site, base, name string, args ...string) map[string]peerURL {
	t.Helper()
	if err := os.RemoveAll(site); err != nil {
		t.Fatal(err)
	}
	mustBuild(t, src, name, args...)
	if _, err := os.Stat(filepath.Join(site, "sitemap.xml")); !os.IsNotExist(err) {
		t.Fatalf("the premise: %s without its sitemap plugin writes a sitemap.xml (%v)", name, err)
	}
	if r := mustRun(t, src); strings.Contains(r.stderr, "warning:") {
		t.Errorf("the build warns:\n%s", r.stderr)
	}
	return peerSet(t, site, base, "sitemap.xml")
}

// setFiles returns the urlsets the sitemap file name of dir leads to,
// relative to dir: name itself, or the files its index lists, at their
// URLs under base.
func setFiles(t *testing.T, dir, base, name string) []string {
	t.Helper()
	f, err := sitemaptest.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	if f.Root != "sitemapindex" {
		return []string{name}
	}
	var files []string
	for _, e := range f.Entries {
		rel, ok := strings.CutPrefix(e.Loc, base)
		if !ok {
			t.Fatalf("%s lists %s, not under %s", name, e.Loc, base)
		}
		files = append(files, rel)
	}
	return files
}

// editPackageJSON rewrites dir's package.json with edit.
func editPackageJSON(t *testing.T, dir string, edit func(p map[string]any)) {
	t.Helper()
	file := filepath.Join(dir, "package.json")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var p map[string]any
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatal(err)
	}
	edit(p)
	if data, err = json.MarshalIndent(p, "", "  "); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// robotsSitemaps returns the Sitemap: lines of dir's robots.txt.
func robotsSitemaps(t *testing.T, dir string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "robots.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, ln := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(ln, "Sitemap: "); ok {
			out = append(out, strings.TrimSpace(v))
		}
	}
	return out
}

// TestNextSitemapSwitch switches testdata/next-sitemap, a Next.js 16
// static export whose postbuild script ran next-sitemap 4 as its README
// says (output: 'export', changefreq, priority, sitemapSize, exclude,
// alternateRefs, generateRobotsTxt, sitemapBaseFileName), both builds'
// files committed (rebuild.sh makes them again), to sitemapgen:
// sitemapgen init carries the options over, next-sitemap and its
// configuration are removed, out/ is what next build leaves (it empties
// the folder: none of next-sitemap's files), and plain sitemapgen runs.
// Every URL next-sitemap listed that is a page is listed (its redirect()
// and notFound() pages are not), with its changefreq and priority, no
// file past sitemapSize URLs, at the URL it published, site-map.xml,
// which robots.txt names, and each of its parts, site-map-0.xml to
// site-map-2.xml, answers with an index of ours, at that run and the
// next; excluded pages stay out. Its alternateRefs are carried over as
// locales.
func TestNextSitemapSwitch(t *testing.T) {
	needTool(t, "git")
	src := filepath.Join(t.TempDir(), "next-site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "next-sitemap"))); err != nil {
		t.Fatal(err)
	}
	commitHistory(t, src, "2024-01-01T00:00:00Z *")
	out := filepath.Join(src, "out")
	const base = "https://example.com/"

	// What next-sitemap wrote.
	theirs := peerSet(t, out, base, "site-map.xml")
	if got, want := robotsSitemaps(t, out), []string{base + "site-map.xml"}; !slices.Equal(got, want) {
		t.Fatalf("next-sitemap's robots.txt names %q, want %q", got, want)
	}
	var alts []string
	for loc, u := range theirs {
		for _, a := range u.alternates {
			alts = append(alts, loc+" "+a)
		}
	}
	if len(theirs) != 10 || len(alts) != 20 {
		t.Fatalf("next-sitemap listed %d URLs with %d alternates; the fixture's build lists 10 with 20", len(theirs), len(alts))
	}

	// Plain sitemapgen, next-sitemap still in the project: its index,
	// site-map.xml (sitemapBaseFileName), is ours, its parts go, every
	// URL of a page it listed is listed, and its alternateRefs' alternates
	// are read before its files go (the cluster checks then keep those
	// whose pages exist).
	take := filepath.Join(t.TempDir(), "take")
	if err := os.CopyFS(take, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	tr := mustRun(t, take)
	if !strings.Contains(tr.stderr, "site-map-0.xml, site-map-1.xml, site-map-2.xml") {
		t.Errorf("the takeover does not say it removed next-sitemap's parts:\n%s", tr.stderr)
	}
	taken := peerSet(t, filepath.Join(take, "out"), base, "site-map.xml")
	for loc := range theirs {
		if _, ok := taken[loc]; !ok && loc != base+"old" && loc != base+"gone" {
			t.Errorf("the takeover: next-sitemap lists %s; we do not", loc)
		}
	}
	for _, loc := range []string{base, base + "about"} {
		if got, want := taken[loc].alternates, theirs[loc].alternates; !slices.Equal(got, want) {
			t.Errorf("the takeover: %s has alternates %q; next-sitemap's %q", loc, got, want)
		}
	}
	for loc, u := range taken {
		for _, a := range u.alternates {
			if !slices.Contains(theirs[loc].alternates, a) {
				t.Errorf("the takeover: %s has alternate %q, which next-sitemap did not write", loc, a)
			}
		}
	}
	answers(t, filepath.Join(take, "out"), base, "site-map.xml", nil)

	// sitemapgen init, with next-sitemap still in the project.
	r := mustRun(t, src, "init")
	// alternateRefs, the site's URL and its fr/ folder, are locales by
	// folder.
	if want := "sitemapgen: carried over 9 settings of next-sitemap (next-sitemap.config.js): base_url, changefreq, priority, max_urls, exclude, locales, robots, filename, published_sitemaps\n"; !strings.Contains(r.stderr, want) {
		t.Errorf("init does not say %q:\n%s", want, r.stderr)
	}
	if n := strings.Count(r.stderr, "warning:"); n != 0 {
		t.Errorf("init warns %d times, want none:\n%s", n, r.stderr)
	}

	// Its robots.txt's policies and Host: line, which --robots does not
	// write, go into the site's own public/robots.txt (issue 98: the
	// Host: line was lost).
	if want := "sitemapgen: wrote public/robots.txt, the site's own robots.txt, with its rules and Sitemap: lines, where --robots adds ours (next-sitemap's generateRobotsTxt)\n"; !strings.Contains(r.stderr, want) {
		t.Errorf("init does not say %q:\n%s", want, r.stderr)
	}
	theirRobots, err := os.ReadFile(filepath.Join(out, "robots.txt"))
	if err != nil {
		t.Fatal(err)
	}

	// The switch: next-sitemap removed as its README added it, out/ as
	// next build leaves it: none of next-sitemap's files, and public/'s
	// files copied in (Next.js copies public/ into the export).
	for _, f := range []string{"next-sitemap.config.js", "out/site-map.xml", "out/site-map-0.xml", "out/site-map-1.xml", "out/site-map-2.xml", "out/robots.txt"} {
		if err := os.Remove(filepath.Join(src, f)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.CopyFS(out, os.DirFS(filepath.Join(src, "public"))); err != nil {
		t.Fatal(err)
	}
	editPackageJSON(t, src, func(p map[string]any) {
		delete(p["dependencies"].(map[string]any), "next-sitemap")
		p["scripts"].(map[string]any)["postbuild"] = "sitemapgen"
	})
	r = mustRun(t, src)
	if strings.Contains(r.stderr, "warning:") {
		t.Errorf("the build warns:\n%s", r.stderr)
	}

	ours := peerSet(t, out, base, "site-map.xml")
	notPages := []string{base + "old", base + "gone"} // redirect(), notFound()
	for loc, u := range theirs {
		got, ok := ours[loc]
		switch {
		case slices.Contains(notPages, loc):
			if ok {
				t.Errorf("we list %s, which is no page", loc)
			}
		case !ok:
			t.Errorf("next-sitemap lists %s; we do not", loc)
		case got.changefreq != u.changefreq || got.priority != u.priority:
			t.Errorf("%s: changefreq %q, priority %q; next-sitemap's %q, %q", loc, got.changefreq, got.priority, u.changefreq, u.priority)
		}
	}
	for loc := range ours {
		if _, ok := theirs[loc]; !ok {
			t.Errorf("we list %s; next-sitemap does not", loc)
		}
	}
	if len(ours) != len(theirs)-len(notPages) {
		t.Errorf("we list %d URLs, next-sitemap %d of pages", len(ours), len(theirs)-len(notPages))
	}
	// sitemapSize: at most 4 URLs a file.
	f, err := sitemaptest.ReadFile(filepath.Join(out, "site-map.xml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range f.Entries {
		s, err := sitemaptest.ReadFile(filepath.Join(out, strings.TrimPrefix(e.Loc, base)))
		if err != nil || len(s.Entries) > 4 {
			t.Errorf("%s: %v, %d URLs (sitemapSize is 4)", e.Loc, err, len(s.Entries))
		}
	}
	if got, want := robotsSitemaps(t, out), []string{base + "site-map.xml"}; !slices.Equal(got, want) {
		t.Errorf("robots.txt names %q, want %q", got, want)
	}
	ourRobots, err := os.ReadFile(filepath.Join(out, "robots.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(theirRobots)) {
		if strings.TrimSpace(line) != "" && !strings.HasPrefix(line, "#") && !strings.Contains(string(ourRobots), line) {
			t.Errorf("robots.txt lacks next-sitemap's line %q:\n%s", line, ourRobots)
		}
	}
	// Every part of next-sitemap's index answers, with an index of ours:
	// next build emptied out/, and init named them (published_sitemaps).
	parts := []string{"site-map-0.xml", "site-map-1.xml", "site-map-2.xml"}
	answers(t, out, base, "site-map.xml", parts)
	if !strings.Contains(r.stderr, "files that lead to ours: site-map-0.xml, site-map-1.xml, site-map-2.xml\n") {
		t.Errorf("the build does not say next-sitemap's parts answer:\n%s", r.stderr)
	}
	mustRun(t, src) // the next run writes them again
	answers(t, out, base, "site-map.xml", parts)
	// The alternates are the locales' that init carried over from
	// alternateRefs, each between pages that are there (next-sitemap gave
	// every URL both, /fr/about an fr alternate at /fr/fr/about too),
	// each page's own, and none of a page in one language only.
	want := map[string][]string{
		base:              {"en " + base, "fr " + base + "fr"},
		base + "fr":       {"en " + base, "fr " + base + "fr"},
		base + "about":    {"en " + base + "about", "fr " + base + "fr/about"},
		base + "fr/about": {"en " + base + "about", "fr " + base + "fr/about"},
	}
	for loc, u := range ours {
		if !slices.Equal(u.alternates, want[loc]) {
			t.Errorf("%s: alternates %q, want %q", loc, u.alternates, want[loc])
		}
	}
}

// runSSCLI runs the postbuild script of the sscli fixture's copy src,
// static-sitemap-cli, and returns the URLs of its site/sitemap.xml under
// base: the 7 pages of the fixture's site it lists.
func runSSCLI(t *testing.T, src, base string) map[string]peerURL {
	t.Helper()
	cmd := exec.Command("npm", "run", "--silent", "postbuild")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm run postbuild: %v\n%s", err, out)
	}
	theirs := peerSet(t, filepath.Join(src, "site"), base, "sitemap.xml")
	if len(theirs) != 7 {
		t.Fatalf("static-sitemap-cli listed %d URLs under %s; the fixture's site has 7 pages it lists: %v", len(theirs), base, theirs)
	}
	return theirs
}

// ssSwitch switches the copy of testdata/sscli in src as
// docs/migrating.md says: static-sitemap-cli's file of the site
// folder, name, goes (the build writes it no more), the package and its
// settings out of package.json, and the script that ran it runs
// sitemapgen, which runs.
func ssSwitch(t *testing.T, src, name string) {
	t.Helper()
	if err := os.Remove(filepath.Join(src, "site", name)); err != nil {
		t.Fatal(err)
	}
	editPackageJSON(t, src, func(p map[string]any) {
		delete(p["dependencies"].(map[string]any), "static-sitemap-cli")
		delete(p, "sscli")
		p["scripts"].(map[string]any)["postbuild"] = "sitemapgen"
	})
	mustRun(t, src)
}

// TestStaticSitemapCLISwitch runs static-sitemap-cli 2 (pinned in
// testdata/sscli's package-lock.json; ./test.sh installs it) as the
// fixture's postbuild script does, on its built site (noindex and 404
// pages, a folder it ignores, -c and -p pairs a later one of which
// overrides an earlier, -f xml), then switches: sitemapgen init reads the
// script, static-sitemap-cli is removed, and plain sitemapgen runs. The
// same URLs, clean and without a slash as static-sitemap-cli wrote them;
// each URL's changefreq and priority the same but where init says a page
// takes only the first matching rule's (a -c glob and another -p glob);
// the URL of the sitemap the same.
func TestStaticSitemapCLISwitch(t *testing.T) {
	needTool(t, "git")
	fixture := nodeFixture(t, "sscli")
	src := copyProject(t, fixture)
	commitHistory(t, src, "2024-01-01T00:00:00Z *")
	site := filepath.Join(src, "site")
	const base = "https://example.com/"

	theirs := runSSCLI(t, src, base)

	r := mustRun(t, src, "init")
	if want := "sitemapgen: carried over 7 settings of static-sitemap-cli (package.json:9): base_url, root, exclude, changefreq, rules, clean_urls, trailing_slash\n"; !strings.Contains(r.stderr, want) {
		t.Errorf("init does not say %q:\n%s", want, r.stderr)
	}
	const note = "package.json:9: warning: static-sitemap-cli's changefreq, priority are made rules, and the first rule that matches a page gives both its changefreq and its priority: a page that matches a -c glob and another -p glob takes only the first's; merge such rules in sitemap.yaml\n"
	if !strings.Contains(r.stderr, note) || strings.Count(r.stderr, "warning:") != 1 {
		t.Errorf("init does not warn once, at the pairs:\n%s", r.stderr)
	}

	ssSwitch(t, src, "sitemap.xml")
	ours := peerSet(t, site, base, "sitemap.xml")
	// blog/2024/second/index.html matches -c blog/2024/**,daily and -p
	// blog/**,0.6: the first rule, of the -c glob, gives no priority.
	noted := map[string]peerURL{base + "blog/2024/second": {changefreq: "daily"}}
	for loc, u := range theirs {
		got, ok := ours[loc]
		want := u
		if n, ok := noted[loc]; ok {
			want = n
		}
		switch {
		case !ok:
			t.Errorf("static-sitemap-cli lists %s; we do not", loc)
		case got.changefreq != want.changefreq || got.priority != want.priority:
			t.Errorf("%s: changefreq %q, priority %q; want %q, %q (static-sitemap-cli's %q, %q)", loc, got.changefreq, got.priority, want.changefreq, want.priority, u.changefreq, u.priority)
		}
	}
	for loc := range ours {
		if _, ok := theirs[loc]; !ok {
			t.Errorf("we list %s; static-sitemap-cli does not", loc)
		}
	}
	answers(t, site, base, "sitemap.xml", nil)
}

// TestStaticSitemapCLIBoth runs static-sitemap-cli 2 with its default
// format, "both": a sitemap.txt beside its sitemap.xml. Switched as
// docs/migrating.md says, with both files left in the site folder (a
// build that does not empty it), the first build exits 0 and writes over
// both: init carries text: true, and the leftover sitemap.txt lists
// exactly its sitemap.xml's URLs, so it is the peer's, not the site's
// own (before, the build failed: "no text sitemap written: the file is
// not one sitemapgen wrote"; issue 87).
func TestStaticSitemapCLIBoth(t *testing.T) {
	needTool(t, "git")
	src := copyProject(t, nodeFixture(t, "sscli"))
	editPackageJSON(t, src, func(p map[string]any) {
		p["scripts"].(map[string]any)["postbuild"] = "sscli -b https://example.com -r site -i 404.html 'private/**'"
	})
	commitHistory(t, src, "2024-01-01T00:00:00Z *")
	site := filepath.Join(src, "site")
	const base = "https://example.com/"
	theirs := runSSCLI(t, src, base)
	text, err := os.ReadFile(filepath.Join(site, "sitemap.txt"))
	if err != nil || len(strings.Fields(string(text))) != len(theirs) {
		t.Fatalf("the fixture's premise: static-sitemap-cli wrote a sitemap.txt of its %d URLs (%v):\n%s", len(theirs), err, text)
	}
	r := mustRun(t, src, "init")
	if !strings.Contains(r.stderr, "text") {
		t.Errorf("init does not carry the text sitemap:\n%s", r.stderr)
	}
	editPackageJSON(t, src, func(p map[string]any) {
		delete(p["dependencies"].(map[string]any), "static-sitemap-cli")
		p["scripts"].(map[string]any)["postbuild"] = "sitemapgen"
	})
	mustRun(t, src)
	ours := peerSet(t, site, base, "sitemap.xml")
	sameURLs(t, "static-sitemap-cli", theirs, ours)
	text, err = os.ReadFile(filepath.Join(site, "sitemap.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(text))
	if len(lines) != len(ours) || slices.ContainsFunc(lines, func(l string) bool { _, ok := ours[l]; return !ok }) {
		t.Errorf("sitemap.txt is not ours: %q, want the URLs of our sitemap.xml", lines)
	}
}

// TestStaticSitemapCLIStdout: a script that runs static-sitemap-cli 2
// with -o (--stdout) redirected to a file (sscli … -o > site/map.xml)
// published its sitemap at that file's URL. Run so, then switched as
// TestStaticSitemapCLISwitch does: init carries the file's name over
// (before, it said stdout was honoured and ours went to sitemap.xml,
// leaving map.xml's URL to answer 404: issue 68), and ours answers at
// that URL with the same URLs.
func TestStaticSitemapCLIStdout(t *testing.T) {
	needTool(t, "git")
	src := copyProject(t, nodeFixture(t, "sscli"))
	editPackageJSON(t, src, func(p map[string]any) {
		p["scripts"].(map[string]any)["postbuild"] = "sscli -b https://example.com -r site -f xml -i 404.html 'private/**' -o > site/map.xml"
	})
	commitHistory(t, src, "2024-01-01T00:00:00Z *")
	site := filepath.Join(src, "site")
	const base = "https://example.com/"
	cmd := exec.Command("npm", "run", "--silent", "postbuild")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm run postbuild: %v\n%s", err, out)
	}
	theirs := peerSet(t, site, base, "map.xml")
	if len(theirs) != 7 {
		t.Fatalf("static-sitemap-cli listed %d URLs in map.xml; the fixture's site has 7 pages it lists: %v", len(theirs), theirs)
	}

	r := mustRun(t, src, "init")
	if want := "settings of static-sitemap-cli (package.json:9): base_url, root, exclude, filename, clean_urls, trailing_slash\n"; !strings.Contains(r.stderr, want) || strings.Contains(r.stderr, "warning:") {
		t.Errorf("init does not say %q, or warns:\n%s", want, r.stderr)
	}

	ssSwitch(t, src, "map.xml")
	if _, err := os.Stat(filepath.Join(site, "sitemap.xml")); err == nil {
		t.Error("sitemap.xml written, not map.xml")
	}
	ours := peerSet(t, site, base, "map.xml")
	sameURLs(t, "static-sitemap-cli", theirs, ours)
}

// TestStaticSitemapCLIConfig: static-sitemap-cli reads its settings from
// package.json's "sscli" key or a .ssclirc file too, over its command
// line's (cosmiconfig's search, in the working directory). Each is run
// with static-sitemap-cli 2 (testdata/sscli), then switched as
// TestStaticSitemapCLISwitch does: init carries the file's options over
// (the base URL, the ignored globs, changefreq in place of the script's
// -c pairs), naming the file, and plain sitemapgen lists the same URLs
// with the same values, at the base URL the file gave.
func TestStaticSitemapCLIConfig(t *testing.T) {
	needTool(t, "git")
	fixture := nodeFixture(t, "sscli")
	const base = "https://www.example.org/"
	for _, tc := range []struct {
		name   string
		edit   func(t *testing.T, src string)
		script string
		init   string
		warn   string // the one warning init gives, "" for none
		// credit are lines of sitemap.yaml: settings credited to the
		// place of the option that gave them.
		credit []string
	}{
		// Its pairs in .ssclirc: the rules they make are credited to
		// .ssclirc's line (issue 98, item 8: to package.json's).
		{name: ".ssclirc", script: "sscli -b https://example.com -r site -f xml -c '**,monthly'",
			edit: func(t *testing.T, src string) {
				write(t, filepath.Join(src, ".ssclirc"), "{\n  \"base\": \"https://www.example.org\",\n  \"ignore\": [\"404.html\", \"private/**\", \"drafts/**\"],\n  \"changefreq\": [\"**,weekly\"],\n  \"priority\": [\"blog/**,0.6\", \"docs/**,0.8\", \"index.html,1.0\"]\n}\n")
			},
			init:   "sitemapgen: carried over 7 settings of static-sitemap-cli (package.json:9): root, base_url, exclude, changefreq, rules, clean_urls, trailing_slash\n",
			credit: []string{"# changefreq (.ssclirc:4)\nchangefreq: weekly\n", "# priority (.ssclirc:5)\nrules:\n"}},
		{name: "package.json's sscli", script: "sscli -r site -f xml -p 'blog/**,0.6' 'docs/**,0.8' 'index.html,1.0'",
			edit: func(t *testing.T, src string) {
				editPackageJSON(t, src, func(p map[string]any) {
					p["sscli"] = map[string]any{"base": "https://www.example.org", "ignore": []any{"404.html", "private/**", "drafts/**"}, "changefreq": []any{"**,weekly"}}
				})
			},
			init: "sitemapgen: carried over 7 settings of static-sitemap-cli (package.json:9): root, base_url, exclude, changefreq, rules, clean_urls, trailing_slash\n"},
		// A value static-sitemap-cli reads (a key that is no scalar,
		// which its YAML reader makes a string) and init cannot: said,
		// at its line, not left out unsaid (review, issue 68).
		{name: ".ssclirc.yml, a value not read", script: "sscli -b https://example.com -r site -f xml -c '**,monthly' -p 'blog/**,0.6' 'docs/**,0.8' 'index.html,1.0'",
			edit: func(t *testing.T, src string) {
				write(t, filepath.Join(src, ".ssclirc.yml"), "base: https://www.example.org\nignore: [404.html, private/**, drafts/**]\nchangefreq: ['**,weekly']\nverbose: {? [a, b] : c}\n")
			},
			init: "sitemapgen: carried over 7 settings of static-sitemap-cli (package.json:9): root, base_url, exclude, changefreq, rules, clean_urls, trailing_slash\n",
			warn: ".ssclirc.yml:4: warning: static-sitemap-cli's verbose is not read (invalid map key: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := copyProject(t, fixture)
			editPackageJSON(t, src, func(p map[string]any) { p["scripts"].(map[string]any)["postbuild"] = tc.script })
			tc.edit(t, src)
			commitHistory(t, src, "2024-01-01T00:00:00Z *")
			site := filepath.Join(src, "site")
			theirs := runSSCLI(t, src, base)

			r := mustRun(t, src, "init")
			if !strings.Contains(r.stderr, tc.init) || strings.Contains(r.stderr, "no base URL") || strings.Count(r.stderr, "warning:") != strings.Count(tc.warn, "warning:") || !strings.Contains(r.stderr, tc.warn) {
				t.Errorf("init does not say %q (and %q):\n%s", tc.init, tc.warn, r.stderr)
			}
			yml, err := os.ReadFile(filepath.Join(src, "sitemap.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range tc.credit {
				if !strings.Contains(string(yml), c) {
					t.Errorf("sitemap.yaml has no %q:\n%s", c, yml)
				}
			}

			// The switch.
			if err := os.Remove(filepath.Join(site, "sitemap.xml")); err != nil {
				t.Fatal(err)
			}
			editPackageJSON(t, src, func(p map[string]any) {
				delete(p["dependencies"].(map[string]any), "static-sitemap-cli")
				delete(p, "sscli")
				p["scripts"].(map[string]any)["postbuild"] = "sitemapgen"
			})
			for _, rc := range []string{".ssclirc", ".ssclirc.yml"} {
				if err := os.RemoveAll(filepath.Join(src, rc)); err != nil {
					t.Fatal(err)
				}
			}
			mustRun(t, src)
			ours := peerSet(t, site, base, "sitemap.xml")
			for loc, u := range theirs {
				got, ok := ours[loc]
				switch {
				case !ok:
					t.Errorf("static-sitemap-cli lists %s; we do not (ours: %v)", loc, ours)
				case got.changefreq != u.changefreq || got.priority != u.priority:
					t.Errorf("%s: changefreq %q, priority %q; static-sitemap-cli's %q, %q", loc, got.changefreq, got.priority, u.changefreq, u.priority)
				}
			}
			for loc := range ours {
				if _, ok := theirs[loc]; !ok {
					t.Errorf("we list %s; static-sitemap-cli does not", loc)
				}
			}
		})
	}
}

// TestGatsbySitemapSwitch switches testdata/gatsby-sitemap, a Gatsby 5
// site built with gatsby-plugin-sitemap 6 (excludes, entryLimit; the
// build committed, rebuild.sh makes it again), to sitemapgen: init
// carries the options over and keeps the plugin's index's name, the
// plugin is removed from gatsby-config.js and package.json, public/ is
// what a build without it writes (none of its files), and plain
// sitemapgen runs. Every URL the plugin listed is listed, and no other
// (Gatsby's slices, _gatsby/slices/*.html, are no pages), no file past
// entryLimit URLs, at the URL the plugin published, sitemap-index.xml;
// each of its parts, sitemap-0.xml and sitemap-1.xml, answers with an
// index of ours (before, sitemap-1.xml answered 404: init did not carry
// its name; issue 98's trial).
func TestGatsbySitemapSwitch(t *testing.T) {
	needTool(t, "git")
	src := filepath.Join(t.TempDir(), "gatsby-site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "gatsby-sitemap"))); err != nil {
		t.Fatal(err)
	}
	commitHistory(t, src, "2024-01-01T00:00:00Z *")
	public := filepath.Join(src, "public")
	const base = "https://example.com/"
	theirs := peerSet(t, public, base, "sitemap-index.xml")
	if len(theirs) != 4 {
		t.Fatalf("gatsby-plugin-sitemap listed %d URLs; the fixture's build lists 4: %v", len(theirs), theirs)
	}
	published := peerSitemaps(t, public)
	if want := []string{"sitemap-0.xml", "sitemap-1.xml", "sitemap-index.xml"}; !slices.Equal(published, want) {
		t.Fatalf("gatsby-plugin-sitemap published %q, want %q", published, want)
	}

	r := mustRun(t, src, "init")
	if want := "sitemapgen: carried over 4 settings of gatsby-plugin-sitemap (gatsby-config.js:5): exclude, max_urls, filename, published_sitemaps\n"; !strings.Contains(r.stderr, want) {
		t.Errorf("init does not say %q:\n%s", want, r.stderr)
	}
	if strings.Contains(r.stderr, "warning:") {
		t.Errorf("init warns:\n%s", r.stderr)
	}

	// The switch: the plugin out of gatsby-config.js and package.json,
	// public/ without its files.
	config := "module.exports = {\n  siteMetadata: { siteUrl: 'https://example.com' },\n  plugins: [],\n};\n"
	if err := os.WriteFile(filepath.Join(src, "gatsby-config.js"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"sitemap-index.xml", "sitemap-0.xml", "sitemap-1.xml"} {
		if err := os.Remove(filepath.Join(public, f)); err != nil {
			t.Fatal(err)
		}
	}
	editPackageJSON(t, src, func(p map[string]any) {
		delete(p["dependencies"].(map[string]any), "gatsby-plugin-sitemap")
	})
	mustRun(t, src)

	ours := peerSet(t, public, base, "sitemap-index.xml")
	sameURLs(t, "gatsby-plugin-sitemap", theirs, ours)
	f, err := sitemaptest.ReadFile(filepath.Join(public, "sitemap-index.xml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range f.Entries {
		s, err := sitemaptest.ReadFile(filepath.Join(public, strings.TrimPrefix(e.Loc, base)))
		if err != nil || len(s.Entries) > 3 {
			t.Errorf("%s: %v, %d URLs (entryLimit is 3)", e.Loc, err, len(s.Entries))
		}
	}
	// The plugin's parts answer with an index of ours, though the fresh
	// build left no file there (issue 98's trial: they answered 404).
	answers(t, public, base, "sitemap-index.xml", published)
	// The next run takes ours at the plugin's index name for ours, not
	// for the project's own (issue 98's trial: "kept, as the project's
	// own sitemap, not Gatsby's" of sitemap-index.xml at every run).
	if again := mustRun(t, src); strings.Contains(again.stderr, "kept, as the project's own") {
		t.Errorf("the next run says:\n%s", again.stderr)
	}
	answers(t, public, base, "sitemap-index.xml", published)
}

// TestGatsbySitemapOutput: gatsby-plugin-sitemap's output: '/maps' puts
// its files in public/maps/, its index naming them there: the build of
// testdata/gatsby-sitemap (made by the plugin) with its files where the
// plugin writes them with that option (path.join('public', output), the
// index's entries under pathPrefix + output). Plain sitemapgen, the
// plugin still configured, writes ours at the root and removes the
// plugin's files in maps/, saying so, where they stayed, stale; init
// says which URL to submit instead. So for '/seo/maps', a folder two
// deep, whose files stayed, unsaid, before (review, issue 68).
func TestGatsbySitemapOutput(t *testing.T) {
	needTool(t, "git")
	for _, dir := range []string{"maps", "seo/maps"} {
		t.Run(dir, func(t *testing.T) {
			src := filepath.Join(t.TempDir(), "gatsby-site")
			if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "gatsby-sitemap"))); err != nil {
				t.Fatal(err)
			}
			public := filepath.Join(src, "public")
			const base = "https://example.com/"
			for _, f := range []string{"sitemap-index.xml", "sitemap-0.xml", "sitemap-1.xml"} {
				data, err := os.ReadFile(filepath.Join(public, f))
				if err != nil {
					t.Fatal(err)
				}
				write(t, filepath.Join(public, filepath.FromSlash(dir), f), strings.ReplaceAll(string(data), base+"sitemap-", base+dir+"/sitemap-"))
				if err := os.Remove(filepath.Join(public, f)); err != nil {
					t.Fatal(err)
				}
			}
			config, err := os.ReadFile(filepath.Join(src, "gatsby-config.js"))
			if err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(src, "gatsby-config.js"), strings.Replace(string(config), "entryLimit: 3,\n", "entryLimit: 3,\n        output: '/"+dir+"',\n", 1))
			commitHistory(t, src, "2024-01-01T00:00:00Z *")
			theirs := peerSet(t, public, base, dir+"/sitemap-index.xml")
			if len(theirs) != 4 {
				t.Fatalf("the plugin's index in %s/ leads to %d URLs, want the fixture's 4: %v", dir, len(theirs), theirs)
			}

			r := mustRun(t, src, "init")
			wantOutput(t, r.stderr, "gatsby-config.js:9: warning: gatsby-plugin-sitemap's output puts the sitemaps in /"+dir+"/; sitemapgen writes them at the site's root, where a sitemap may list every page (and removes the plugin's files in /"+dir+"/ while it is configured): submit /sitemap-index.xml in place of /"+dir+"/sitemap-index.xml, which answers no more once the plugin is gone")

			r = mustRun(t, src)
			wantOutput(t, r.stderr, "sitemapgen: removed Gatsby's own sitemaps, which ours replace: "+dir+"/sitemap-0.xml, "+dir+"/sitemap-1.xml, "+dir+"/sitemap-index.xml (--keep-generator-sitemaps keeps them)")
			if ents, err := os.ReadDir(filepath.Join(public, filepath.FromSlash(dir))); err != nil || len(ents) != 0 {
				t.Errorf("%s/ holds %v (%v), the plugin's stale files", dir, ents, err)
			}
			ours := peerSet(t, public, base, "sitemap-index.xml")
			for loc := range theirs {
				if _, ok := ours[loc]; !ok {
					t.Errorf("gatsby-plugin-sitemap lists %s; we do not", loc)
				}
			}
		})
	}
}

// TestNetlifySitemapSwitch builds testdata/npm-netlify with Netlify's
// own build (@netlify/build, offline) and @netlify/plugin-sitemap 0.8.1
// given its inputs (exclude, prettyURLs, changeFreq, priority,
// filePath), then switches as docs/migrating.md says: the plugin's
// package line is replaced by ours, its inputs kept, and the deploy is
// built again from the same files (a fresh clone: no sitemap of the
// plugin's in it). Every URL the plugin listed that is a page is listed
// (its noindex page is not; a folder as /about/, which Netlify serves
// where the plugin's /about redirects), with its changefreq and
// priority, none it excluded, at the URL it published. The base URL is
// the plugin's variable NETLIFY_PLUGIN_SITEMAP_BASEURL, which it took
// before Netlify's URL, and ours does; its urlPrefix, /en/, puts every
// URL under /en/ of it, in ours too (before, urlPrefix was a warning and
// every URL lost its /en/: issue 68). The same with the base URL as the
// baseUrl input, an input of sitemapgen/netlify's own too (before, the
// prefix was not taken there: issue 98, item 5).
func TestNetlifySitemapSwitch(t *testing.T) {
	t.Parallel() // @netlify/build in a copy of its own, as TestNetlifyBuild's cases run
	const base = "https://www.example.com/"
	for _, c := range []struct{ name, input, env string }{
		{name: "variable", env: "NETLIFY_PLUGIN_SITEMAP_BASEURL=" + base},
		{name: "input", input: "  baseUrl = \"" + base + "\"\n", env: "NETLIFY_PLUGIN_SITEMAP_BASEURL="},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			netlifySwitch(t, base, c.input, c.env)
		})
	}
}

// netlifySwitch is TestNetlifySitemapSwitch with the inputs given
// besides the fixture's, and env, the base URL's variable.
func netlifySwitch(t *testing.T, base, input, env string) {
	dir := hostProject(t, "npm-netlify")
	pub := filepath.Join(dir, "public")
	write(t, filepath.Join(pub, "contact", "index.html"), "<title>contact</title>")
	write(t, filepath.Join(pub, "secret.html"), "<title>secret</title>")
	write(t, filepath.Join(pub, "staging.html"), `<title>staging</title><meta name="robots" content="noindex">`)
	inputs := "  [plugins.inputs]\n  exclude = [\"./public/secret.html\"]\n  prettyURLs = true\n  changeFreq = \"daily\"\n  priority = 0.6\n  filePath = \"map.xml\"\n  urlPrefix = \"/en/\"\n" + input
	listed := base + "en/" // the base URL with urlPrefix
	build := func(pkg string) {
		t.Helper()
		write(t, filepath.Join(dir, "netlify.toml"), "[build]\n  publish = \"public\"\n  command = \"echo built\"\n\n[[plugins]]\n  package = \""+pkg+"\"\n"+inputs)
		r := hostBuild(t, dir, []string{"DEPLOY_PRIME_URL=", "SITEMAP_BASE_URL=", "CONTEXT=production", "URL=https://example.com", env}, "netlify-build", "--offline")
		if r.code != 0 || strings.Contains(r.stdout+r.stderr, "not taken") {
			t.Fatalf("netlify-build with %s: exit %d\n%s%s", pkg, r.code, r.stdout, r.stderr)
		}
	}

	build("@netlify/plugin-sitemap")
	theirs := peerSet(t, pub, listed, "map.xml")
	if len(theirs) != 6 {
		t.Fatalf("@netlify/plugin-sitemap listed %d URLs, want 6 (the fixture's pages, its 404 page and the noindex one, less the excluded)", len(theirs))
	}
	if err := os.Remove(filepath.Join(pub, "map.xml")); err != nil {
		t.Fatal(err)
	}

	build("./node_modules/sitemapgen/netlify")
	ours := peerSet(t, pub, listed, "map.xml")
	notPages := []string{listed + "staging", listed + "404"} // noindex, the error page
	for loc, u := range theirs {
		if _, ok := ours[loc+"/"]; ok {
			// A folder's index.html: the plugin lists /about, which
			// Netlify redirects to /about/, the URL it serves and ours.
			delete(theirs, loc)
			loc += "/"
			theirs[loc] = u
		}
		got, ok := ours[loc]
		switch {
		case slices.Contains(notPages, loc):
			if ok {
				t.Errorf("we list %s, which is no page", loc)
			}
		case !ok:
			t.Errorf("@netlify/plugin-sitemap lists %s; we do not", loc)
		case got.changefreq != u.changefreq || got.priority != u.priority:
			t.Errorf("%s: changefreq %q, priority %q; the plugin's %q, %q", loc, got.changefreq, got.priority, u.changefreq, u.priority)
		}
	}
	for loc := range ours {
		if _, ok := theirs[loc]; !ok {
			t.Errorf("we list %s; @netlify/plugin-sitemap does not", loc)
		}
	}
	if _, err := os.Stat(filepath.Join(pub, "sitemap.xml")); err == nil {
		t.Error("sitemap.xml written beside map.xml")
	}
	answers(t, pub, base, "map.xml", nil)
}

// TestNextServerSwitch switches testdata/next-server-switch, a Next.js 16
// server build (plain next build, no output: 'export': app/, about,
// fr, fr/about) whose postbuild script ran next-sitemap 4 with
// alternateRefs (the site's URL and its fr/ folder), additionalPaths, a
// transform and sitemapSize 2 (an index of three parts), both builds'
// files committed (rebuild.sh makes them
// again), as docs/migrating.md says: sitemapgen init, next-sitemap, its
// configuration and its postbuild script removed, next build (which
// leaves public/ as it was: next-sitemap's sitemap.xml and sitemap-0.xml
// in it), sitemapgen. The locales init carried over from alternateRefs
// give the four pages their alternates, as the same pages as plain files
// would have them (issue 68, item 1); next-sitemap's parts, left in
// public/ by the switch, keep answering at every run (issue 98). init writes what it can of the
// switch and numbers the steps left, which the test follows (item 7).
func TestNextServerSwitch(t *testing.T) {
	needTool(t, "git")
	src := filepath.Join(t.TempDir(), "next-app")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "next-server-switch"))); err != nil {
		t.Fatal(err)
	}
	commitHistory(t, src, "2024-01-01T00:00:00Z *")
	public := filepath.Join(src, "public")
	const base = "https://example.com/"

	// What next-sitemap wrote: the four pages and additionalPaths' two
	// URLs, each with alternateRefs' two alternates.
	theirs := peerSet(t, public, base, "sitemap.xml")
	var alts int
	for _, u := range theirs {
		alts += len(u.alternates)
	}
	if len(theirs) != 6 || alts != 12 {
		t.Fatalf("next-sitemap listed %d URLs with %d alternates; the fixture's build 6 with 12", len(theirs), alts)
	}

	pkg, err := os.ReadFile(filepath.Join(src, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	r := mustRun(t, src, "init")
	if want := "sitemapgen: carried over 4 settings of next-sitemap (next-sitemap.config.js): base_url, max_urls, locales, extra_urls_inline\n"; !strings.Contains(r.stderr, want) {
		t.Errorf("init does not say %q:\n%s", want, r.stderr)
	}
	// init writes what it can (item 7): additionalPaths' literal paths as
	// extra URLs, the postbuild script running sitemapgen with the flag
	// the hook needs, the rest of package.json byte for byte; and it
	// numbers the steps left.
	yaml, err := os.ReadFile(filepath.Join(src, "sitemap.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"extra_urls_inline:\n  - https://example.com/shop\n  - https://example.com/shop/cart\n", "# exclude: [\"{app,pages}/drafts/**\"]\n", "#   - match: \"{app,pages}/blog/**\"\n"} {
		if !strings.Contains(string(yaml), want) {
			t.Errorf("init's sitemap.yaml has not %q:\n%s", want, yaml)
		}
	}
	edited, err := os.ReadFile(filepath.Join(src, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Replace(string(pkg), `"postbuild": "next-sitemap"`, `"postbuild": "sitemapgen --allow-commands"`, 1); string(edited) != want {
		t.Errorf("init's package.json:\n%s\nwant\n%s", edited, want)
	}
	for _, want := range []string{
		"sitemapgen: package.json:6: the postbuild script runs sitemapgen --allow-commands, where next-sitemap ran\n",
		"sitemapgen: to finish the switch from next-sitemap:\n" +
			"  1. install sitemapgen, which the build runs: npm install --save-dev sitemapgen\n" +
			"  2. uninstall next-sitemap: npm uninstall next-sitemap\n" +
			"  3. delete next-sitemap.config.js\n" +
			"  4. write transform's code (next-sitemap.config.js:15) as a command that edits the records, and name it in sitemap.yaml: transform: CMD (docs/listing.md, a per-URL hook); the build runs it with --allow-commands\n" +
			"  5. build: next build, then sitemapgen (npm run build)\n",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("init does not say %q:\n%s", want, r.stderr)
		}
	}

	// The switch, as docs/migrating.md and init's steps say it: the
	// package uninstalled, its configuration deleted, transform's code a
	// command (next-sitemap's gave every URL changefreq daily), next
	// build (which leaves public/ as it was), the postbuild script.
	editPackageJSON(t, src, func(p map[string]any) {
		delete(p["dependencies"].(map[string]any), "next-sitemap")
	})
	if err := os.Remove(filepath.Join(src, "next-sitemap.config.js")); err != nil {
		t.Fatal(err)
	}
	// transform's warning advises rules: meanwhile, with a glob of the
	// files a server build's pages are (issue 98, item 7: 'blog/**'
	// matched none); a rule of that form sets the pages' values.
	if want := "(match: '{app,pages}/blog/**'), and leave pages out with exclude: GLOB ('{app,pages}/drafts/**')"; !strings.Contains(r.stderr, want) {
		t.Errorf("init's advice for transform does not say %q:\n%s", want, r.stderr)
	}
	hook := "transform: \"sed 's/}$/,\\\"changefreq\\\":\\\"daily\\\"}/'\"\nrules:\n  - match: \"{app,pages}/fr/**\"\n    priority: 0.3\n"
	if err := os.WriteFile(filepath.Join(src, "sitemap.yaml"), append(yaml, hook...), 0o644); err != nil {
		t.Fatal(err)
	}
	var p struct{ Scripts map[string]string }
	if data, err := os.ReadFile(filepath.Join(src, "package.json")); err != nil || json.Unmarshal(data, &p) != nil {
		t.Fatalf("package.json: %v", err)
	}
	postbuild := strings.Fields(p.Scripts["postbuild"])
	if len(postbuild) == 0 || postbuild[0] != "sitemapgen" {
		t.Fatalf("the postbuild script is %q", p.Scripts["postbuild"])
	}
	r = mustRun(t, src, postbuild[1:]...)
	if strings.Contains(r.stderr, "kept, as the project's own sitemap") {
		t.Errorf("next-sitemap's shard kept as the project's:\n%s", r.stderr)
	}
	// next-sitemap's parts answer with an index of ours (issue 87;
	// before, they were removed, and their URLs answered 404).
	parts := []string{"sitemap-0.xml", "sitemap-1.xml", "sitemap-2.xml"}
	if !strings.Contains(r.stderr, "replaced Next.js's own sitemaps at their URLs with ones that lead to ours, for search engines given them: sitemap-0.xml, sitemap-1.xml, sitemap-2.xml") {
		t.Errorf("the takeover of next-sitemap's parts not said:\n%s", r.stderr)
	}
	answers(t, public, base, "sitemap.xml", parts)
	sitemaptest.MustValidate(t, public)
	// The next run keeps them answering, and says nothing of them: they
	// are ours (issue 98: it said "kept, as the project's own sitemap"
	// of sitemap-0.xml, then removed it as stale; sitemap-1.xml and
	// sitemap-2.xml, at names of shards, were removed as stale shards).
	again := mustRun(t, src, postbuild[1:]...)
	for _, said := range []string{"warning:", "removed", "sitemap-0.xml", "sitemap-1.xml"} {
		if strings.Contains(again.stderr, said) {
			t.Errorf("the next run says %q:\n%s", said, again.stderr)
		}
	}
	answers(t, public, base, "sitemap.xml", parts)

	// Each page's alternates: the cluster of its translations, each
	// page's own (next-sitemap gave /fr an fr alternate at /fr/fr).
	ours := peerSet(t, public, base, "sitemap.xml")
	want := map[string][]string{
		base:              {"en " + base, "fr " + base + "fr"},
		base + "fr":       {"en " + base, "fr " + base + "fr"},
		base + "about":    {"en " + base + "about", "fr " + base + "fr/about"},
		base + "fr/about": {"en " + base + "about", "fr " + base + "fr/about"},
	}
	for loc, w := range want {
		if got, ok := ours[loc]; !ok || !slices.Equal(got.alternates, w) {
			t.Errorf("%s: listed %v, alternates %q; want %q", loc, ok, got.alternates, w)
		}
	}
	// Every URL next-sitemap listed, additionalPaths' too, with the
	// changefreq its transform gave.
	for loc, u := range theirs {
		if got, ok := ours[loc]; !ok || got.changefreq != u.changefreq {
			t.Errorf("next-sitemap lists %s, changefreq %q; we list %v, %q", loc, u.changefreq, ok, got.changefreq)
		}
	}
	if len(ours) != len(theirs) {
		t.Errorf("we list %d URLs, next-sitemap %d", len(ours), len(theirs))
	}
	if got := ours[base+"fr/about"].priority; got != "0.3" {
		t.Errorf("%sfr/about: priority %q; the rule of {app,pages}/fr/** gives 0.3", base, got)
	}
}

// TestGatsbyLinkInHead: gatsby-plugin-sitemap's createLinkInHead (true by
// default, as testdata/gatsby-sitemap has it) put a <link rel="sitemap">
// into every page's head of the fixture's real build; init writes
// gatsby-ssr.js, and Node loads it (with stand-ins for react and gatsby,
// whose packages the frozen fixture does not install): it exports
// onRenderBody, which calls setHeadComponents with a link of the same
// attributes, to the index the switch keeps (issue 68).
func TestGatsbyLinkInHead(t *testing.T) {
	node := testtool.Program(t, "node", "install Node.js 20 and npm")
	src := filepath.Join(t.TempDir(), "gatsby-site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "gatsby-sitemap"))); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(src, "public", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	theirs := regexp.MustCompile(`<link rel="sitemap"[^>]*/>`).FindString(string(page))
	if theirs != `<link rel="sitemap" type="application/xml" href="/sitemap-index.xml"/>` {
		t.Fatalf("the plugin's build links %q from its home page's head", theirs)
	}

	r := mustRun(t, src, "init")
	wantOutput(t, r.stderr, "sitemapgen: wrote gatsby-ssr.js")
	write(t, filepath.Join(src, "node_modules", "react", "index.js"), "exports.createElement = (type, props) => ({ type, props });\n")
	write(t, filepath.Join(src, "node_modules", "gatsby", "index.js"), "exports.withPrefix = (p) => (process.env.PREFIX || '') + p;\n")
	check := `const ssr = require(process.argv[1] + '/gatsby-ssr.js');
let calls = 0, head;
ssr.onRenderBody({ setHeadComponents: (c) => { calls++; head = c; } }, { plugins: [] });
if (calls !== 1 || head.length !== 1) throw new Error('setHeadComponents called ' + calls + ' times with ' + JSON.stringify(head));
const { type, props } = head[0];
console.log('<' + type + ['rel', 'type', 'href'].map((k) => ' ' + k + '="' + props[k] + '"').join('') + '/>');
`
	for prefix, want := range map[string]string{"": theirs, "/docs": strings.Replace(theirs, `href="/`, `href="/docs/`, 1)} {
		cmd := exec.Command(node, "-e", check, src)
		cmd.Dir = src
		cmd.Env = append(os.Environ(), "PREFIX="+prefix)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("node, gatsby-ssr.js's onRenderBody: %v\n%s", err, out)
		}
		if got := strings.TrimSpace(string(out)); got != want {
			t.Errorf("path prefix %q: gatsby-ssr.js puts %s into the head, want %s", prefix, got, want)
		}
	}
}
