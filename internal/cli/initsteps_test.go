package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// TestRoads: init's steps for each peer and the peer's "Switch:" line
// of docs/migrating.md take one road, the line's first: the integration
// that replaces it where the line names one first (before, the steps of
// @astrojs/sitemap, the Docusaurus plugin and @netlify/plugin-sitemap
// said to remove it and run the command, where the page said to put
// the integration in its place: issue 98, item 8), else sitemapgen run
// where the line says. The road is read from the page, and the steps
// are printed: neither can move alone.
func TestRoads(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "migrating.md"))
	if err != nil {
		t.Fatal(err)
	}
	first := map[peer.Tool]string{}
	for _, part := range strings.Split(string(data), "\n## ")[1:] {
		heading, body, _ := strings.Cut(part, "\n")
		_, line, ok := strings.Cut(body, "Switch:")
		if !ok {
			continue
		}
		line, _, _ = strings.Cut(line, "\n\n")
		line = strings.ReplaceAll(strings.ReplaceAll(line, "\n", " "), "`", "")
		// The first road ends where another begins.
		for _, or := range []string{"; or ", ". Or ", " or run "} {
			line, _, _ = strings.Cut(line, or)
		}
		for _, tool := range peer.Tools() {
			if strings.Contains(heading, string(tool)) {
				first[tool] = line
			}
		}
	}
	t.Chdir(t.TempDir()) // no package.json, no lock file
	for _, tool := range peer.Tools() {
		if peer.Find(tool).Steps.Script {
			continue // scriptSwitch's steps, and next-sitemap's own test
		}
		t.Run(string(tool), func(t *testing.T) {
			r, _ := road(tool)
			if r.Where == "" && r.Via == "" {
				t.Fatalf("no road")
			}
			doc, ok := first[tool]
			if !ok {
				t.Fatalf("docs/migrating.md has no section for %s with a Switch: line", tool)
			}
			var b bytes.Buffer
			pe := config.Peer{Config: peer.Config{Tool: tool, File: "site.config", Line: 3}}
			peerSteps(&b, pe, &config.Findings{NPM: true, Depends: func(string) bool { return false }}, false)
			steps := b.String()
			key := r.Via
			if key == "" {
				key = "sitemapgen " + r.Where
			}
			if !strings.Contains(doc, key) {
				t.Errorf("docs/migrating.md's first road does not say %q: %s", key, doc)
			}
			if !strings.Contains(steps, key) {
				t.Errorf("init's steps do not say %q:\n%s", key, steps)
			}
			// An integration's road runs no command after the build.
			if strings.HasPrefix(r.Via, "sitemapgen/") && (strings.Contains(doc, "sitemapgen after") || strings.Contains(steps, "sitemapgen after")) {
				t.Errorf("the road of %s runs sitemapgen after the build:\n%s\n%s", r.Via, doc, steps)
			}
		})
	}
}
