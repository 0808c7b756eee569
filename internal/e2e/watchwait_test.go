package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// waitingLine is watch's line, at start, for a site folder the generator
// has not made yet.
var waitingLine = regexp.MustCompile(`^sitemapgen: (public|site): no such folder yet; waiting for the generator to make it \(Ctrl-C to stop\)$`)

// TestWatchWaitsForHugoServer: started in a fresh clone beside "hugo
// server --renderToDisk", as a Procfile or two terminals do, watch finds
// no public/ yet: it says once that it waits, then watches the folder
// the server makes, and lists what hugo && sitemapgen lists. Before, it
// said "public: no such folder ... build the site first" and exited 2.
func TestWatchWaitsForHugoServer(t *testing.T) {
	const base = "https://example.com/"
	_, built := buildHugo(t, "hugo")
	want := sitemapURLs(t, mustRunOut(t, built, base))

	src := copyFixture(t, "hugo")
	out := t.TempDir()
	p := launchWatch(t, src, "--base-url", base, "--debounce", "50ms", "--out", out)
	p.waitFor(waitingLine, 1)
	startHugoServer(t, src)
	p.waitFor(regexp.MustCompile(`^sitemapgen: watching `), 1)
	// The first builds may find Hugo's pages half written (its aliases
	// first): no sitemap yet, until a rebuild lists them.
	p.until("listing what hugo && sitemapgen lists", func() bool {
		if _, err := os.Stat(filepath.Join(out, "sitemap.xml")); err != nil {
			return false
		}
		return slices.Equal(sitemapURLs(t, out), want)
	})
	if c := p.count(waitingLine); c != 1 {
		t.Errorf("said %d times that it waits, want once:\n%s", c, strings.Join(p.output(), "\n"))
	}
	p.stop(out)
}

// unwrittenLine is watch's warning that the sources changed while the
// site's folder is still missing beside mkdocs serve, with the loop to
// run instead.
var unwrittenLine = regexp.MustCompile(`^sitemapgen: warning: docs changed and site does not exist yet: is mkdocs serve running\? it builds the site into a temporary folder and writes nothing to site, so watch has no page to read; build the site after each change instead, as this loop does: watchmedo shell-command --recursive --wait --drop --command 'mkdocs build --quiet' docs \(docs/watch\.md\)$`)

// TestWatchBesideMkDocsServe: beside "mkdocs serve", which builds into a
// temporary folder and never writes site/, watch started in a fresh
// clone waits for site/, and once a page is added it says why the page
// is not listed, once, with the loop that builds the site instead.
// The loop's build (mkdocs build) then makes site/, and watch lists the
// new page. Before, watch exited 2 at start, and beside an earlier
// build's site/ nothing said why a new page was never listed.
func TestWatchBesideMkDocsServe(t *testing.T) {
	mkdocs := testtool.Program(t, "mkdocs", "apt-get install mkdocs")
	src := copyFixture(t, "mkdocs")
	out := t.TempDir()
	p := launchWatch(t, src, "--debounce", "50ms", "--out", out)
	p.waitFor(waitingLine, 1)
	startGenerator(t, src, "mkdocs", "Serving on", "serve", "--dev-addr", "127.0.0.1:"+freePort(t))

	write(t, filepath.Join(src, "docs", "new.md"), "# New\n\nA new page.\n")
	p.waitFor(unwrittenLine, 1)
	if _, err := os.Stat(filepath.Join(src, "site")); !os.IsNotExist(err) {
		t.Fatalf("mkdocs serve wrote site/ (%v): this test's premise is gone", err)
	}

	// The loop's build, once.
	if b, err := exec.Command(mkdocs, "build", "--quiet", "--config-file", filepath.Join(src, "mkdocs.yml")).CombinedOutput(); err != nil {
		t.Fatalf("mkdocs build: %v\n%s", err, b)
	}
	p.waitFor(regexp.MustCompile(`^sitemapgen: watching `), 1)
	p.until("listing the new page", func() bool {
		data, err := os.ReadFile(filepath.Join(out, "sitemap.xml"))
		return err == nil && strings.Contains(string(data), "<loc>https://example.com/docs/new/</loc>")
	})
	if c := p.count(unwrittenLine); c != 1 {
		t.Errorf("said %d times why the page is not listed, want once:\n%s", c, strings.Join(p.output(), "\n"))
	}
	p.stop(out)
}
