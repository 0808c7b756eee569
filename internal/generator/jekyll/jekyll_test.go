package jekyll

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

func TestLoadJekyll(t *testing.T) {
	t.Run("no config", func(t *testing.T) {
		j, err := Load(t.TempDir(), limits.Default)
		if err != nil {
			t.Fatal(err)
		}
		if j.File != "" || j.Permalink != "date" || j.Source != "." || j.Destination != "_site" || j.Collections != nil {
			t.Errorf("defaults: %+v", j)
		}
		if got, ok := j.URLPath(generator.Page{Path: "_posts/2024-01-02-x.md"}); !ok || got != "/2024/01/02/x.html" {
			t.Errorf("URLPath = %q, %v", got, ok)
		}
	})
	t.Run("collections table", func(t *testing.T) {
		dir := t.TempDir()
		writeSite(t, dir, map[string]string{"_config.yml": `
url: https://example.com
baseurl: /blog
source: src
destination: public
permalink: pretty
timezone: Europe/Berlin
collections_dir: my_collections
exclude: [README.md]
include: [_pages]
markdown_ext: md,txt
collections:
  recipes:
    output: true
    permalink: /r/:path/
  notes:
  "bad name!":
    output: "true"
`})
		j, err := Load(dir, limits.Default)
		if err != nil {
			t.Fatal(err)
		}
		if j.File != "_config.yml" || j.URL != "https://example.com" || j.BaseURL != "/blog" || j.Source != "src" ||
			j.Destination != "public" || j.Permalink != "pretty" || j.Timezone != "Europe/Berlin" ||
			j.CollectionsDir != "my_collections" || j.MarkdownExt != "md,txt" {
			t.Errorf("got %+v", j)
		}
		want := map[string]Collection{"recipes": {Output: true, Permalink: "/r/:path/"}, "notes": {}, "badname": {Output: true}}
		if len(j.Collections) != len(want) {
			t.Errorf("Collections = %v, want %v", j.Collections, want)
		}
		for k, v := range want {
			if j.Collections[k] != v {
				t.Errorf("Collections[%q] = %+v, want %+v", k, j.Collections[k], v)
			}
		}
		if !strings.Contains(strings.Join(j.Exclude, " "), "README.md node_modules") && !strings.Contains(strings.Join(j.Exclude, " "), "README.md") {
			t.Errorf("Exclude = %q", j.Exclude)
		}
		if got := j.SiteURL(); got != "https://example.com/blog/" {
			t.Errorf("SiteURL = %q", got)
		}
		if got := j.Dir(dir); got != dir+"/src" {
			t.Errorf("Dir = %q", got)
		}
		if got, ok := j.URLPath(generator.Page{Path: "my_collections/_recipes/a/b.md", HasFrontMatter: true}); !ok || got != "/r/a/b/" {
			t.Errorf("URLPath = %q, %v", got, ok)
		}
	})
	t.Run("collections list", func(t *testing.T) {
		dir := t.TempDir()
		writeSite(t, dir, map[string]string{"_config.yaml": "collections: [a, b]\n"})
		j, err := Load(dir, limits.Default)
		if err != nil {
			t.Fatal(err)
		}
		if j.File != "_config.yaml" || len(j.Collections) != 2 || j.Collections["a"].Output {
			t.Errorf("got File %q, Collections %v", j.File, j.Collections)
		}
	})
	t.Run("toml", func(t *testing.T) {
		dir := t.TempDir()
		writeSite(t, dir, map[string]string{"_config.toml": "permalink = \"none\"\n[collections.docs]\noutput = true\n"})
		j, err := Load(dir, limits.Default)
		if err != nil {
			t.Fatal(err)
		}
		if j.File != "_config.toml" || j.Permalink != "none" || !j.Collections["docs"].Output {
			t.Errorf("got %+v", j)
		}
	})
	t.Run("yml before yaml", func(t *testing.T) {
		dir := t.TempDir()
		writeSite(t, dir, map[string]string{"_config.yml": "permalink: pretty\n", "_config.yaml": "permalink: none\n"})
		j, err := Load(dir, limits.Default)
		if err != nil {
			t.Fatal(err)
		}
		if j.File != "_config.yml" || j.Permalink != "pretty" {
			t.Errorf("got File %q, Permalink %q", j.File, j.Permalink)
		}
	})
	t.Run("empty file", func(t *testing.T) {
		dir := t.TempDir()
		writeSite(t, dir, map[string]string{"_config.yml": "# nothing\n"})
		j, err := Load(dir, limits.Default)
		if err != nil {
			t.Fatal(err)
		}
		if j.File != "_config.yml" || j.Permalink != "date" {
			t.Errorf("got %+v", j)
		}
	})
	t.Run("a key given twice", func(t *testing.T) {
		// Ruby's YAML keeps the last value, and so does Jekyll.
		dir := t.TempDir()
		writeSite(t, dir, map[string]string{"_config.yml": "url: x\npermalink: date\npermalink: none\n"})
		j, err := Load(dir, limits.Default)
		if err != nil {
			t.Fatal(err)
		}
		if j.Permalink != "none" {
			t.Errorf("permalink %q, want the last value, none", j.Permalink)
		}
	})
}

