package rspress_test

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/rspress"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/peertest"
)

// documented are @rspress/plugin-sitemap's options, as its
// documentation lists them: each has a row (issue 53).
var documented = []string{"siteUrl", "customMaps", "defaultPriority", "defaultChangeFreq"}

func TestPeerRows(t *testing.T) { peertest.Rows(t, rspress.Peer, documented) }

// TestPeerMap: what each option of pluginSitemap({ … }) gives.
func TestPeerMap(t *testing.T) {
	peertest.Map(t, rspress.Peer, []peertest.Case{
		// siteUrl with base; its defaults, every page monthly and the home
		// at 1.0, kept; a route's own values a rule on its built files.
		{Name: "rspress", Ctx: peer.Context{BasePath: "/kiln/"}, Given: []peer.Given{{Name: "siteUrl", Value: "https://kiln-docs.net/kiln/"}, {Name: "defaultPriority", Value: "0.7"},
			{Name: "customMaps", Value: map[string]any{"/guide/start": map[string]any{"changefreq": "weekly", "priority": "0.9", "lastmod": "2024-01-01"}, "/": map[string]any{"loc": "https://elsewhere.example/"}}}},
			Want: []peer.Setting{{Key: "base_url", Value: "https://kiln-docs.net/kiln/", From: "siteUrl"}, {Key: "priority", Value: 0.7, From: "defaultPriority"},
				{Key: "rules", Value: []peer.Rule{{Match: "guide/start/index.html", ChangeFreq: "weekly", Priority: new(0.9)}, {Match: "guide/start.html", ChangeFreq: "weekly", Priority: new(0.9)}, {Match: "index.html", Priority: new(1.0)}}, From: "customMaps, defaultPriority"},
				{Key: "changefreq", Value: "monthly", From: "defaultChangeFreq"}},
			Warn: []string{`gives "/" its loc, which is not taken`, `gives "/guide/start" a lastmod, which is not taken`}},
		// A customMaps route for the home with no priority: the plugin
		// still gives it 1.0, which its rule, the first to match, keeps.
		{Name: "rspress home route", Given: []peer.Given{{Name: "siteUrl", Value: "https://kiln-docs.net/"}, {Name: "defaultChangeFreq", Value: "weekly"},
			{Name: "customMaps", Value: map[string]any{"/": map[string]any{"changefreq": "daily"}}}},
			Want: []peer.Setting{{Key: "base_url", Value: "https://kiln-docs.net/", From: "siteUrl"}, {Key: "changefreq", Value: "weekly", From: "defaultChangeFreq"},
				{Key: "rules", Value: []peer.Rule{{Match: "index.html", ChangeFreq: "daily", Priority: new(1.0)}}, From: "customMaps, defaultPriority"}}},
	})
}
