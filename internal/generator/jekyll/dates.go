package jekyll

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// CollectionOf returns the collection of the Jekyll source at rel
// (relative to the site's source): "posts" for a post (DIR/_posts/…),
// a collection's label for its documents (collections_dir/_LABEL/…), ""
// for a page or a static file.
func (j *Preset) CollectionOf(rel string) string {
	in := rel
	if j.CollectionsDir != "" {
		var ok bool
		if in, ok = strings.CutPrefix(rel, j.CollectionsDir+"/"); !ok {
			return ""
		}
	}
	els := strings.Split(in, "/")
	if label, ok := strings.CutPrefix(els[0], "_"); ok && len(els) > 1 {
		if _, known := j.Collections[label]; known && label != "posts" {
			return label
		}
	}
	if slices.Contains(els[:len(els)-1], "_posts") {
		return "posts"
	}
	return ""
}

// lastModifiedAtGem is the Jekyll plugin that dates pages by git.
const lastModifiedAtGem = "jekyll-last-modified-at"

// gemGroupRE finds the blocks of a Gemfile's jekyll_plugins group, whose
// gems Jekyll requires (through Bundler) without a plugins: list naming
// them.
var gemGroupRE = lazyre.MustCompile(`(?ms)^[ \t]*group\b[^\n]*:jekyll_plugins\b[^\n]*\bdo\b(.*?)^[ \t]*end\b`)

// gemfilePlugin says whether the Gemfile in dir puts gem in the
// jekyll_plugins group, in a group block or with group: on its line:
// "GEM in the Gemfile's jekyll_plugins group", else "". A Gemfile that
// cannot be read within lim asks for nothing.
func gemfilePlugin(dir, gem string, lim limits.Limits) string {
	data, err := lim.ReadFile(dir, "Gemfile", "Gemfile", limits.Text)
	if err != nil {
		return ""
	}
	line := regexp.MustCompile(`(?m)^[ \t]*gem[ \t(]+["']` + regexp.QuoteMeta(gem) + `["']([^\n]*)`)
	found := false
	for _, m := range gemGroupRE().FindAllSubmatch(data, -1) {
		found = found || line.Match(m[1])
	}
	for _, m := range line.FindAllSubmatch(data, -1) {
		found = found || bytes.Contains(m[1], []byte(":jekyll_plugins"))
	}
	if !found {
		return ""
	}
	return gem + " in the Gemfile's jekyll_plugins group"
}

// LastModOrder returns the order in which jekyll-sitemap dates a page
// when jekyll-last-modified-at is on (its page.last_modified_at, else
// page.date): the plugin sets last_modified_at to the last commit of the
// page's source (its committer date; a rename is a change) before a
// document's front matter is read, so that a document's own
// last_modified_at wins, then git; date, then the post's file name date,
// only for a file git does not know (the plugin dates it by its
// modification time, a checkout's, which is passed over). nil without the plugin: sitemapgen's default order,
// front matter last_modified_at then date, is jekyll-sitemap's.
//
// A page (not a document) is read before the plugin runs, so the plugin
// overwrites its front matter last_modified_at; the order keeps the
// front matter's, as the site's author wrote it.
func (j *Preset) LastModOrder() *generator.DateOrder { return j.order }

func (j *Preset) lastModOrder() *generator.DateOrder {
	if j.LastModPlugin == "" {
		return nil
	}
	return &generator.DateOrder{
		Steps:      []generator.DateStep{{Keys: []string{"last_modified_at"}}, {Git: true}, {Keys: []string{"date"}}, {FileName: true}},
		From:       j.LastModPlugin,
		GitRenames: true, // git log -n 1 -- PATH
	}
}
