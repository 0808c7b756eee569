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

// collectionOf returns the collection of the Jekyll source at rel
// (relative to the site's source): "posts" for a post (DIR/_posts/…),
// a collection's label for its documents (collections_dir/_LABEL/…), ""
// for a page or a static file.
func (j *Preset) collectionOf(rel string) string {
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
