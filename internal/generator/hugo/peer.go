package hugo

import "github.com/sitemapgen/sitemapgen/internal/peer"

// Tool is Hugo's built-in sitemap.
const Tool peer.Tool = "Hugo's sitemap"

// Peer is Hugo's built-in sitemap as a peer: its options are the
// [sitemap] table of Hugo's configuration (read by sitemapgen init,
// SitemapOptions). Nothing turns it off: sitemapgen, run after hugo,
// takes it over. The registry lists Peer.
var Peer = &peer.Def{
	Tool: Tool,
	Options: []peer.Option{
		{Tool: Tool, Name: "changefreq", Does: "honoured: read at every run", Map: peer.Honours("sitemapgen reads [sitemap] changefreq at every run; --changefreq overrides it")},
		{Tool: Tool, Name: "priority", Does: "honoured: read at every run", Map: peer.Honours("sitemapgen reads [sitemap] priority at every run; --priority overrides it")},
		{Tool: Tool, Name: "filename", Does: "--filename", Map: peer.Filename},
		{Tool: Tool, Name: "disable", Does: "honoured: sitemapgen writes the sitemap Hugo does not", Map: peer.Honours("Hugo writes no sitemap of its own; sitemapgen's is the site's")},
	},
	Steps: peer.Steps{Where: "after hugo"},
}
