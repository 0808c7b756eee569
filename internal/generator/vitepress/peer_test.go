package vitepress_test

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/vitepress"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/peertest"
)

// documented are the options of VitePress's sitemap: { … }, as its
// documentation and the sitemap package's SitemapStream list them: each
// has a row (issue 53).
var documented = []string{"hostname", "lastmodDateOnly", "transformItems", "xslUrl", "xmlns", "level", "errorHandler"}

func TestPeerRows(t *testing.T) { peertest.Rows(t, vitepress.Peer, documented) }

// TestPeerMap: what each option of sitemap: { … } gives.
func TestPeerMap(t *testing.T) {
	peertest.Map(t, vitepress.Peer, []peertest.Case{
		// A filter of literal URLs: each test named (issue 98).
		{Name: "vitepress filter", Given: []peer.Given{{Name: "transformItems", Value: peer.Leaves{Tests: []string{`item.url includes "migration"`, `item.url is "old.html"`}}}},
			Warn: []string{`leaves out the pages whose item.url includes "migration", or whose item.url is "old.html", which sitemapgen reads while sitemap: stays; once sitemap: goes they are listed`}},
		{Name: "vitepress", Given: []peer.Given{{Name: "hostname", Value: "https://example.com"}, {Name: "lastmodDateOnly", Value: true}, {Name: "xslUrl", Value: "/sitemap.xsl"}, {Name: "transformItems", Value: peer.Func{}}},
			Want: []peer.Setting{{Key: "base_url", Value: "https://example.com/", From: "hostname"}, {Key: "lastmod_format", Value: "date", From: "lastmodDateOnly"}, {Key: "xsl", Value: "/sitemap.xsl", From: "xslUrl"}},
			Warn: []string{"is a function"}},
		{Name: "vitepress's base", Ctx: peer.Context{BasePath: "/docs/"}, Given: []peer.Given{{Name: "hostname", Value: "https://example.com/"}},
			Want: []peer.Setting{{Key: "base_url", Value: "https://example.com/docs/", From: "hostname"}}},
		{Name: "vitepress's hostname not a URL", Given: []peer.Given{{Name: "hostname", Value: "example.com"}}, Warn: []string{`is "example.com", not an absolute http(s) URL`}},
	})
}
