package netlify_test

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/netlify"
	"github.com/sitemapgen/sitemapgen/internal/peer/peertest"
)

// documented are @netlify/plugin-sitemap's inputs, as its README lists
// them, and the variables of the environment it read: each has a row
// (issue 53).
var documented = []string{"exclude", "prettyURLs", "trailingSlash", "changeFreq", "priority", "buildDir", "urlPrefix", "filePath", "baseUrl", "dir", "NETLIFY_PLUGIN_SITEMAP_BASEURL", "NETLIFY_PLUGIN_SITEMAP_URL_PREFIX"}

func TestPeerRows(t *testing.T) { peertest.Rows(t, netlify.Peer, documented) }

// TestPeerMap: what each input gives, as the plugin means it.
func TestPeerMap(t *testing.T) {
	peertest.Map(t, netlify.Peer, []peertest.Case{
		{Name: "netlify", Ctx: peer.Context{Publish: "public"}, Given: []peer.Given{{Name: "exclude", Value: []any{"./public/secret.html", "**/**/child-one.html", "drafts/**"}}, {Name: "prettyURLs", Value: true}, {Name: "changeFreq", Value: "daily"}, {Name: "priority", Value: 0.5}, {Name: "buildDir", Value: "/public"}, {Name: "filePath", Value: "sub/sitemap.xml"}, {Name: "urlPrefix", Value: "/en/"}},
			Want: []peer.Setting{{Key: "exclude", Value: []string{"secret.html", "**/**/child-one.html", "drafts/**"}, From: "exclude"}, {Key: "clean_urls", Value: true, From: "prettyURLs"}, {Key: "changefreq", Value: "daily", From: "changeFreq"}, {Key: "priority", Value: 0.5, From: "priority"}, {Key: "root", Value: "public", From: "buildDir"}, {Key: "filename", Value: "sitemap.xml", From: "filePath"}},
			Warn: []string{"puts the sitemap in the folder sub", "give the whole URL"}},
		// urlPrefix: the plugin listed each page at the prefix and its
		// path, resolved against the base URL given (issue 68): a prefix
		// from the root replaces the base URL's path, one without a
		// slash is below it; without a base URL among the options, said.
		{Name: "netlify's urlPrefix with baseUrl", Given: []peer.Given{{Name: "urlPrefix", Value: "/en/"}, {Name: "baseUrl", Value: "https://example.com/site"}},
			Want: []peer.Setting{{Key: "base_url", Value: "https://example.com/en/", From: "baseUrl, urlPrefix"}}},
		{Name: "netlify's urlPrefix below baseUrl's path", Given: []peer.Given{{Name: "baseUrl", Value: "https://example.com/site"}, {Name: "urlPrefix", Value: "en"}},
			Want: []peer.Setting{{Key: "base_url", Value: "https://example.com/site/en/", From: "baseUrl, urlPrefix"}}},
		{Name: "netlify's variables", Given: []peer.Given{{Name: "NETLIFY_PLUGIN_SITEMAP_BASEURL", Value: "https://example.com"}, {Name: "NETLIFY_PLUGIN_SITEMAP_URL_PREFIX", Value: "/de"}},
			Want: []peer.Setting{{Key: "base_url", Value: "https://example.com/de/", From: "NETLIFY_PLUGIN_SITEMAP_BASEURL, NETLIFY_PLUGIN_SITEMAP_URL_PREFIX"}}},
		{Name: "netlify's urlPrefix without a base URL", Given: []peer.Given{{Name: "urlPrefix", Value: "/en/"}},
			Warn: []string{"is not taken: give the whole URL the site is served at, with the prefix, as baseUrl (https://example.com/en/)"}},
	})
}
