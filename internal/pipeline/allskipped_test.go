package pipeline

import (
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

const (
	noindexPage   = `<!doctype html><meta name="robots" content="noindex, nofollow"><title>staging</title>`
	plainPage     = `<!doctype html><title>page</title>`
	offsitePage   = `<!doctype html><link rel="canonical" href="https://staging.example.org/a/"><title>a</title>`
	robotsTheirs  = "User-agent: *\nAllow: /\n"
	notOursOnDisk = "sitemap-blog.xml"
)

// TestRunAllLeftOutOnPurpose: a site whose every page asks to be left
// out (noindex, X-Robots-Tag, robots.txt's Disallow) builds: no
// sitemap, the set of an earlier run removed with its record and, with
// Write.Robots, its Sitemap: lines of robots.txt; every other file as it
// was. A site whose pages were left out by a mistake (a canonical link on
// another host, a page left out for one beside noindex ones, only error
// pages) still fails, and keeps the earlier set.
func TestRunAllLeftOutOnPurpose(t *testing.T) {
	for _, tc := range []struct {
		name    string
		files   map[string]string // written over the listed site of the first run
		remove  []string
		robots  string // robots.txt after the second run, if not robotsTheirs and a blank line
		opts    func(root string) Options
		fail    bool
		skipped map[mapping.Reason]int
	}{
		{name: "noindex", files: map[string]string{"index.html": noindexPage, "a/index.html": noindexPage, "404.html": plainPage},
			skipped: map[mapping.Reason]int{mapping.NoIndex: 2, mapping.ErrorPage: 1}},
		{name: "X-Robots-Tag", files: map[string]string{"_headers": "/*\n  X-Robots-Tag: noindex\n"},
			opts:    func(root string) Options { return Options{HostDirs: []string{root}} },
			skipped: map[mapping.Reason]int{mapping.XRobotsTag: 2}},
		{name: "robots.txt disallows every URL", files: map[string]string{"robots.txt": "User-agent: *\nDisallow: /\n\nSitemap: " + base + "sitemap.xml\n"},
			opts:    func(root string) Options { return Options{Robots: Robots{Dir: root}} },
			robots:  "User-agent: *\nDisallow: /\n\n",
			skipped: map[mapping.Reason]int{mapping.RobotsTxt: 2}},
		{name: "a canonical link on another host", files: map[string]string{"index.html": noindexPage, "a/index.html": offsitePage}, fail: true},
		{name: "only error pages", files: map[string]string{"404.html": plainPage, "a/404.html": plainPage}, remove: []string{"index.html", "a/index.html"}, fail: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := pages(t, map[string]string{"index.html": plainPage, "a/index.html": plainPage, notOursOnDisk: "theirs"})
			opts := func() Options {
				o := Options{Root: root}
				if tc.opts != nil {
					o = tc.opts(root)
					o.Root = root
				}
				o.Write.Robots, o.Heads.Read = true, true
				return o
			}
			if err := os.WriteFile(filepath.Join(root, "robots.txt"), []byte(robotsTheirs), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, _, err := run(t, opts()); err != nil {
				t.Fatal(err)
			}
			earlier, err := writer.Recorded(root)
			if err != nil || !slices.Contains(earlier, "sitemap.xml") {
				t.Fatalf("the first run recorded %q (%v)", earlier, err)
			}
			for _, name := range tc.remove {
				if err := os.Remove(filepath.Join(root, name)); err != nil {
					t.Fatal(err)
				}
			}
			for name, content := range tc.files {
				if err := os.WriteFile(filepath.Join(root, name), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			res, _, err := run(t, opts())
			if tc.fail {
				if !errors.Is(err, ErrAllSkipped) {
					t.Fatalf("err = %v, want ErrAllSkipped", err)
				}
				if got, _ := writer.Recorded(root); !slices.Equal(got, earlier) {
					t.Errorf("the record lists %q, want the earlier set %q kept", got, earlier)
				}
				if _, err := os.Stat(filepath.Join(root, "sitemap.xml")); err != nil {
					t.Errorf("the earlier sitemap.xml: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("err = %v, want none", err)
			}
			for _, name := range append(earlier, writer.RecordName) {
				if _, err := os.Lstat(filepath.Join(root, name)); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("%s is still there (%v)", name, err)
				}
			}
			if b, err := os.ReadFile(filepath.Join(root, notOursOnDisk)); err != nil || string(b) != "theirs" {
				t.Errorf("%s, not ours: %q, %v", notOursOnDisk, b, err)
			}
			wantRobots := robotsTheirs + "\n"
			if tc.robots != "" {
				wantRobots = tc.robots
			}
			if b, _ := os.ReadFile(filepath.Join(root, "robots.txt")); string(b) != wantRobots {
				t.Errorf("robots.txt:\n%s\nwant\n%s", b, wantRobots)
			}
			if res.URLs.Len() != 0 || res.Write == nil || !slices.Equal(res.Write.Removed, earlier) {
				t.Errorf("URLs %d, write %+v; want none, the earlier set %q removed", res.URLs.Len(), res.Write, earlier)
			}
			if res.NoneListed == nil || !maps.Equal(res.NoneListed.Skipped, tc.skipped) {
				t.Errorf("NoneListed %+v, want the pages counted %v", res.NoneListed, tc.skipped)
			}
			// Built again, nothing is there to remove.
			if res, _, err := run(t, opts()); err != nil || len(res.Write.Removed)+len(res.Write.Written) != 0 || res.NoneListed == nil {
				t.Errorf("built again: %v, %+v, %+v", err, res.Write, res.NoneListed)
			}
		})
	}
}

// TestDeliberate holds the one rule of a build that lists no page: left
// out on purpose when no reason is a mistake and one is the site's
// asking; mixed with a mistake, or of files no sitemap lists alone, a
// failure.
func TestDeliberate(t *testing.T) {
	for _, tc := range []struct {
		name    string
		skipped map[mapping.Reason]int
		want    bool
	}{
		{name: "noindex", skipped: map[mapping.Reason]int{mapping.NoIndex: 12}, want: true},
		{name: "noindex and an error page", skipped: map[mapping.Reason]int{mapping.NoIndex: 12, mapping.ErrorPage: 1}, want: true},
		{name: "X-Robots-Tag", skipped: map[mapping.Reason]int{mapping.XRobotsTag: 3, mapping.NotAPage: 2}, want: true},
		{name: "robots.txt", skipped: map[mapping.Reason]int{mapping.RobotsTxt: 3, mapping.Duplicate: 1}, want: true},
		{name: "redirects", skipped: map[mapping.Reason]int{mapping.Redirect: 3, mapping.GoImportStub: 1}, want: true},
		{name: "unpublished", skipped: map[mapping.Reason]int{mapping.Draft: 1, mapping.Future: 1, mapping.Expired: 1}, want: true},
		{name: "sitemap: false", skipped: map[mapping.Reason]int{mapping.SitemapExcluded: 1, mapping.OwnOutput: 1, mapping.StaleOutput: 1}, want: true},
		{name: "a reason counted zero is none", skipped: map[mapping.Reason]int{mapping.NoIndex: 1, mapping.CanonicalOffsite: 0}, want: true},
		{name: "canonical on another host", skipped: map[mapping.Reason]int{mapping.CanonicalOffsite: 2}},
		{name: "noindex and canonical on another host", skipped: map[mapping.Reason]int{mapping.NoIndex: 12, mapping.CanonicalOffsite: 1}},
		{name: "noindex and canonical elsewhere", skipped: map[mapping.Reason]int{mapping.NoIndex: 12, mapping.NotCanonical: 1}},
		{name: "noindex and a URL outside the base URL", skipped: map[mapping.Reason]int{mapping.NoIndex: 12, mapping.OutsideBase: 1}},
		{name: "noindex and a URL too long", skipped: map[mapping.Reason]int{mapping.NoIndex: 1, mapping.LocTooLong: 1}},
		{name: "redirect and a link not followed", skipped: map[mapping.Reason]int{mapping.Redirect: 1, mapping.NotFollowed: 1}},
		{name: "robots.txt and an unreadable page", skipped: map[mapping.Reason]int{mapping.RobotsTxt: 1, mapping.Unreadable: 1}},
		{name: "error pages alone", skipped: map[mapping.Reason]int{mapping.ErrorPage: 2}},
		{name: "files no sitemap lists alone", skipped: map[mapping.Reason]int{mapping.NotAPage: 2, mapping.OwnOutput: 1, mapping.GoImportStub: 1}},
		{name: "a reason the rule does not know", skipped: map[mapping.Reason]int{mapping.NoIndex: 1, "new reason": 1}},
		{name: "nothing", skipped: map[mapping.Reason]int{}},
	} {
		if got := Deliberate(tc.skipped); got != tc.want {
			t.Errorf("%s: Deliberate(%v) = %v, want %v", tc.name, tc.skipped, got, tc.want)
		}
	}
}

// TestPurposes: every reason a page may be left out for has its purpose,
// so that a new reason is decided, not a mistake by default.
func TestPurposes(t *testing.T) {
	for _, r := range mapping.Reasons {
		if _, ok := purposes[r]; !ok {
			t.Errorf("reason %q has no purpose (purposes, allskipped.go)", r)
		}
	}
	if len(purposes) != len(mapping.Reasons) {
		t.Errorf("%d purposes for %d reasons", len(purposes), len(mapping.Reasons))
	}
	for r, p := range purposes {
		if _, ok := askedKinds[r]; ok != (p == asked) {
			t.Errorf("reason %q: asked for %v, in askedKinds %v", r, p == asked, ok)
		}
	}
}

// TestNoneListedWhat: the words of the one line, by what the pages the
// site left out are.
func TestNoneListedWhat(t *testing.T) {
	for _, tc := range []struct {
		skipped map[mapping.Reason]int
		want    string
	}{
		{map[mapping.Reason]int{mapping.NoIndex: 12, mapping.ErrorPage: 1}, "every page found is noindex (12 noindex, 1 error page)"},
		{map[mapping.Reason]int{mapping.NoIndex: 2, mapping.XRobotsTag: 3}, "every page found is noindex (3 X-Robots-Tag noindex, 2 noindex)"},
		{map[mapping.Reason]int{mapping.RobotsTxt: 4}, "every page found is disallowed by robots.txt (4 robots.txt)"},
		{map[mapping.Reason]int{mapping.Draft: 2, mapping.Future: 1}, "every page found is unpublished (2 drafts, 1 future)"},
		{map[mapping.Reason]int{mapping.Redirect: 3, mapping.NoIndex: 1}, "every page found is left out on purpose (3 redirects, 1 noindex)"},
		// Every reason counted is named: no "1 for other reasons".
		{map[mapping.Reason]int{mapping.Redirect: 4, mapping.NoIndex: 3, mapping.ErrorPage: 2, mapping.Draft: 1, mapping.SitemapExcluded: 1},
			"every page found is left out on purpose (4 redirects, 3 noindex, 2 error pages, 1 draft, 1 sitemap: false)"},
	} {
		if got := (&NoneListed{Skipped: tc.skipped}).What(); got != tc.want {
			t.Errorf("What() = %q\nwant %q", got, tc.want)
		}
	}
}

// TestSessionNoneListed: in a Session, a batch after which every page is
// noindex withdraws the set (its record, its Sitemap: lines of
// robots.txt), as Run of the site then does; a batch that changes a page
// still noindex removes nothing more; a page losing its noindex brings
// the set back, counted added; a page then skipped by a mistake beside
// the noindex ones fails, and keeps the set. Each step is one Update,
// its batch named: no clock.
func TestSessionNoneListed(t *testing.T) {
	root := pages(t, map[string]string{"index.html": plainPage, "a.html": plainPage, "robots.txt": robotsTheirs})
	opts := Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base}, Write: writer.Options{Robots: true}}
	s, res, err := Start(t.Context(), opts)
	if err != nil || len(res.Write.Written) != 2 {
		t.Fatalf("start: %v, %+v", err, res.Write)
	}
	write := func(name, content string) string {
		t.Helper()
		p := filepath.Join(root, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	robots := func() string {
		b, _ := os.ReadFile(filepath.Join(root, "robots.txt"))
		return string(b)
	}
	sitemapThere := func() bool {
		_, err := os.Stat(filepath.Join(root, "sitemap.xml"))
		return err == nil
	}

	// Every page noindex: the set withdrawn.
	res, err = s.Update(t.Context(), []string{write("index.html", noindexPage), write("a.html", noindexPage)}, nil)
	if err != nil {
		t.Fatalf("every page noindex: %v", err)
	}
	if res.NoneListed == nil || !maps.Equal(res.NoneListed.Skipped, map[mapping.Reason]int{mapping.NoIndex: 2}) || !slices.Equal(res.Write.Removed, []string{"sitemap.xml"}) {
		t.Errorf("every page noindex: %+v, %+v", res.NoneListed, res.Write)
	}
	if sitemapThere() || robots() != robotsTheirs+"\n" {
		t.Errorf("every page noindex: the set is there, or robots.txt:\n%s", robots())
	}
	if got, _ := writer.Recorded(root); len(got) != 0 {
		t.Errorf("recorded %q", got)
	}
	sameAsRun(t, "every page noindex", opts, root)

	// Still every page noindex: nothing to remove.
	res, err = s.Update(t.Context(), []string{write("a.html", noindexPage+"<p>edited")}, nil)
	if err != nil || res.NoneListed == nil || len(res.Write.Removed)+len(res.Write.Written) != 0 {
		t.Errorf("a noindex page edited: %v, %+v", err, res.Write)
	}

	// A page loses its noindex: the set is back.
	res, err = s.Update(t.Context(), []string{write("a.html", plainPage)}, nil)
	if err != nil || res.NoneListed != nil || res.Write.URLChanges == nil || *res.Write.URLChanges != (writer.URLChanges{Added: 1}) {
		t.Fatalf("a page listed again: %v, %+v", err, res.Write)
	}
	if !sitemapThere() || robots() != robotsTheirs+"\nSitemap: "+base+"sitemap.xml\n" {
		t.Errorf("a page listed again: no sitemap.xml, or robots.txt:\n%s", robots())
	}
	sameAsRun(t, "a page listed again", opts, root)

	// That page's canonical link on another host, beside a noindex one:
	// a mistake, the set kept.
	_, err = s.Update(t.Context(), []string{write("a.html", offsitePage)}, nil)
	var all *AllSkippedError
	if !errors.As(err, &all) || all.Skipped[mapping.NoIndex] != 1 || all.Skipped[mapping.CanonicalOffsite] != 1 {
		t.Fatalf("a canonical link on another host: %v, want the AllSkippedError of the whole site", err)
	}
	if !sitemapThere() {
		t.Error("a canonical link on another host: the set was removed")
	}
}

// TestWarnOneCanonical: when more pages name one URL of the site as
// their canonical link than are listed (a layout that writes the site's
// URL on every page), the build says so once, naming it and two of them;
// pagers that name their list's first page, a few among many, are no
// such case.
func TestWarnOneCanonical(t *testing.T) {
	canonical := func(u string) string { return `<head><link rel="canonical" href="` + u + `"></head>` }
	for _, tc := range []struct {
		name  string
		files map[string]string
		warns bool
	}{
		{"every page names the home page", map[string]string{
			"index.html": canonical(base), "a/index.html": canonical(base), "b/index.html": canonical(base),
			"c/index.html": canonical(base), "d/index.html": canonical(base + "d/"),
		}, true},
		{"two pagers name their first page", map[string]string{
			"index.html": canonical(base), "blog/index.html": canonical(base + "blog/"), "blog/2/index.html": canonical(base + "blog/"),
			"blog/3/index.html": canonical(base + "blog/"), "a/index.html": "", "b/index.html": "", "c/index.html": "", "d/index.html": "",
		}, false},
	} {
		var said []string
		opts := Options{Root: pages(t, tc.files), Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base}, NoWrite: true,
			Report: Report{Warn: func(_ string, err error) { said = append(said, err.Error()) }}}
		if _, err := Run(context.Background(), opts); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		warned := strings.Contains(strings.Join(said, "\n"), "as their canonical link")
		if warned != tc.warns {
			t.Errorf("%s: warned %v, want %v:\n%s", tc.name, warned, tc.warns, strings.Join(said, "\n"))
		}
		if tc.warns && !strings.Contains(strings.Join(said, "\n"), "3 pages name "+base+" as their canonical link ("+base+"a/, "+base+"b/ among them), and are left out as copies of it, more than the 2 listed") {
			t.Errorf("%s: the warning does not say what it should:\n%s", tc.name, strings.Join(said, "\n"))
		}
	}
}
