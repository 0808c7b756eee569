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
