package e2e

// Pelican's drafts (issue 55, found by the corpus on jackevansevo-blog):
// testdata/pelican-drafts built with Debian's Pelican (./test.sh installs
// it).

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPelicanDrafts builds testdata/pelican-drafts, whose settings make an
// article without Status: a draft (DEFAULT_METADATA = {'status':
// 'draft'}), with one article Status: published, one Status: draft and
// one without a Status, and runs plain sitemapgen in the project: Pelican
// writes the two drafts under drafts/, which are left out as drafts (the
// reason Hugo's drafts get), counted in the summary, and explained. Its
// theme's tags.html renders nothing: the empty file is no page.
func TestPelicanDrafts(t *testing.T) {
	src := pythonSite(t, "pelican-drafts", "pelican", "content", "-q")
	for _, name := range []string{"drafts/potatoes.html", "drafts/compost.html", "runner-beans.html"} {
		if _, err := os.Stat(filepath.Join(src, "output", filepath.FromSlash(name))); err != nil {
			t.Fatalf("the fixture's premise: Pelican writes %s (%v)", name, err)
		}
	}
	if err := os.WriteFile(filepath.Join(src, ".gitignore"), []byte("output/\n__pycache__/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	commitHistory(t, src, "2024-07-01T00:00:00Z *")
	const base = "https://example.com/"
	ours, log := zeroConfig(t, src, filepath.Join(src, "output"), base, "site output (Pelican (pelicanconf.py)); base URL "+base+" from pelicanconf.py SITEURL")
	if got, ok := ours[base+"runner-beans.html"]; !ok || !sameInstant(got, "2024-05-01T09:00:00Z") {
		t.Errorf("the published article: listed %v, lastmod %q; want its Date", ok, got)
	}
	for loc := range ours {
		if strings.Contains(loc, "/drafts/") {
			t.Errorf("%s: a draft listed", loc)
		}
	}
	if !strings.Contains(log, "(2 drafts, 1 fragment, not a page)") {
		t.Errorf("the run does not count the two drafts:\n%s", log)
	}
	r := mustRun(t, src, "--explain", "drafts/compost.html")
	if !strings.Contains(r.stdout, "listed:      no, draft") {
		t.Errorf("drafts/compost.html is not explained as a draft:\n%s", r.stdout)
	}

	// The theme's tags.html renders nothing: an empty file, no page
	// (issue 55, item 7's rule), said once as what it is, not warned.
	if st, err := os.Stat(filepath.Join(src, "output", "tags.html")); err != nil || st.Size() != 0 {
		t.Fatalf("the fixture's premise: Pelican writes an empty tags.html (%v)", err)
	}
	if _, ok := ours[base+"tags.html"]; ok {
		t.Errorf("the empty tags.html is listed")
	}
	if strings.Contains(log, "empty file") {
		t.Errorf("the empty tags.html is warned about, besides being left out:\n%s", log)
	}
	r = mustRun(t, src, "--explain", "tags.html")
	if !strings.Contains(r.stdout, "an empty file") {
		t.Errorf("tags.html is not explained as an empty file:\n%s", r.stdout)
	}
}
