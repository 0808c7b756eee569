package gatsby_test

import (
	"slices"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/gatsby"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/peertest"
)

// documented are gatsby-plugin-sitemap's options, as its README lists
// them: each has a row (issue 53).
var documented = []string{"output", "createLinkInHead", "entryLimit", "excludes", "query", "resolveSiteUrl", "resolvePagePath", "resolvePages", "filterPages", "serialize"}

func TestPeerRows(t *testing.T) { peertest.Rows(t, gatsby.Peer, documented) }

// TestPeerMap: what each option gives, as the plugin means it;
// createLinkInHead, true by default, put a <link rel="sitemap"> into
// every page's head, for init to carry (Result.HeadLink).
func TestPeerMap(t *testing.T) {
	index := peer.Setting{Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}
	peertest.Map(t, gatsby.Peer, []peertest.Case{
		{Name: "gatsby", Given: []peer.Given{{Name: "excludes", Value: []any{"/drafts/**"}}, {Name: "entryLimit", Value: 45000.0}, {Name: "createLinkInHead", Value: true}, {Name: "filterPages", Value: peer.Func{}}},
			Want: []peer.Setting{{Key: "exclude", Value: []string{"drafts/**", "drafts.html"}, From: "excludes"}, {Key: "max_urls", Value: 45000, From: "entryLimit"}, index},
			Warn: []string{"edits no page", "is a function"}, HeadLink: "createLinkInHead"},
		// Its index, sitemap-index.xml, is the URL its users submit: the
		// switch keeps it, options or none.
		// createLinkInHead is true by default: its link is to be carried.
		{Name: "gatsby's defaults", Want: []peer.Setting{index}, Warn: []string{"is true by default"}, HeadLink: "createLinkInHead"},
		{Name: "gatsby's output elsewhere", Given: []peer.Given{{Name: "output", Value: "/sitemaps"}, {Name: "createLinkInHead", Value: false}},
			Want: []peer.Setting{{Key: "filename", Value: "sitemap-index.xml", From: "output"}}, Warn: []string{"puts the sitemaps in /sitemaps"}},
		{Name: "gatsby's output elsewhere, built", Ctx: peer.Context{Publish: "public", Sitemaps: []string{"sitemap-1.xml"}}, Given: []peer.Given{{Name: "output", Value: "/sitemaps"}, {Name: "createLinkInHead", Value: false}},
			Want: []peer.Setting{{Key: "filename", Value: "sitemap-index.xml", From: "output"}}, Warn: []string{"puts the sitemaps in /sitemaps"}},
		// gatsby build empties public/: its index's later parts are named
		// as public/ holds them before the switch.
		{Name: "gatsby's parts", Ctx: peer.Context{Publish: "public", Sitemaps: []string{"sitemap-0.xml", "sitemap-1.xml", "sitemap-index.xml"}}, Given: []peer.Given{{Name: "output", Value: "/"}, {Name: "createLinkInHead", Value: false}},
			Want: []peer.Setting{{Key: "filename", Value: "sitemap-index.xml", From: "output"}, {Key: "published_sitemaps", Value: []string{"sitemap-1.xml"}, From: "its parts, sitemap-1.xml …"}}},
		{Name: "gatsby not built", Ctx: peer.Context{Publish: "public", Sitemaps: []string{}}, Given: []peer.Given{{Name: "createLinkInHead", Value: false}},
			Want: []peer.Setting{index}, Warn: []string{"is not in public/: the names of its later parts (sitemap-1.xml …)"}},
		// The cases of what was peer's TestHeadLink.
		{Name: "createLinkInHead: true", Given: []peer.Given{{Name: "createLinkInHead", Value: true}}, Want: []peer.Setting{index},
			Warn: []string{"edits no page"}, HeadLink: "createLinkInHead"},
		{Name: "createLinkInHead not a literal", Given: []peer.Given{{Name: "createLinkInHead", Value: peer.Expr{Text: "process.env.LINK"}}}, Want: []peer.Setting{index},
			Warn: []string{"is not a literal value (process.env.LINK)"}},
	})
}

// TestPeerQuery: query, a GraphQL query of several lines, is honoured,
// not refused as a value that holds a line break (issue 89).
func TestPeerQuery(t *testing.T) {
	r := gatsby.Peer.Map([]peer.Given{{Name: "query", Value: "{\n  site { siteMetadata { siteUrl } }\n}"}}, peer.Context{})
	if !slices.ContainsFunc(r.Notes, func(n peer.Note) bool { return n.Option == "query" && n.Honoured }) {
		t.Errorf("a query of several lines: %+v", r.Notes)
	}
}
