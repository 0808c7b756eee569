package jekyll

import (
	"fmt"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// Tool is jekyll-sitemap, the plugin GitHub Pages and most themes use.
const Tool peer.Tool = "jekyll-sitemap"

// Peer is jekyll-sitemap as a peer. It has no options of its own: its
// rows are what leaves a file out of it in _config.yml, and the
// robots.txt it wrote (read by sitemapgen init, SitemapOptions). Its
// switch removes it where it is named and runs sitemapgen inside jekyll
// build, by the plugin file of docs/jekyll.md. The registry lists Peer.
var Peer = &peer.Def{
	Tool: Tool,
	Options: []peer.Option{
		{Tool: Tool, Name: "defaults", Does: "honoured: sitemap: false in defaults, read at every run", Map: peer.Honours("sitemapgen reads _config.yml's defaults at every run: a file they give sitemap: false is left out")},
		{Tool: Tool, Name: "exclude", Does: "honoured: Jekyll builds no excluded file", Map: peer.Honours("Jekyll builds none of these files, so no sitemap lists them")},
		{Tool: Tool, Name: "robots.txt", Does: "--robots: the robots.txt it wrote where the site had none, naming the sitemap", Map: peer.Robots},
	},
	Steps: peer.Steps{Via: "_plugins/sitemapgen.rb", Where: "after jekyll build", TurnOff: turnOff, Integrate: plugin},
}

// turnOff: jekyll-sitemap is removed only where it is named: a step
// naming a Gemfile the project does not have, or that does not name it,
// is no step.
func turnOff(c peer.Config) string {
	file := diag.Excerpt(c.File)
	var where []string
	for _, f := range c.NamedIn {
		switch {
		case f == c.File && c.Alone != "":
			where = append(where, fmt.Sprintf("from %s, with the %s: key, its only plugin (Jekyll refuses an empty %s:, and builds without the key)", file, c.Alone, c.Alone))
		case f == c.File:
			where = append(where, "from plugins: in "+file)
		default:
			where = append(where, "from the "+diag.Excerpt(f))
		}
	}
	if len(where) == 0 {
		where = []string{"from plugins: in " + file}
	}
	return "remove jekyll-sitemap " + strings.Join(where, " and ")
}

// plugin: the plugin file that runs sitemapgen inside jekyll build.
func plugin(peer.Config) string {
	return "copy the Jekyll plugin file into _plugins/sitemapgen.rb (docs/jekyll.md), which jekyll build runs; or run sitemapgen after jekyll build"
}
