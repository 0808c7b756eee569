package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPreviewsSkipHugoSitemaps: a Netlify deploy preview of a Hugo site,
// built for the preview's URL, with --previews skip: no sitemap of ours,
// and none of Hugo's either, whose URLs are the preview's: they are
// removed, and said.
func TestPreviewsSkipHugoSitemaps(t *testing.T) {
	needTool(t, "hugo")
	src := copyFixture(t, "hugo")
	const preview = "https://deploy-preview-7--example.netlify.app/"
	mustShell(t, src, "hugo --quiet -b "+preview)
	public := filepath.Join(src, "public")
	if _, err := os.Stat(filepath.Join(public, "sitemap.xml")); err != nil {
		t.Fatalf("hugo wrote no sitemap: %v", err)
	}
	env := []string{"NETLIFY=true", "CONTEXT=deploy-preview", "URL=https://example.com", "DEPLOY_PRIME_URL=" + preview}
	r := run(t, src, env, "--previews", "skip")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	wantOutput(t, r.stderr, "Netlify deploy-preview build, and previews: skip: no sitemap written; Hugo's own sitemaps removed, which list the preview's URLs: de/sitemap.xml, en/sitemap.xml, sitemap.xml")
	for _, name := range []string{"sitemap.xml", "en/sitemap.xml", "de/sitemap.xml"} {
		if data, err := os.ReadFile(filepath.Join(public, name)); err == nil {
			t.Errorf("%s is still in the deploy:\n%.300s", name, data)
		}
	}
	// The pages are left as Hugo built them.
	if data, err := os.ReadFile(filepath.Join(public, "index.html")); err != nil || !strings.Contains(string(data), preview) {
		t.Errorf("index.html changed (%v)", err)
	}
}

// TestFeedOffRemovesOurs: after a Hugo build, a run with --feed writes
// feed.xml; once the feed is off, the next run removes it, saying so,
// rather than leave an old feed to its readers. Another tool's feed.xml
// stays.
func TestFeedOffRemovesOurs(t *testing.T) {
	src, public := buildHugo(t, "hugo")
	feed := filepath.Join(public, "feed.xml")
	mustRun(t, src, "--base-url", "https://example.com/", "--feed", "public")
	if _, err := os.Stat(feed); err != nil {
		t.Fatalf("--feed wrote no feed: %v", err)
	}
	r := mustRun(t, src, "--base-url", "https://example.com/", "public")
	wantOutput(t, r.stderr, "sitemapgen: feed public/feed.xml removed: the feed is off, and an earlier build wrote it")
	if _, err := os.Stat(feed); err == nil {
		t.Error("the feed stayed")
	}
	other := "<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><title>jekyll-feed's</title></feed>\n"
	write(t, feed, other)
	mustRun(t, src, "--base-url", "https://example.com/", "public")
	if data, err := os.ReadFile(feed); err != nil || string(data) != other {
		t.Errorf("another tool's feed.xml was changed: %v\n%s", err, data)
	}
}

// TestRecordSaysWhy: the record sitemapgen keeps in a Hugo site's public/
// is published with the site: its first lines say what it is and why
// that is harmless.
func TestRecordSaysWhy(t *testing.T) {
	src, public := buildHugo(t, "hugo")
	mustRun(t, src, "--base-url", "https://example.com/", "public")
	data, err := os.ReadFile(filepath.Join(public, ".sitemapgen-files"))
	if err != nil {
		t.Fatal(err)
	}
	wantOutput(t, string(data), "# Files sitemapgen wrote in this folder.", "# Published with the site, harmlessly: it names only files the site serves anyway.")
}
