package hexo_test

import (
	"slices"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/hexo"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/peertest"
)

// documented are hexo-generator-sitemap's options, as its README lists
// them: each has a row (issue 53).
var documented = []string{"path", "template", "template_txt", "rel", "tags", "categories"}

func TestPeerRows(t *testing.T) { peertest.Rows(t, hexo.Peer, documented) }

// hexoTemplateValues are the settings of hexo-generator-sitemap's own
// template's values (issue 87).
var hexoTemplateValues = []peer.Setting{
	{Key: "rules", Value: []peer.Rule{
		{Match: "index.html", ChangeFreq: "daily", Priority: new(1.0)},
		{Match: "tags/**", ChangeFreq: "weekly", Priority: new(0.2)},
		{Match: "categories/**", ChangeFreq: "weekly", Priority: new(0.2)},
	}, From: "template"},
	{Key: "changefreq", Value: "monthly", From: "template"},
	{Key: "priority", Value: 0.6, From: "template"},
}

// TestPeerMap: what each option gives, as the plugin means it; rel: true
// put a <link rel="sitemap"> into every page's head, for init to carry
// (Result.HeadLink).
func TestPeerMap(t *testing.T) {
	defaults := append(slices.Clone(hexoTemplateValues), peer.Setting{Key: "text", Value: true, From: "path"})
	peertest.Map(t, hexo.Peer, []peertest.Case{
		{Name: "hexo-generator-sitemap", Given: []peer.Given{{Name: "path", Value: []any{"map.xml", "map.txt"}}, {Name: "tags", Value: false}, {Name: "categories", Value: true}, {Name: "rel", Value: true}, {Name: "template", Value: "./sitemap_template.xml"}},
			Want:     []peer.Setting{{Key: "filename", Value: "map.xml", From: "path"}, {Key: "text_filename", Value: "map.txt", From: "path"}, {Key: "text", Value: true, From: "path"}, {Key: "exclude", Value: []string{"tags/**"}, From: "tags"}},
			Warn:     []string{"with which the plugin put a <link rel=\"sitemap\"> into each page's head; sitemapgen edits no page", "names a template of the project's own (\"./sitemap_template.xml\"), which sitemapgen does not render"},
			HeadLink: "rel"},
		// A text sitemap in a folder is written at the root, its name kept.
		{Name: "hexo-generator-sitemap's text in a folder", Given: []peer.Given{{Name: "path", Value: []any{"maps/moths.txt"}}},
			Want: append([]peer.Setting{{Key: "text_filename", Value: "moths.txt", From: "path"}, {Key: "text", Value: true, From: "path"}}, hexoTemplateValues...),
			Warn: []string{"puts the text sitemap in the folder maps; sitemapgen writes it at the site folder's root: moths.txt taken there"}},
		// Without path it wrote sitemap.txt too, which is kept (issue 68).
		{Name: "hexo-generator-sitemap's default path", Given: []peer.Given{{Name: "tags", Value: true}},
			Want: append(slices.Clone(hexoTemplateValues), peer.Setting{Key: "text", Value: true, From: "path"})},
		{Name: "hexo-generator-sitemap's path without an extension", Given: []peer.Given{{Name: "path", Value: "map"}},
			Want: append([]peer.Setting{{Key: "filename", Value: "map.xml", From: "path"}, {Key: "text", Value: false, From: "path"}}, hexoTemplateValues...)},
		{Name: "hexo-generator-sitemap's own template", Given: []peer.Given{{Name: "path", Value: "sitemap.xml"}, {Name: "template", Value: "./sitemap.njk"}},
			Want: []peer.Setting{{Key: "filename", Value: "sitemap.xml", From: "path"}, {Key: "text", Value: false, From: "path"}}, Warn: []string{"names a template of the project's own"}},
		{Name: "no options", Want: defaults},
		{Name: "rel: false", Given: []peer.Given{{Name: "rel", Value: false}}, Want: defaults},
		{Name: "rel: true", Given: []peer.Given{{Name: "rel", Value: true}}, Want: defaults, HeadLink: "rel",
			Warn: []string{"with which the plugin put a <link rel=\"sitemap\"> into each page's head"}},
	})
}
