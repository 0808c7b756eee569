package sphinx_test

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/sphinx"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/peertest"
)

// TestPeerRows: each setting of sphinx-sitemap's documentation has a row
// (issue 53).
func TestPeerRows(t *testing.T) {
	for _, n := range []string{"html_baseurl", "site_url", "sitemap_url_scheme", "sitemap_locales", "sitemap_filename", "sitemap_excludes", "sitemap_show_lastmod", "language"} {
		if sphinx.Peer.Lookup(n) == nil {
			t.Errorf("%s has no row", n)
		}
	}
}

// TestPeerMap: what sphinx-sitemap's settings give.
func TestPeerMap(t *testing.T) {
	peertest.Map(t, sphinx.Peer, []peertest.Case{
		{Name: "sphinx-sitemap", Given: []peer.Given{{Name: "html_baseurl", Value: "https://example.com/"}, {Name: "sitemap_url_scheme", Value: "{lang}{link}"}, {Name: "sitemap_filename", Value: "map.xml"}, {Name: "sitemap_excludes", Value: []any{"search.html", "genindex/", "/private/*"}}, {Name: "sitemap_show_lastmod", Value: false}, {Name: "sitemap_locales", Value: []any{"en", "fr"}}},
			Want: []peer.Setting{{Key: "filename", Value: "map.xml", From: "sitemap_filename"}, {Key: "exclude", Value: []string{"search.html", "genindex/index.html", "private/*"}, From: "sitemap_excludes"}},
			Warn: []string{"listed the pages under a folder their canonical links (html_baseurl) do not name", "set lastmod.sources: [none]"}},
		{Name: "sphinx-sitemap's scheme, html_baseurl shared by the languages' builds", Ctx: peer.Context{Publish: "_build/html", FolderBuilds: []string{"en/", "fr/"}}, Given: []peer.Given{{Name: "html_baseurl", Value: "https://example.com/"}, {Name: "sitemap_url_scheme", Value: "{lang}{version}{link}"}}},
		{Name: "sphinx-sitemap's scheme without html_baseurl", Given: []peer.Given{{Name: "site_url", Value: "https://example.com/"}, {Name: "sitemap_url_scheme", Value: "{lang}{link}"}}},
	})
}
