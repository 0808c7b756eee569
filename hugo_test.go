package main

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

// TestHugoSite builds testdata/hugo with Hugo (two languages, aliases,
// pagination, 404 pages) and checks that our sitemap lists every URL
// Hugo's own sitemap lists, with the same hreflang alternates, and no
// alias page, no 404 page. .ci/run installs Debian's hugo for it.
func TestHugoSite(t *testing.T) {
	_, public := buildHugo(t, "hugo")
	const base = "https://example.com/"

	// Hugo's sitemap: an index of one urlset per language.
	theirs := map[string][]string{} // URL → sorted "lang href" alternates
	index, err := sitemaptest.ReadFile(filepath.Join(public, "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range index.Entries {
		f, err := sitemaptest.ReadFile(filepath.Join(public, filepath.FromSlash(strings.TrimPrefix(s.Loc, base))))
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range f.Entries {
			theirs[u.Loc] = alternates(u)
		}
	}
	if len(theirs) < 10 {
		t.Fatalf("Hugo's sitemap lists %d URLs; the fixture should make more", len(theirs))
	}

	out := filepath.Join(t.TempDir(), "out")
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"--base-url", base, "--out", out, public}, &stdout, &stderr); code != 0 {
		t.Fatalf("sitemapgen: exit %d\n%s", code, stderr.String())
	}
	t.Log(stderr.String())
	entries, _, err := sitemaptest.URLs(out, base)
	if err != nil {
		t.Fatal(err)
	}
	ours := map[string][]string{}
	for _, u := range entries {
		ours[u.Loc] = alternates(u)
	}

	for loc, alts := range theirs {
		got, ok := ours[loc]
		switch {
		case !ok:
			t.Errorf("Hugo lists %s; we do not", loc)
		case !slices.Equal(got, alts):
			t.Errorf("%s: our alternates %q, Hugo's %q", loc, got, alts)
		}
	}
	// No alias (redirect) page and no 404 page is listed.
	var aliases int
	err = filepath.WalkDir(public, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") {
			return err
		}
		rel, _ := filepath.Rel(public, path)
		rel = filepath.ToSlash(rel)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		url := base + strings.TrimSuffix(rel, "index.html")
		switch {
		case bytes.Contains(data, []byte(`http-equiv="refresh"`)):
			aliases++
			if _, listed := ours[url]; listed {
				t.Errorf("alias page %s is listed", rel)
			}
		case strings.HasSuffix(rel, "404.html"):
			if _, listed := ours[url]; listed {
				t.Errorf("404 page %s is listed", rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if aliases < 5 {
		t.Errorf("%d alias pages; the fixture should make more", aliases)
	}
	t.Logf("Hugo lists %d URLs, we list %d (pagination pages besides); %d alias pages left out", len(theirs), len(ours), aliases)
	sitemaptest.MustValidate(t, out)
}

func alternates(u sitemaptest.Entry) []string {
	var alts []string
	for _, l := range u.Links {
		alts = append(alts, fmt.Sprintf("%s %s %s", l.Rel, l.Hreflang, l.Href))
	}
	slices.Sort(alts)
	return alts
}

// buildHugo copies testdata/fixture to a temporary folder and builds it
// with Hugo, returning the copy and its public folder; it skips the test
// when Hugo is not installed.
func buildHugo(t *testing.T, fixture string) (src, public string) {
	t.Helper()
	hugo, err := exec.LookPath("hugo")
	if err != nil {
		t.Skip("hugo is not installed (Debian: apt-get install hugo; .ci/run installs it): this test compares our sitemap with Hugo's own")
	}
	src = filepath.Join(t.TempDir(), "site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", fixture))); err != nil {
		t.Fatal(err)
	}
	public = filepath.Join(src, "public")
	if out, err := exec.Command(hugo, "--source", src, "--destination", public, "--quiet").CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	return src, public
}
