package hugo_test

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/hugo"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/peertest"
)

// TestPeerRows: each option of [sitemap] that Hugo's documentation
// lists has a row (issue 53).
func TestPeerRows(t *testing.T) {
	for _, n := range []string{"changefreq", "priority", "filename"} {
		if hugo.Peer.Lookup(n) == nil {
			t.Errorf("%s has no row", n)
		}
	}
}

// TestPeerMap: what [sitemap]'s options give.
func TestPeerMap(t *testing.T) {
	peertest.Map(t, hugo.Peer, []peertest.Case{
		{Name: "hugo", Given: []peer.Given{{Name: "changefreq", Value: "monthly"}, {Name: "filename", Value: "map.xml"}},
			Want: []peer.Setting{{Key: "filename", Value: "map.xml", From: "filename"}}},
	})
}
