package hexo

import (
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator"
)

// day is a date in UTC.
func day(s string) time.Time {
	t, err := time.Parse(time.DateTime, s)
	if err != nil {
		panic(err)
	}
	return t
}

// TestURLPath: Hexo 8.1.2's rules (hexo-rules: post_permalink.js,
// processor/post.js and asset.js, hexo-util's Permalink and slugize);
// the first rows are what the real build of internal/e2e/testdata/hexo
// wrote.
func TestURLPath(t *testing.T) {
	type cfg func(*Config)
	pretty := func(c *Config) { c.TrailingIndex = false }
	tests := []struct {
		name string
		cfg  cfg
		page generator.Page
		want string // "" for no page
	}{
		// The fixture's build (trailing_index: false).
		{"post", pretty, generator.Page{Path: "_posts/hello-world.md", Date: day("2024-01-10 10:00:00")}, "/2024/01/10/hello-world/"},
		{"post in a folder of _posts", pretty, generator.Page{Path: "_posts/notes/deep-dive.md", Date: day("2024-02-20 08:00:00")}, "/2024/02/20/notes/deep-dive/"},
		{"post's own permalink", pretty, generator.Page{Path: "_posts/moved.md", Permalink: "custom/moved/", Date: day("2024-01-25 14:00:00")}, "/custom/moved/"},
		{"page index", pretty, generator.Page{Path: "about/index.md"}, "/about/"},
		{"draft", pretty, generator.Page{Path: "_drafts/unfinished.md"}, ""},

		// A build of Hexo 8.1.2 with permalink :category/:post_title-:hash.html,
		// new_post_name :year-:month-:day-:title.md, trailing_html: false.
		{"real: categories, title, hash, the file name's date", func(c *Config) {
			c.Permalink, c.NewPostName, c.TrailingHTML, c.TrailingIndex = ":category/:post_title-:hash.html", ":year-:month-:day-:title.md", false, false
		}, generator.Page{Path: "_posts/2024-03-05-first.md", Title: "First Post, Really!", Categories: []string{"Go Notes", "Deep Dive"}, Date: day("2024-03-05 00:00:00")}, "/Go-Notes/Deep-Dive/first-post-really-023c02de6070"},
		{"real: a folder new_post_name does not match", func(c *Config) {
			c.Permalink, c.NewPostName, c.TrailingHTML, c.TrailingIndex = ":category/:post_title-:hash.html", ":year-:month-:day-:title.md", false, false
		}, generator.Page{Path: "_posts/notes/2024-04-01-second.md", Title: "Crème brûlée", Date: day("2024-04-02 23:30:00")}, "/uncategorized/creme-brulee-448eb0b3275c"},

		// Hexo's defaults.
		{"page index, trailing_index", nil, generator.Page{Path: "about/index.md"}, "/about/index.html"},
		{"page", nil, generator.Page{Path: "contact.md"}, "/contact.html"},
		{"page, trailing_html: false", func(c *Config) { c.TrailingHTML = false }, generator.Page{Path: "contact.md"}, "/contact"},
		{"page's permalink with /", nil, generator.Page{Path: "a.md", Permalink: "/b/c/"}, "/b/c/index.html"},
		{"page's permalink without extension", nil, generator.Page{Path: "a.md", Permalink: "b/c"}, "/b/c.html"},
		{"page's permalink above the root", nil, generator.Page{Path: "a.md", Permalink: "../../etc/"}, ""},
		{"an EJS page", nil, generator.Page{Path: "links/index.ejs"}, "/links/index.html"},
		{"a stylesheet is no page", nil, generator.Page{Path: "css/site.styl"}, ""},
		{"a hidden page", nil, generator.Page{Path: "_partial/x.md"}, ""},
		{"a hidden page that include takes", func(c *Config) { c.Include = []string{"_partial/**"} }, generator.Page{Path: "_partial/x.md"}, "/_partial/x.html"},
		{"exclude", func(c *Config) { c.Exclude = []string{"drafts/**"} }, generator.Page{Path: "drafts/x.md"}, ""},
		{"skip_render", func(c *Config) { c.SkipRender = []string{"google*.html", "demo/**"} }, generator.Page{Path: "google123.html"}, ""},
		{"skip_render, a post", func(c *Config) { c.SkipRender = []string{"_posts/old/**"} }, generator.Page{Path: "_posts/old/a.md", Date: day("2020-01-01 00:00:00")}, ""},
		{"a temporary file", nil, generator.Page{Path: "a.md~"}, ""},
		{"a hidden file under _posts", nil, generator.Page{Path: "_posts/_x/a.md", Date: day("2024-01-10 10:00:00")}, ""},
		{"render_drafts", func(c *Config) { c.RenderDrafts = true }, generator.Page{Path: "_drafts/unfinished.md", Date: day("2024-05-01 00:00:00")}, "/2024/05/01/unfinished/"},
		{"post without a date", nil, generator.Page{Path: "_posts/x.md"}, ""},
		{"post without a date, a rule without one", func(c *Config) { c.Permalink = ":title/" }, generator.Page{Path: "_posts/x.md"}, "/x/"},

		// The permalink's placeholders.
		{"html rule", func(c *Config) { c.Permalink = ":year/:title.html" }, generator.Page{Path: "_posts/hello-world.md", Date: day("2024-01-10 10:00:00")}, "/2024/hello-world.html"},
		{"html rule, trailing_html: false", func(c *Config) { c.Permalink = ":year/:title.html"; c.TrailingHTML = false }, generator.Page{Path: "_posts/hello-world.md", Date: day("2024-01-10 10:00:00")}, "/2024/hello-world"},
		{"unpadded and time", func(c *Config) { c.Permalink = ":i_month/:i_day/:hour:minute:second/:name/" }, generator.Page{Path: "_posts/a/b.md", Date: day("2024-03-04 05:06:07")}, "/3/4/050607/b/"},
		{"timestamp", func(c *Config) { c.Permalink = "p/:timestamp/" }, generator.Page{Path: "_posts/a.md", Date: day("2024-01-01 00:00:00")}, "/p/1704067200/"},
		{"post_title", func(c *Config) { c.Permalink = ":post_title/" }, generator.Page{Path: "_posts/a.md", Title: "Héllo, World: Again!", Date: day("2024-01-01 00:00:00")}, "/hello-world-again/"},
		{"post_title without a title", func(c *Config) { c.Permalink = ":post_title/" }, generator.Page{Path: "_posts/a.md", Date: day("2024-01-01 00:00:00")}, ""},
		{"category", func(c *Config) { c.Permalink = ":category/:title/" }, generator.Page{Path: "_posts/a.md", Categories: []string{"Go Notes", "Deep"}, Date: day("2024-01-01 00:00:00")}, "/Go-Notes/Deep/a/"},
		{"category, filename_case and category_map", func(c *Config) {
			c.Permalink, c.FilenameCase, c.CategoryMap = ":category/:title/", 1, map[string]string{"日记": "diary"}
		}, generator.Page{Path: "_posts/a.md", Categories: []string{"日记"}, Date: day("2024-01-01 00:00:00")}, "/diary/a/"},
		{"default category", func(c *Config) { c.Permalink = ":category/:title/" }, generator.Page{Path: "_posts/a.md", Date: day("2024-01-01 00:00:00")}, "/uncategorized/a/"},
		{"hash", func(c *Config) { c.Permalink = "posts/:hash/" }, generator.Page{Path: "_posts/hello-world.md", Date: day("2024-01-10 10:00:00")}, "/posts/eae3eb71582c/"},
		{"id is the database's", func(c *Config) { c.Permalink = "p/:id/" }, generator.Page{Path: "_posts/a.md", Date: day("2024-01-01 00:00:00")}, ""},
		{"a front matter key: not read", func(c *Config) { c.Permalink = ":lang/:title/"; c.Defaults = map[string]string{"lang": "en"} }, generator.Page{Path: "_posts/a.md", Date: day("2024-01-01 00:00:00")}, ""},
		{"a key of new_post_name", func(c *Config) { c.Permalink = ":lang/:title/"; c.NewPostName = ":lang/:title.md" }, generator.Page{Path: "_posts/fr/a.md", Date: day("2024-01-01 00:00:00")}, "/fr/a/"},
		{"new_post_name with a date", func(c *Config) { c.NewPostName = ":year-:month-:day-:title.md" }, generator.Page{Path: "_posts/2024-01-10-hi.md", Date: day("2024-01-10 00:00:00")}, "/2024/01/10/hi/"},
		{"new_post_name that does not match: the path slugged", func(c *Config) { c.NewPostName = ":year-:month-:day-:title.md" }, generator.Page{Path: "_posts/a b/c.md", Date: day("2024-01-10 00:00:00")}, "/2024/01/10/a-b-c/"},
		{"post_asset_folder", func(c *Config) { c.Permalink = ":year/:title"; c.PostAssetFolder = true }, generator.Page{Path: "_posts/a.md", Date: day("2024-01-01 00:00:00")}, "/2024/a/"},
		{"a rule above the root", func(c *Config) { c.Permalink = "../../:title/" }, generator.Page{Path: "_posts/a.md", Date: day("2024-01-01 00:00:00")}, ""},
		{"slug is the file's", func(c *Config) { c.Permalink = ":slug/" }, generator.Page{Path: "_posts/a.md", Slug: "other", Date: day("2024-01-01 00:00:00")}, "/a/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Defaults()
			if tt.cfg != nil {
				tt.cfg(c)
			}
			got, ok := NewRoutes(c).URLPath(tt.page)
			if !ok {
				got = ""
			}
			if got != tt.want {
				t.Errorf("URLPath(%+v) = %q, %v; want %q", tt.page, got, ok, tt.want)
			}
		})
	}
}

// TestSlugize: hexo-util 3's slugize gives the same (checked with node
// in the fixture's node_modules); "/posts/eae3eb71582c/" above is its
// createSha1Hash's too.
func TestSlugize(t *testing.T) {
	for in, want := range map[string]string{
		"Hello, World!":      "Hello-World",
		"  a -- b  ":         "a-b",
		"Crème brûlée":       "Creme-brulee",
		"日本語 テスト":            "日本語-テスト",
		"a_b.c/d":            "a-b-c-d",
		"tab\there\x01x":     "tabherex",
		"--trailing--":       "trailing",
		"emoji 🙂 stays":      "emoji-🙂-stays",
		"quotes \"'` <x> ok": "quotes-x-ok",
	} {
		if got := Slugize(in, 0); got != want {
			t.Errorf("Slugize(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Slugize("Go Notes", 1); got != "go-notes" {
		t.Errorf("transform 1: %q", got)
	}
}
