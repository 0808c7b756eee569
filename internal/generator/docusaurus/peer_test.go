package docusaurus_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/docusaurus"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/peertest"
)

// documented are @docusaurus/plugin-sitemap's options, as its
// documentation lists them: each has a row (issue 53).
var documented = []string{"changefreq", "priority", "ignorePatterns", "filename", "lastmod", "createSitemapItems"}

func TestPeerRows(t *testing.T) { peertest.Rows(t, docusaurus.Peer, documented) }

// TestPeerMap: what each option gives, as the plugin means it.
func TestPeerMap(t *testing.T) {
	peertest.Map(t, docusaurus.Peer, []peertest.Case{
		{Name: "docusaurus' createSitemapItems run by the integration", Given: []peer.Given{{Name: "createSitemapItems", Value: peer.Hooked{}}}},
		{Name: "docusaurus", Ctx: peer.Context{BasePath: "/docs/"}, Given: []peer.Given{{Name: "changefreq", Value: nil}, {Name: "priority", Value: 0.3}, {Name: "ignorePatterns", Value: []any{"/docs/tags/**", "/legal", "/blog/*/draft"}}, {Name: "lastmod", Value: "date"}, {Name: "filename", Value: "sitemap.xml"}, {Name: "createSitemapItems", Value: peer.Func{}}},
			Want: []peer.Setting{{Key: "priority", Value: 0.3, From: "priority"}, {Key: "exclude", Value: []string{"tags/**", "tags.html", "legal/index.html", "legal.html", "blog/*/draft/index.html", "blog/*/draft.html"}, From: "ignorePatterns"}, {Key: "lastmod_format", Value: "date", From: "lastmod"}, {Key: "filename", Value: "sitemap.xml", From: "filename"}},
			Warn: []string{"is a function"}},
	})
}

// TestPeerHooked: createSitemapItems, which sitemapgen/docusaurus runs as
// the per-URL hook, comes marked {"$hook": true} and is honoured with
// the plugin's meaning; read by init ({"$function": true}), a warning
// (peer's TestHooked, for this peer).
func TestPeerHooked(t *testing.T) {
	peer.Register(docusaurus.Peer) // Decode knows the peers registered
	_, given, _, err := peer.Decode(`{"tool": "` + string(docusaurus.Tool) + `", "options": {"createSitemapItems": {"$hook": true}}}`)
	if err != nil {
		t.Fatal(err)
	}
	r := docusaurus.Peer.Map(given, peer.Context{})
	if len(r.Warnings()) != 0 || !slices.ContainsFunc(r.Notes, func(n peer.Note) bool {
		return n.Honoured && n.Option == "createSitemapItems" && strings.Contains(n.Msg, "runs it as the per-URL hook") && strings.Contains(n.Msg, "given every URL at once")
	}) {
		t.Errorf("run by the integration: %+v", r.Notes)
	}
	if r := docusaurus.Peer.Map([]peer.Given{{Name: "createSitemapItems", Value: peer.Func{}}}, peer.Context{}); len(r.Warnings()) != 1 || !strings.Contains(r.Warnings()[0].Msg, "keep it in the integration") {
		t.Errorf("read by init: %+v", r.Notes)
	}
}
