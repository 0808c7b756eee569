// Package hugo is Hugo, as sitemapgen knows it: a project is one with
// hugo.* or config.* (with a key or a folder of Hugo's), or a config/
// folder of such files. `hugo` writes publishDir (public/) from
// contentDir (content/), each language's contentDir with it, or the
// folders module.mounts mount at content in their place (mounts.go): pages at
// Hugo's URLs (bundles, sections, permalinks, slugs), list pages for the
// home, sections, taxonomies and terms, static/ copied as it is, and its
// sitemaps ([sitemap], one per language). Its builds keep the output of
// deleted sources; hugo server renders to memory unless told
// --renderToDisk. A page is dated by [frontmatter] lastmod, :git being
// GitInfo's author date. A cascade (an _index file's, the
// configuration's) gives the pages below what leaves them out of the
// sitemap or sets their sitemap fields (cascade.go).
package hugo

import (
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
)

// Generator is Hugo.
type Generator struct{}

var (
	_ generator.Generator  = Generator{}
	_ generator.Loader     = Generator{}
	_ generator.PeerReader = Generator{}

	_ generator.Preset       = (*Preset)(nil)
	_ generator.Refuser      = (*Preset)(nil)
	_ generator.FolderReader = (*Preset)(nil)
	_ generator.Translator   = (*Preset)(nil)
	_ generator.Changer      = (*Preset)(nil)

	_ generator.Preset     = (*Languages)(nil)
	_ generator.Refuser    = (*Languages)(nil)
	_ generator.Translator = (*Languages)(nil)
	_ generator.Changer    = (*Languages)(nil)
)

// Info returns Hugo's.
func (Generator) Info() generator.Info {
	return generator.Info{Name: "hugo", Title: "Hugo", PublishKey: "publishDir", SourceKey: "contentDir", BaseURLPlaces: []string{"baseURL in Hugo's configuration ({file})"}, Sitemaps: generator.LanguageSitemaps, SitemapStays: true, Marks: marks}
}

// Load loads the preset of the Hugo project in d: found when it has a
// configuration (see [generator.Loader]).
func (Generator) Load(d *generator.Dir) (generator.Preset, bool, error) {
	h, err := LoadDir(d)
	return h, err == nil && h.File != "", err
}

// marks returns, for a project found by config.*, a name other tools'
// projects share, Hugo's own folders (see [generator.Info].Marks).
func marks(p *generator.Detected) []string {
	if !strings.HasPrefix(path.Base(p.File), "config.") {
		return nil
	}
	return Folders
}
