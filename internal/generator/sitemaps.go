package generator

import (
	"path"
	"regexp"
)

// Sitemaps names the sitemap files the generator p (or the
// sitemap plugin its projects use) writes into its output, by their path
// there: Hugo's sitemap.xml and each language's LANG/sitemap.xml,
// jekyll-sitemap's, Eleventy's and VitePress's sitemap.xml, MkDocs'
// sitemap.xml and sitemap.xml.gz, @astrojs/sitemap's sitemap-index.xml
// and sitemap-N.xml, next-sitemap's sitemap.xml and sitemap-N.xml,
// Docusaurus' sitemap.xml and each locale's LOCALE/sitemap.xml,
// gatsby-plugin-sitemap's sitemap-index.xml and sitemap-N.xml
// (sitemap.xml before its version 4), @nuxtjs/sitemap's sitemap.xml, or
// sitemap_index.xml and the sitemaps in its folder __sitemap__/; none of
// SvelteKit's, which has no sitemap of its own; Zola's sitemap.xml and,
// past 30,000 URLs, its sitemapN.xml.
func (p *Project) Sitemaps() func(name string) bool {
	names := map[string]bool{"sitemap.xml": true}
	var shard *regexp.Regexp // the names of the shards of an index
	folder := ""
	switch p.Generator {
	case "hugo":
		for _, lang := range p.Languages {
			names[lang+"/sitemap.xml"] = true
		}
	case "mkdocs":
		names["sitemap.xml.gz"] = true
	case "astro", "gatsby":
		names["sitemap-index.xml"], shard = true, numberedShard
	case "next":
		shard = numberedShard
	case "docusaurus":
		// Each locale the configuration names builds into its folder,
		// with its own sitemap.xml: those, and no other folder's (an
		// api/ or img/ of the project's own is no locale).
		for _, l := range p.Locales {
			names[l+"/sitemap.xml"] = true
		}
	case "nuxt":
		names["sitemap_index.xml"], folder = true, "__sitemap__/"
	case "sveltekit":
		delete(names, "sitemap.xml") // it writes none: a sitemap.xml route is the project's own
	case "zola":
		shard = zolaShard // over 30,000 URLs, sitemap.xml is an index of them
	}
	return func(name string) bool {
		dir, file := path.Split(name)
		switch {
		case names[name]:
			return true
		case shard != nil && dir == "" && shard.MatchString(file):
			return true
		case folder != "" && (name == folder || dir == folder && path.Ext(file) == ".xml"):
			return true
		}
		return false
	}
}

var (
	// numberedShard is the name of the shards of @astrojs/sitemap,
	// next-sitemap and gatsby-plugin-sitemap: sitemap-0.xml, sitemap-1.xml …
	numberedShard = regexp.MustCompile(`^sitemap-[0-9]+\.xml$`)
	// zolaShard is the name of Zola's: sitemap1.xml …
	zolaShard = regexp.MustCompile(`^sitemap[0-9]+\.xml$`)
)
