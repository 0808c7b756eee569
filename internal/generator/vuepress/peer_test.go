package vuepress_test

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/vuepress"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/peertest"
)

// documented are @vuepress/plugin-sitemap's options, as its
// documentation lists them: each has a row (issue 53).
var documented = []string{"hostname", "extraUrls", "excludePaths", "sitemapFilename", "sitemapXSLFilename", "sitemapXSLTemplate", "changefreq", "modifyTimeGetter", "devServer", "devHostname", "xmlNameSpace"}

func TestPeerRows(t *testing.T) { peertest.Rows(t, vuepress.Peer, documented) }

// TestPeerMap: what each option of sitemapPlugin({ … }) gives.
func TestPeerMap(t *testing.T) {
	peertest.Map(t, vuepress.Peer, []peertest.Case{
		// A host alone, https://; extraUrls under it and base;
		// excludePaths as built files; every page daily; the Sitemap: line
		// it wrote into robots.txt under base, which no crawler reads,
		// said; its stylesheet, which answers 404 after the switch, said
		// (issue 98). At the root, robots: true keeps the line.
		{Name: "vuepress", Ctx: peer.Context{BasePath: "/lathe/"}, Given: []peer.Given{{Name: "hostname", Value: "lathe-docs.net"}, {Name: "extraUrls", Value: []any{"/shop/"}}, {Name: "excludePaths", Value: []any{"/404.html", "/private/"}}, {Name: "sitemapFilename", Value: "map.xml"}, {Name: "modifyTimeGetter", Value: peer.Func{}}},
			Want: []peer.Setting{{Key: "base_url", Value: "https://lathe-docs.net/lathe/", From: "hostname"}, {Key: "extra_urls_inline", Value: []string{"https://lathe-docs.net/lathe/shop/"}, From: "extraUrls"},
				{Key: "exclude", Value: []string{"404.html", "private/index.html", "private.html"}, From: "excludePaths"}, {Key: "filename", Value: "map.xml", From: "sitemapFilename"}, {Key: "changefreq", Value: "daily", From: "changefreq"},
			},
			Warn: []string{"is a function", "is written at each build with a Sitemap: line naming the sitemap, at /lathe/robots.txt under base, where crawlers never read it", "is the stylesheet the plugin wrote, which sitemapgen does not write: after the switch /lathe/sitemap.xsl answers 404"}},
		{Name: "vuepress stylesheet", Given: []peer.Given{{Name: "sitemapXSLFilename", Value: "/styles/map.xsl"}, {Name: "changefreq", Value: "weekly"}},
			Want: []peer.Setting{{Key: "changefreq", Value: "weekly", From: "changefreq"}, {Key: "robots", Value: true, From: "robots.txt"}},
			Warn: []string{"is the stylesheet the plugin wrote, which sitemapgen does not write: after the switch /styles/map.xsl answers 404; keep a copy of it in .vuepress/public/ and name it with --xsl /styles/map.xsl"}},
	})
}
