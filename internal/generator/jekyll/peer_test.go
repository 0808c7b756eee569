package jekyll_test

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/jekyll"
)

// TestPeerRows: what leaves a file out of jekyll-sitemap has a row
// (issue 53).
func TestPeerRows(t *testing.T) {
	for _, n := range []string{"defaults", "exclude"} {
		if jekyll.Peer.Lookup(n) == nil {
			t.Errorf("%s has no row", n)
		}
	}
}
