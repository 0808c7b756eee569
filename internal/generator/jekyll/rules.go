package jekyll

import "github.com/sitemapgen/sitemapgen/internal/generator"

// FileRules returns what Jekyll reads of the source at rel, relative to
// the site's source (see [generator.FileRules]): all of its front matter,
// with the defaults: of its scope and its dates as Ruby's YAML reads
// them, a date without a zone in the site's timezone, a post's date in
// its file name, whether Jekyll holds it back until its date (posts and
// documents) or not (pages), its drafts folder, and its collection.
func (j *Preset) FileRules(rel string) generator.FileRules {
	f := generator.FileRules{Reading: generator.AllFrontMatter, Defaults: j.DefaultsFor(rel), RubyTimestamps: true}
	f.Zone, f.ZoneFrom = j.zone()
	f.FileDate = j.fileDate(rel, f.Zone)
	f.AnyDate = !j.heldBack(rel)
	if dir, ok := j.draftsIn(rel); ok {
		f.DraftsIn = dir
	}
	f.Collection = j.collectionOf(rel)
	return f
}

// Rules returns what Jekyll's configuration says of the project (see
// [generator.Rules]): Jekyll builds the project folder itself, copying
// the files that are no pages into the site.
func (j *Preset) Rules() generator.Rules {
	r := generator.Rules{
		Name: "jekyll",
		Sources: generator.SourceRules{
			Config:         &generator.Config{File: j.File, Sources: j.Source, Publish: j.Destination},
			Copies:         j.Copies,
			LeftOut:        []string{"node_modules", "vendor", ".jekyll-cache", ".sass-cache"},
			StaticDefaults: j.DefaultsFor,
			ZoneWarnings:   j.zoneWarnings(),
		},
		Order: j.order,
		Pages: generator.PageRules{Lists: generator.ListRules{Collections: j.collectionsListed}},
	}
	if j.Polyglot != nil {
		r.Pages.Fallback, r.Pages.OtherLanguages = j.fallbackURL, j.otherLanguages
	}
	if j.File != "" {
		r.Sources.ConfigFiles = []string{j.File}
	}
	return r
}
