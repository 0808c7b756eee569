package eleventy

import (
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestSourcedLists: a template lists when its text, its layout or what
// they include loops over a collection (for … in, {% set %}, #each,
// pagination's data, Vento's for … of and include), collections.all of
// a navigation aside; the files
// of the includes and layouts folders are among what ReadFolder read.
func TestSourcedLists(t *testing.T) {
	fsys := fstest.MapFS{
		"_includes/base.njk":      {Data: []byte("<nav>{% for e in collections.all | eleventyNavigation %}{{ e.title }}{% endfor %}</nav>{{ content | safe }}")},
		"_includes/home.njk":      {Data: []byte("---\nlayout: base.njk\n---\n{{ content | safe }}{% include \"latest.njk\" %}")},
		"_includes/latest.njk":    {Data: []byte("{% for item in collections.news | limit(3) %}<a href=\"{{ item.url }}\">{{ item.data.title }}</a>{% endfor %}")},
		"_includes/postslist.njk": {Data: []byte("{% for post in postslist | reverse %}{{ post.url }}{% endfor %}")},
		"_layouts/archive.liquid": {Data: []byte("{% render 'postslist' %}")},
		"index.md":                {Data: []byte("---\nlayout: home.njk\n---\n# Home\n")},
		"about.md":                {Data: []byte("---\nlayout: base.njk\n---\n# About\n")},
		"blog.njk":                {Data: []byte("---\nlayout: base.njk\n---\n{% set postslist = collections.posts %}{% include \"postslist.njk\" %}")},
		"tags.hbs":                {Data: []byte("{{#each collections.tagList}}{{this}}{{/each}}")},
		"news.njk":                {Data: []byte("---\npagination:\n  data: collections.news\n  size: 6\n---\n")},
		"sitemap.njk":             {Data: []byte("{% for page in collections.all %}{{ page.url }}{% endfor %}")},
		"post.md":                 {Data: []byte("---\nlayout: base.njk\ntags: news\n---\nA post.\n")},
		"compare.njk":             {Data: []byte("{% if page.url == collections.posts[0].url %}first{% endif %}")},
		"code.md":                 {Data: []byte("---\ntitle: code\n---\n```yaml\nlayout: home.njk\n```\n")},
		"_includes/recent.vto":    {Data: []byte("{{ for post of collections.posts |> reverse }}<a href=\"{{ post.url }}\">{{ post.data.title }}</a>{{ /for }}")},
		"home.vto":                {Data: []byte("---\nlayout: base.njk\n---\n{{ include \"recent.vto\" }}")},
		"archive.vto":             {Data: []byte("{{ for post of collections.posts }}{{ post.url }}{{ /for }}")},
		"page.vto":                {Data: []byte("---\ntitle: page\n---\n{{ for item of items }}{{ item }}{{ /for }}")},
	}
	e := &Preset{Langs: []string{".vto"}}
	read := e.ReadFolder(generator.Folder{Settings: fsys, Content: fsys, Limits: limits.Default})
	sourced := e.Rules().Pages.Lists.Sourced
	if sourced == nil {
		t.Fatal("no Sourced rule")
	}
	for rel, want := range map[string]bool{
		"index.md": true, "blog.njk": true, "tags.hbs": true, "news.njk": true,
		"about.md": false, "sitemap.njk": false, "post.md": false, "missing.md": false,
		"compare.njk": false, "code.md": false,
		"home.vto": true, "archive.vto": true, "page.vto": false,
	} {
		if got := sourced(rel); got != want {
			t.Errorf("Sourced(%s) = %v, want %v", rel, got, want)
		}
	}
	for _, f := range []string{"_includes/base.njk", "_includes/latest.njk", "_layouts/archive.liquid"} {
		found := false
		for _, r := range read {
			found = found || r == f
		}
		if !found {
			t.Errorf("ReadFolder does not name %s: %q", f, read)
		}
	}
}