func TestLoadJekyllErrors(t *testing.T) {
	tests := []struct {
		name, config, want string
	}{
		{name: "yaml syntax", config: "url: x\npermalink: [\n", want: "_config.yml:2: did not find expected node content"},
		{name: "yaml tab", config: "url: x\nbaseurl: y\n\tpermalink: x\n", want: "_config.yml:2: found a tab character"},
		{name: "not a mapping", config: "- a\n", want: "_config.yml: the file is a list"},
		{name: "bad placeholder", config: "permalink: /:year/:tittle/\n", want: "_config.yml: permalink: placeholder :tittle is not one Jekyll knows"},
		{name: "bad collection placeholder", config: "collections:\n  r:\n    output: true\n    permalink: /:basename/\n", want: "_config.yml: collections.r.permalink: placeholder :basename"},
		{name: "bad output", config: "collections:\n  r:\n    output: [1]\n", want: "collections.r.output: want true or false, got a list"},
		{name: "bad collections", config: "collections: 3\n", want: "collections: want a list of names or a table, got a number"},
		{name: "bad exclude", config: "exclude: README.md\n", want: "exclude: want a list, got a string"},
		{name: "bad permalink type", config: "permalink: [a]\n", want: "permalink: want a string, got a list"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeSite(t, dir, map[string]string{"_config.yml": tt.config})
			_, err := Load(dir, limits.Default)
			if err == nil {
				t.Fatalf("no error; want %q", tt.want)
			}
			var ce *diag.Diagnostic
			if !errors.As(err, &ce) {
				t.Errorf("error %v is not a *diag.Diagnostic", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q; want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestJekyllSlugify(t *testing.T) {
	tests := []struct {
		in            string
		pretty, cased bool
		want          string
	}{
		// The examples of Jekyll's Utils.slugify documentation.
		{in: "The _config.yml file", want: "the-config-yml-file"},
		{in: "The _config.yml file", pretty: true, want: "the-_config.yml-file"},
		{in: "The _config.yml file", pretty: true, cased: true, want: "The-_config.yml-file"},
		{in: "  --Leading and trailing--  ", want: "leading-and-trailing"},
		{in: "Ünïcödé Títle", want: "ünïcödé-títle"},
		{in: "中文 标题", want: "中文-标题"},
		{in: "a&b (c)!", pretty: true, want: "a&b-(c)!"},
		{in: "", want: ""},
	}
	for _, tt := range tests {
		if got := slugify(tt.in, tt.pretty, tt.cased); got != tt.want {
			t.Errorf("slugify(%q, %v, %v) = %q, want %q", tt.in, tt.pretty, tt.cased, got, tt.want)
		}
	}

	// The same strings, and more, through Jekyll's own slugify.
	testtool.Program(t, "jekyll", "apt-get install jekyll")
	ruby := testtool.Program(t, "ruby", "apt-get install jekyll")
	if out, err := exec.Command(ruby, "-e", `require "jekyll"`).CombinedOutput(); err != nil {
		t.Fatalf("ruby cannot load jekyll, to compare with its slugify: %v\n%s", err, out)
	}
	inputs := []string{
		"The _config.yml file", "  --Leading and trailing--  ", "Ünïcödé Títle", "中文 标题", "a&b (c)!",
		"It's a “quote”", "tab\tand\nnewline", "Ⅻ roman", "emoji 🎉 party", "ß and ǅ", "x.y_z~a!b$c&d'e(f)g+h,i;j=k@l",
		"MiXeD CaSe 123", "١٢٣ arabic digits", "a--b", "...",
	}
	script := `STDIN.read.split("\x00").each { |s| ["default", "pretty"].each { |m| [false, true].each { |c| print Jekyll::Utils.slugify(s, :mode => m, :cased => c), "\x00" } } }`
	cmd := exec.Command(ruby, "-e", `require "jekyll"; Jekyll.logger.log_level = :error; `+script)
	cmd.Stdin = strings.NewReader(strings.Join(inputs, "\x00"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ruby: %v", err)
	}
	results := strings.Split(string(out), "\x00")
	i := 0
	for _, in := range inputs {
		for _, pretty := range []bool{false, true} {
			for _, cased := range []bool{false, true} {
				if got := slugify(in, pretty, cased); got != results[i] {
					t.Errorf("slugify(%q, pretty %v, cased %v) = %q; Jekyll %q", in, pretty, cased, got, results[i])
				}
				i++
			}
		}
	}
}

// TestJekyllDefaults: defaults: apply by scope path (a folder, a file, a
// glob) and type, the longer path winning, then the entry with a type.
func TestJekyllDefaults(t *testing.T) {
	dir := buildtest.TempSite(t, map[string]string{"_config.yml": `
collections:
  recipes: {output: true}
defaults:
  - scope: {path: ""}
    values: {layout: default, sitemap: true}
  - scope: {path: "docs", type: pages}
    values: {sitemap: false, permalink: /d/:basename/}
  - scope: {path: "docs"}
    values: {sitemap: true}
  - scope: {path: "docs/keep.md"}
    values: {sitemap: true}
  - scope: {path: "assets/*.md"}
    values: {published: false}
  - scope: {type: post}
    values: {permalink: /p/:title/}
  - scope: {type: recipes}
    values: {author: cook}
`})
	j, err := Load(dir, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		rel  string
		want map[string]any
	}{
		{"index.md", map[string]any{"layout": "default", "sitemap": true}},
		// The same path: the entry with a type wins over the later one without.
		{"docs/a.md", map[string]any{"layout": "default", "sitemap": false, "permalink": "/d/:basename/"}},
		{"docs/keep.md", map[string]any{"layout": "default", "sitemap": true, "permalink": "/d/:basename/"}},
		{"assets/x.md", map[string]any{"layout": "default", "sitemap": true, "published": false}},
		{"_posts/2024-01-02-a.md", map[string]any{"layout": "default", "sitemap": true, "permalink": "/p/:title/"}},
		{"_recipes/soup.md", map[string]any{"layout": "default", "sitemap": true, "author": "cook"}},
	} {
		if got := j.DefaultsFor(tc.rel); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("DefaultsFor(%q) = %v, want %v", tc.rel, got, tc.want)
		}
	}
}

func TestJekyllURLPath(t *testing.T) {
	newYork, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	collections := map[string]Collection{
		"recipes": {Output: true},
		"notes":   {Output: false},
		"guides":  {Output: true, Permalink: "/g/:path/"},
	}
	fm := func(p generator.Page) generator.Page { p.HasFrontMatter = true; return p }
	tests := []struct {
		name   string
		j      Preset // Collections and Timezone are added
		page   generator.Page
		want   string
		wantOK bool
	}{
		// Posts and the permalink styles.
		{name: "post date", page: fm(generator.Page{Path: "_posts/2024-01-02-hello-world.md"}), want: "/2024/01/02/hello-world.html", wantOK: true},
		{name: "post default style is date", j: Preset{Permalink: ""}, page: fm(generator.Page{Path: "_posts/2024-01-02-hello.md"}), want: "/2024/01/02/hello.html", wantOK: true},
		{name: "post pretty", j: Preset{Permalink: "pretty"}, page: fm(generator.Page{Path: "_posts/2024-01-02-hello.md"}), want: "/2024/01/02/hello/", wantOK: true},
		{name: "post ordinal", j: Preset{Permalink: "ordinal"}, page: fm(generator.Page{Path: "_posts/2024-02-02-hello.md"}), want: "/2024/033/hello.html", wantOK: true},
		{name: "post weekdate", j: Preset{Permalink: "weekdate"}, page: fm(generator.Page{Path: "_posts/2024-12-30-hello.md"}), want: "/2024/W01/Mon/hello.html", wantOK: true},
		{name: "post none", j: Preset{Permalink: "none"}, page: fm(generator.Page{Path: "_posts/2024-01-02-hello.md"}), want: "/hello.html", wantOK: true},
		{name: "post pattern", j: Preset{Permalink: "/blog/:year/:i_month/:i_day/:slug/"}, page: fm(generator.Page{Path: "_posts/2024-01-02-Hello World.md"}), want: "/blog/2024/1/2/hello-world/", wantOK: true},
		{name: "post time placeholders", j: Preset{Permalink: "/:short_year/:short_month/:long_month/:hour-:minute-:second/:w_day-:short_day-:long_day/:title:output_ext"}, page: fm(generator.Page{Path: "_posts/2024-01-02-x.md", Date: time.Date(2024, 1, 2, 15, 4, 5, 0, ny)}), want: "/24/Jan/January/15-04-05/2-Tue-Tuesday/x.html", wantOK: true},
		{name: "post without front matter", page: generator.Page{Path: "_posts/2024-01-03-nofm.md"}, want: "/2024/01/03/nofm.html", wantOK: true},
		{name: "post html", page: fm(generator.Page{Path: "_posts/2024-01-03-x.html"}), want: "/2024/01/03/x.html", wantOK: true},
		{name: "post in folder below _posts", page: fm(generator.Page{Path: "_posts/sub/2024-01-04-x.md"}), want: "/2024/01/04/x.html", wantOK: true},
		{name: "post in folder above _posts", page: fm(generator.Page{Path: "blog/_posts/2024-01-04-x.md"}), want: "/blog/2024/01/04/x.html", wantOK: true},
		{name: "post categories", page: fm(generator.Page{Path: "blog/_posts/2024-01-04-x.md", Categories: []string{"News", "Big Deal", "blog"}}), want: "/blog/news/big deal/2024/01/04/x.html", wantOK: true},
		{name: "post slugified categories", j: Preset{Permalink: "/:slugified_categories/:title/"}, page: fm(generator.Page{Path: "blog/_posts/2024-01-04-x.md", Categories: []string{"Big Deal"}}), want: "/blog/big-deal/x/", wantOK: true},
		{name: "post slug", page: fm(generator.Page{Path: "_posts/2024-04-01-x.md", Slug: "My Fancy Slug!"}), want: "/2024/04/01/My-Fancy-Slug!.html", wantOK: true},
		{name: "post :slug", j: Preset{Permalink: "/:slug/"}, page: fm(generator.Page{Path: "_posts/2024-04-01-x.md", Slug: "My Fancy Slug!"}), want: "/my-fancy-slug/", wantOK: true},
		{name: "post :name keeps the date", j: Preset{Permalink: "/:name/"}, page: fm(generator.Page{Path: "_posts/2024-04-01-Hello There.md"}), want: "/2024-04-01-hello-there/", wantOK: true},
		{name: "post :title is not the title", page: fm(generator.Page{Path: "_posts/2024-04-01-file-name.md", Title: "Front Matter Title"}), want: "/2024/04/01/file-name.html", wantOK: true},
		{name: "post trailing dots", page: fm(generator.Page{Path: "_posts/2024-04-01-dots...md"}), want: "/2024/04/01/dots.html", wantOK: true},
		{name: "post :month_", j: Preset{Permalink: "/:year/:month_:day/:title/"}, page: fm(generator.Page{Path: "_posts/2024-04-01-x.md"}), want: "/2024/04_01/x/", wantOK: true},
		{name: "post :path", j: Preset{Permalink: "/p/:path/"}, page: fm(generator.Page{Path: "_posts/sub/2024-04-01-x.md"}), want: "/p/sub/2024-04-01-x/", wantOK: true},
		{name: "post :collection", j: Preset{Permalink: "/:collection/:title/"}, page: fm(generator.Page{Path: "_posts/2024-04-01-x.md"}), want: "/posts/x/", wantOK: true},
		{name: "post front matter permalink", page: fm(generator.Page{Path: "_posts/2024-04-02-perma.md", Permalink: "/custom/:title/"}), want: "/custom/perma/", wantOK: true},
		{name: "post front matter permalink with extension", page: fm(generator.Page{Path: "_posts/2024-04-02-p.md", Permalink: "/feeds/:title.json"}), want: "/feeds/p.json", wantOK: true},
		{name: "post front matter permalink :output_ext", page: fm(generator.Page{Path: "_posts/2024-04-02-p.md", Permalink: "/x/:title:output_ext"}), want: "/x/p.html", wantOK: true},
		{name: "post basename placeholder fails", page: fm(generator.Page{Path: "_posts/2024-04-02-p.md", Permalink: "/:basename/"}), wantOK: false},
		{name: "post date from front matter, site zone", page: fm(generator.Page{Path: "_posts/2024-03-05-x.md", Date: time.Date(2024, 3, 1, 2, 0, 0, 0, time.UTC)}), want: "/2024/02/29/x.html", wantOK: true},
		// Front matter read with the site's timezone gives a date alone
		// at midnight there; a YAML timestamp without a zone is UTC, as
		// Ruby reads it, and so the day before in New York.
		{name: "post date-only front matter", page: fm(generator.Page{Path: "_posts/2024-03-05-x.md", Date: time.Date(2024, 3, 9, 0, 0, 0, 0, newYork)}), want: "/2024/03/09/x.html", wantOK: true},
		{name: "post UTC midnight timestamp", page: fm(generator.Page{Path: "_posts/2024-03-05-x.md", Date: time.Date(2024, 3, 9, 0, 0, 0, 0, time.UTC)}), want: "/2024/03/08/x.html", wantOK: true},
		{name: "post date with zone", page: fm(generator.Page{Path: "_posts/2024-03-05-x.md", Date: time.Date(2024, 3, 9, 23, 30, 0, 0, time.FixedZone("", 3600))}), want: "/2024/03/09/x.html", wantOK: true},
		{name: "post without date in name", page: fm(generator.Page{Path: "_posts/x.md"}), wantOK: false},
		{name: "post with bad date", page: fm(generator.Page{Path: "_posts/2024-13-45-x.md"}), wantOK: false},
		{name: "post in underscore folder below _posts", page: fm(generator.Page{Path: "_posts/_x/2024-01-01-x.md"}), wantOK: false},
		{name: "post in hidden folder below _posts", page: fm(generator.Page{Path: "_posts/a/.b/2024-01-01-x.md"}), wantOK: false},
		{name: "post below an underscore folder", page: fm(generator.Page{Path: "_hidden/_posts/2024-01-01-x.md"}), wantOK: false},
		{name: "draft", page: fm(generator.Page{Path: "_drafts/x.md", Date: time.Date(2024, 1, 5, 12, 0, 0, 0, time.UTC)}), want: "/2024/01/05/x.html", wantOK: true}, // a draft by its place: the caller's (Drafter)
		{name: "posts collection permalink", j: Preset{Collections: map[string]Collection{"posts": {Permalink: "/p/:title/"}}}, page: fm(generator.Page{Path: "_posts/2024-01-01-x.md"}), want: "/p/x/", wantOK: true},
		{name: "posts collection permalink is literal", j: Preset{Collections: map[string]Collection{"posts": {Permalink: "pretty"}}}, page: fm(generator.Page{Path: "_posts/2024-01-01-x.md"}), want: "/pretty", wantOK: true},
		{name: "posts under collections_dir", j: Preset{CollectionsDir: "coll"}, page: fm(generator.Page{Path: "coll/_posts/2024-01-01-x.md"}), want: "/2024/01/01/x.html", wantOK: true},
		{name: "posts outside collections_dir", j: Preset{CollectionsDir: "coll"}, page: fm(generator.Page{Path: "_posts/2024-01-01-x.md"}), wantOK: false},
		{name: "posts below collections_dir", j: Preset{CollectionsDir: "coll"}, page: fm(generator.Page{Path: "coll/blog/_posts/2024-01-01-x.md"}), want: "/blog/2024/01/01/x.html", wantOK: true},

		// Collections.
		{name: "collection default", page: fm(generator.Page{Path: "_recipes/pasta.md"}), want: "/recipes/pasta.html", wantOK: true},
		{name: "collection pretty", j: Preset{Permalink: "pretty"}, page: fm(generator.Page{Path: "_recipes/sub/Soup Bowl.md"}), want: "/recipes/sub/Soup Bowl/", wantOK: true},
		{name: "collection weekdate has no ending", j: Preset{Permalink: "weekdate"}, page: fm(generator.Page{Path: "_recipes/pasta.md"}), want: "/recipes/pasta", wantOK: true},
		{name: "collection pattern style", j: Preset{Permalink: "/:year/:title/"}, page: fm(generator.Page{Path: "_recipes/pasta.md"}), want: "/recipes/pasta/", wantOK: true},
		{name: "collection own permalink", page: fm(generator.Page{Path: "_guides/a/b.md"}), want: "/g/a/b/", wantOK: true},
		// Any file with front matter is a document (choosealicense.com's
		// _licenses/mit.txt); at a folder, Jekyll writes its index.html.
		{name: "collection text document at a folder", page: fm(generator.Page{Path: "_guides/mit.txt"}), want: "/g/mit/", wantOK: true},
		{name: "collection text document, default permalink", page: fm(generator.Page{Path: "_recipes/list.txt"}), want: "/recipes/list.txt", wantOK: true},
		{name: "collection date in name", j: Preset{Collections: map[string]Collection{"recipes": {Output: true, Permalink: "/:year/:title/"}}}, page: fm(generator.Page{Path: "_recipes/2023-05-06-dated.md"}), want: "/2023/dated/", wantOK: true},
		{name: "collection not output", page: fm(generator.Page{Path: "_notes/n.md"}), wantOK: false},
		{name: "collection unknown", page: fm(generator.Page{Path: "_unknown/n.md"}), wantOK: false},
		{name: "collection underscore file", page: fm(generator.Page{Path: "_recipes/_partial.md"}), wantOK: false},
		{name: "collection static html", page: generator.Page{Path: "_recipes/static.html"}, want: "/recipes/static.html", wantOK: true},
		{name: "collection static image", page: generator.Page{Path: "_recipes/photo.jpg"}, wantOK: false},
		{name: "collection front matter permalink", page: fm(generator.Page{Path: "_recipes/pasta.md", Permalink: "/food/:name/"}), want: "/food/pasta/", wantOK: true},
		{name: "collection under collections_dir", j: Preset{CollectionsDir: "coll"}, page: fm(generator.Page{Path: "coll/_recipes/pasta.md"}), want: "/recipes/pasta.html", wantOK: true},
		{name: "collection outside collections_dir is not one", j: Preset{CollectionsDir: "coll"}, page: fm(generator.Page{Path: "_recipes/pasta.md"}), wantOK: false},

		// Pages.
		{name: "page", page: fm(generator.Page{Path: "about.md"}), want: "/about.html", wantOK: true},
		{name: "page pretty", j: Preset{Permalink: "pretty"}, page: fm(generator.Page{Path: "about.md"}), want: "/about/", wantOK: true},
		{name: "page pattern with slash", j: Preset{Permalink: "/:year/:title/"}, page: fm(generator.Page{Path: "about.md"}), want: "/about/", wantOK: true},
		{name: "page pattern with output_ext", j: Preset{Permalink: "/:year/:title:output_ext"}, page: fm(generator.Page{Path: "about.md"}), want: "/about.html", wantOK: true},
		{name: "page bare pattern", j: Preset{Permalink: "/:year/:title"}, page: fm(generator.Page{Path: "about.md"}), want: "/about", wantOK: true},
		{name: "page in folder", page: fm(generator.Page{Path: "docs/page.md"}), want: "/docs/page.html", wantOK: true},
		{name: "page index", page: fm(generator.Page{Path: "docs/index.md"}), want: "/docs/", wantOK: true},
		{name: "root index", page: fm(generator.Page{Path: "index.html"}), want: "/", wantOK: true},
		{name: "page html", page: fm(generator.Page{Path: "contact.html"}), want: "/contact.html", wantOK: true},
		{name: "page htm", j: Preset{Permalink: "pretty"}, page: fm(generator.Page{Path: "x.htm"}), want: "/x/", wantOK: true},
		{name: "page markdown ext", page: fm(generator.Page{Path: "x.markdown"}), want: "/x.html", wantOK: true},
		{name: "page custom markdown_ext", j: Preset{MarkdownExt: "txt"}, page: fm(generator.Page{Path: "x.txt"}), want: "/x.html", wantOK: true},
		{name: "page case kept", page: fm(generator.Page{Path: "Spaced Name.md"}), want: "/Spaced Name.html", wantOK: true},
		{name: "page permalink", page: fm(generator.Page{Path: "pp.md", Permalink: "/pp/"}), want: "/pp/", wantOK: true},
		{name: "page permalink placeholders", page: fm(generator.Page{Path: "docs/pp.md", Permalink: "/x/:path/:basename:output_ext"}), want: "/x/docs/pp.html", wantOK: true},
		{name: "page permalink unknown placeholder kept", page: fm(generator.Page{Path: "pp.md", Permalink: "/:title/"}), want: "/:title/", wantOK: true},
		{name: "page permalink cleaned", page: fm(generator.Page{Path: "pp.md", Permalink: "a//b/../c/"}), want: "/a/b/c/", wantOK: true},
		{name: "page feed.xml", page: fm(generator.Page{Path: "feed.xml"}), wantOK: false},
		{name: "page feed with folder permalink", page: fm(generator.Page{Path: "feed.json", Permalink: "/feed/"}), want: "/feed/", wantOK: true},
		{name: "page scss", page: fm(generator.Page{Path: "assets/main.scss"}), wantOK: false},
		{name: "underscore folder", page: fm(generator.Page{Path: "_hidden/h.md"}), wantOK: false},
		{name: "underscore file", page: fm(generator.Page{Path: "_x.md"}), wantOK: false},
		{name: "dot folder", page: fm(generator.Page{Path: ".dot/d.md"}), wantOK: false},
		{name: "hash file", page: fm(generator.Page{Path: "#x.md"}), wantOK: false},
		{name: "backup file", page: fm(generator.Page{Path: "x.md~"}), wantOK: false},
		{name: "default exclude", page: fm(generator.Page{Path: "node_modules/p/index.html"}), wantOK: false},
		{name: "default exclude folder with slash", page: fm(generator.Page{Path: "vendor/bundle/x.md"}), wantOK: false},
		{name: "exclude", j: Preset{Exclude: []string{"README.md", "drafts/"}}, page: fm(generator.Page{Path: "README.md"}), wantOK: false},
		{name: "exclude glob", j: Preset{Exclude: []string{"*.example.md"}}, page: fm(generator.Page{Path: "docs/a.example.md"}), wantOK: false},
		{name: "exclude folder", j: Preset{Exclude: []string{"drafts/"}}, page: fm(generator.Page{Path: "drafts/x.md"}), wantOK: false},
		{name: "include underscore folder", j: Preset{Include: []string{"_pages"}}, page: fm(generator.Page{Path: "_pages/x.md"}), want: "/_pages/x.html", wantOK: true},
		{name: "destination is skipped", j: Preset{Destination: "public"}, page: fm(generator.Page{Path: "public/x.md"}), wantOK: false},

		// Static files.
		{name: "static html", page: generator.Page{Path: "static.html"}, want: "/static.html", wantOK: true},
		{name: "static pdf", page: generator.Page{Path: "docs/a.pdf"}, want: "/docs/a.pdf", wantOK: true},
		{name: "static markdown", page: generator.Page{Path: "README.md"}, wantOK: false},
		{name: "static css", page: generator.Page{Path: "assets/style.css"}, wantOK: false},
		{name: "bad path", page: generator.Page{Path: "../x.md"}, wantOK: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := tt.j
			if j.Permalink == "" && tt.name != "post default style is date" {
				j.Permalink = "date"
			}
			if j.Collections == nil {
				j.Collections = collections
			}
			j.Timezone = "America/New_York"
			got, ok := j.URLPath(tt.page)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("URLPath(%+v) = %q, %v; want %q, %v", tt.page, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestJekyllHeldBack(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"_posts/2024-01-02-a.md", true},
		{"blog/_posts/2024-01-02-a.md", true},
		{"_recipes/soup.md", true},
		{"event.md", false},
		{"docs/event.md", false},
	} {
		if got := !(&Preset{}).FileRules(tt.in).AnyDate; got != tt.want {
			t.Errorf("HeldBack(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestJekyllFileDate(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string // "" for none
	}{
		{"_posts/2024-01-02-a.md", "2024-01-02"},
		{"blog/_posts/2024-05-06-in-blog.md", "2024-05-06"},
		{"_posts/2024-13-02-bad-month.md", ""},
		{"_posts/notes.md", ""},
		{"2024-01-02-page.md", ""},
	} {
		d := (&Preset{}).FileRules(tt.in).FileDate
		ok := !d.IsZero()
		got := ""
		if ok {
			got = d.Format("2006-01-02")
		}
		if got != tt.want || ok && d.Location() != time.UTC {
			t.Errorf("FileDate(%q) = %v, %v; want %q", tt.in, d, ok, tt.want)
		}
	}
}

// TestJekyllLists: a page lists the collections its text and its layouts
// loop over; a layout that is a link out of the sources' folder (to a
// file beside the project, to /dev/zero), a FIFO or larger than
// limits.settings_bytes is not read, and the error names it.
func TestJekyllLists(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "theme.html")
	write(t, outside, "SECRET-TOKEN {% for p in site.posts %}{% endfor %}")
	for _, tc := range []struct {
		name   string
		layout func(t *testing.T, path string) // makes _layouts/default.html
		want   []string
		err    string // in the error, "" for none
		is     error
	}{
		{
			name: "a layout of the project",
			layout: func(t *testing.T, p string) {
				write(t, p, "---\nlayout: base\n---\n{% for p in site.posts %}{% endfor %}")
			},
			want: []string{"notes", "posts"},
		},
		{
			name:   "a link out of the project",
			layout: func(t *testing.T, p string) { symlink(t, outside, p) },
			want:   []string{"notes"},
			err:    "_layouts/default.html: a symbolic link out of its folder",
			is:     fsx.ErrOutside,
		},
		{
			name:   "a link to /dev/zero",
			layout: func(t *testing.T, p string) { symlink(t, "/dev/zero", p) },
			want:   []string{"notes"},
			err:    "_layouts/default.html: a symbolic link out of its folder",
			is:     fsx.ErrOutside,
		},
		{
			name: "a FIFO",
			layout: func(t *testing.T, p string) {
				if err := syscall.Mkfifo(p, 0o644); err != nil {
					t.Fatal(err)
				}
			},
			want: []string{"notes"},
			err:  "_layouts/default.html: not a regular file (a FIFO)",
			is:   fsx.ErrNotRegular,
		},
		{
			name:   "larger than its bound",
			layout: func(t *testing.T, p string) { write(t, p, strings.Repeat("x", 2000)+"{{ site.posts }}") },
			want:   []string{"notes"},
			err:    "larger than 1024 bytes (limits.settings_bytes)",
			is:     fsx.ErrTooLarge,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, filepath.Join(dir, "_config.yml"), "collections:\n  notes:\n    output: true\n")
			write(t, filepath.Join(dir, "index.html"), "---\nlayout: default\n---\n{% for n in site.notes %}{% endfor %}")
			write(t, filepath.Join(dir, "_layouts", "base.html"), "{{ content }}")
			tc.layout(t, filepath.Join(dir, "_layouts", "default.html"))
			j, err := Load(dir, limits.Limits{SettingsBytes: 1024})
			if err != nil {
				t.Fatal(err)
			}
			type result struct {
				lists []string
				err   error
			}
			done := make(chan result, 1)
			go func() {
				lists, err := j.Rules().Pages.Lists.Collections(dir, "index.html")
				done <- result{lists, err}
			}()
			var r result
			select {
			case r = <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("Lists waits on the layout")
			}
			if !slices.Equal(r.lists, tc.want) {
				t.Errorf("lists %q, want %q", r.lists, tc.want)
			}
			switch {
			case tc.err == "" && r.err != nil:
				t.Errorf("error: %v", r.err)
			case tc.err != "" && (r.err == nil || !strings.Contains(filepath.ToSlash(r.err.Error()), tc.err) || !errors.Is(r.err, tc.is)):
				t.Errorf("error %v, want one saying %q", r.err, tc.err)
			}
			if r.err != nil && strings.Contains(r.err.Error(), "SECRET-TOKEN") {
				t.Errorf("the file outside is quoted: %v", r.err)
			}
		})
	}
}

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
}
