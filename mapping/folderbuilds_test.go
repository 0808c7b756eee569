package mapping

import (
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/walker"
)

// TestFolderBuilds: the languages' builds in en/ and fr/, whose canonical
// links name the base URL without their folder (Sphinx's, from one
// html_baseurl). Each link is read in the page's build: a page naming
// itself so is listed at its own URL, with a warning; one naming another
// page of its build is left out for it; a link that names a build's
// folder, or a page outside every folder, is judged as it is.
func TestFolderBuilds(t *testing.T) {
	const base = "https://example.com/docs/"
	fb := &FolderBuilds{Folders: []string{"en/", "fr/"}, Why: "shared html_baseurl"}
	tests := []struct {
		name, path, canonical string
		builds                *FolderBuilds
		loc                   string
		skip                  Reason
		because, warn         string
	}{
		{name: "itself without its folder", path: "fr/about.html", canonical: base + "about.html", builds: fb,
			loc: base + "fr/about.html", warn: "canonical link " + base + "about.html names this page's build without its folder, fr/: read as " + base + "fr/about.html; shared html_baseurl"},
		{name: "its index without its folder", path: "en/index.html", canonical: base + "index.html", builds: fb, loc: base + "en/index.html", warn: "read as " + base + "en/index.html"},
		{name: "itself with its folder", path: "fr/about.html", canonical: base + "fr/about.html", builds: fb, loc: base + "fr/about.html"},
		{name: "another page of its build", path: "fr/old.html", canonical: base + "new.html", builds: fb,
			loc: base + "fr/old.html", skip: NotCanonical, because: "canonical " + base + "fr/new.html", warn: "read as " + base + "fr/new.html"},
		{name: "another build's page", path: "fr/about.html", canonical: base + "en/about.html", builds: fb,
			loc: base + "fr/about.html", skip: NotCanonical, because: "canonical " + base + "en/about.html"},
		{name: "outside every folder", path: "about.html", canonical: base + "guide.html", builds: fb,
			loc: base + "about.html", skip: NotCanonical, because: "canonical " + base + "guide.html"},
		{name: "on another host", path: "fr/about.html", canonical: "https://other.example/about.html", builds: fb,
			loc: base + "fr/about.html", skip: CanonicalOffsite, because: "canonical https://other.example/about.html", warn: "another host"},
		{name: "no folder builds", path: "fr/about.html", canonical: base + "about.html",
			loc: base + "fr/about.html", skip: NotCanonical, because: "canonical " + base + "about.html"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := New(Options{BaseURL: base, IndexFiles: true, FolderBuilds: tt.builds})
			if err != nil {
				t.Fatal(err)
			}
			d := m.Map(Page{File: walker.File{Path: tt.path}, Head: &htmlhead.Head{Canonical: tt.canonical}})
			if d.URL.Loc != tt.loc || d.Skip != tt.skip || d.Because != tt.because {
				t.Errorf("loc %q, skip %q (%q); want %q, %q (%q)", d.URL.Loc, d.Skip, d.Because, tt.loc, tt.skip, tt.because)
			}
			warnings := strings.Join(d.Warnings, "\n")
			if tt.warn == "" && warnings != "" || !strings.Contains(warnings, tt.warn) {
				t.Errorf("warnings %q, want %q", warnings, tt.warn)
			}
		})
	}
}
