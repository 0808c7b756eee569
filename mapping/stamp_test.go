package mapping

import (
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/walker"
)

// TestStamp checks the rule of each page: in a generator's output, a date
// in the head with a time of day, within StampWindow before the page's
// file was written, is the build's time; the next source that no build
// stamps answers, and Next is kept for the set's rule otherwise.
func TestStamp(t *testing.T) {
	written := time.Date(2026, 5, 1, 10, 30, 0, 0, time.UTC)
	git := time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC)
	for _, tt := range []struct {
		name     string
		built    bool
		modified time.Time
		git      time.Time
		want     time.Time
		from     string
		stamped  bool
		next     time.Time
	}{
		{"stamp, git answers", true, written.Add(-3 * time.Minute), git, git, "git", true, time.Time{}},
		{"stamp, nothing else knows", true, written.Add(-3 * time.Minute), time.Time{}, time.Time{}, "", true, time.Time{}},
		{"in another zone", true, written.Add(-time.Minute).In(time.FixedZone("", 5*3600)), git, git, "git", true, time.Time{}},
		{"the second the file was written", true, written, git, git, "git", true, time.Time{}},
		{"before the window", true, written.Add(-StampWindow - time.Second), git, written.Add(-StampWindow - time.Second), "meta article:modified_time", false, git},
		{"after the file", true, written.Add(time.Minute), git, written.Add(time.Minute), "meta article:modified_time", false, git},
		{"a day alone", true, time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC), git, time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC), "meta article:modified_time", false, git},
		{"no generator's output", false, written.Add(-3 * time.Minute), git, written.Add(-3 * time.Minute), "meta article:modified_time", false, git},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m, err := New(Options{BaseURL: "https://example.com/", Built: tt.built, Now: written.Add(time.Hour), LastMod: built})
			if err != nil {
				t.Fatal(err)
			}
			h := &htmlhead.Head{Modified: tt.modified, ModifiedFrom: "article:modified_time"}
			d := m.Map(Page{File: walker.File{Path: "a/index.html", ModTime: written}, Head: h, Git: tt.git})
			if !d.URL.LastMod.Equal(tt.want) || d.LastModFrom != tt.from {
				t.Errorf("lastmod %v from %q; want %v from %q", d.URL.LastMod, d.LastModFrom, tt.want, tt.from)
			}
			if got := len(d.Stamps) > 0; got != tt.stamped {
				t.Errorf("stamps %q; want stamped %v", d.Stamps, tt.stamped)
			}
			if tt.stamped && !strings.HasPrefix(d.Stamps[0], "meta article:modified_time 2026-05-01T10:") || tt.stamped && !strings.HasSuffix(d.Stamps[0], " is the build's time: not a lastmod") {
				t.Errorf("stamp %q", d.Stamps[0])
			}
			if !d.Next.LastMod.Equal(tt.next) || !tt.next.IsZero() && d.Next.Source != LastModGit {
				t.Errorf("next %+v; want %v from git", d.Next, tt.next)
			}
		})
	}
}

// TestStampSitemap checks that the generator's sitemap is judged by the
// same rule, and answers after git and hash.
func TestStampSitemap(t *testing.T) {
	written := time.Date(2026, 5, 1, 10, 30, 0, 0, time.UTC)
	m, err := New(Options{BaseURL: "https://example.com/", Built: true, Now: written, LastMod: built})
	if err != nil {
		t.Fatal(err)
	}
	f := walker.File{Path: "a.html", ModTime: written}
	old := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	gen := func(t time.Time) func(string) (time.Time, string) {
		return func(loc string) (time.Time, string) {
			if loc != "https://example.com/a.html" {
				return time.Time{}, ""
			}
			return t, "sitemap.xml"
		}
	}
	d := m.Map(Page{File: f, Sitemap: gen(old)})
	if !d.URL.LastMod.Equal(old) || d.LastModFrom != "generator's sitemap sitemap.xml" || d.LastModSource != LastModSitemap {
		t.Errorf("lastmod %v from %q (%s)", d.URL.LastMod, d.LastModFrom, d.LastModSource)
	}
	d = m.Map(Page{File: f, Sitemap: gen(old), Git: old.Add(time.Hour)})
	if d.LastModSource != LastModGit {
		t.Errorf("with git: lastmod from %q; want git first", d.LastModFrom)
	}
	d = m.Map(Page{File: f, Sitemap: gen(written.Add(-time.Second))})
	if !d.URL.LastMod.IsZero() || len(d.Stamps) != 1 {
		t.Errorf("a stamp in the sitemap: lastmod %v, stamps %q", d.URL.LastMod, d.Stamps)
	}
}

// built are the default lastmod sources in a generator's output: its
// files' times are its build's.
var built = []LastModSource{LastModFrontMatter, LastModMeta, LastModGit, LastModHash, LastModSitemap}

// TestStampSourceDate checks that a date a source of the site gives
// (Options.SourceDate: a commit's, a front matter's) is the page's,
// however soon before its file was written; another date as close is
// still the build's time.
func TestStampSourceDate(t *testing.T) {
	written := time.Date(2026, 5, 1, 10, 30, 0, 0, time.UTC)
	commit := written.Add(-4 * time.Minute)
	m, err := New(Options{BaseURL: "https://example.com/", Built: true, Now: written, LastMod: built,
		SourceDate: func(t time.Time) bool { return t.Equal(commit) }})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		modified time.Time
		want     time.Time
	}{{commit, commit}, {written.Add(-3 * time.Minute), time.Time{}}} {
		h := &htmlhead.Head{Modified: tt.modified, ModifiedFrom: "article:modified_time"}
		d := m.Map(Page{File: walker.File{Path: "tags/index.html", ModTime: written}, Head: h})
		if !d.URL.LastMod.Equal(tt.want) || tt.want.IsZero() != (len(d.Stamps) == 1) {
			t.Errorf("meta %v: lastmod %v, stamps %q; want %v", tt.modified, d.URL.LastMod, d.Stamps, tt.want)
		}
	}
}

// metaFrom is "meta " and the head's date's source, kept once for those
// the head reader names.
func TestMetaFrom(t *testing.T) {
	for _, from := range []string{"article:modified_time", "og:updated_time", "meta last-modified", "JSON-LD dateModified", "other"} {
		if got := metaFrom(from); got != "meta "+from {
			t.Errorf("metaFrom(%q) = %q", from, got)
		}
	}
	if raceEnabled {
		return
	}
	if n := testing.AllocsPerRun(10, func() { metaFrom("og:updated_time") }); n != 0 {
		t.Errorf("metaFrom of a name the head reader gives allocates %v times", n)
	}
}
