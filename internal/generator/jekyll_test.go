package generator

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"
)

func TestJekyllURLPath(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	collections := map[string]Collection{
		"recipes": {Output: true},
		"notes":   {Output: false},
		"guides":  {Output: true, Permalink: "/g/:path/"},
	}
	fm := func(p Page) Page { p.HasFrontMatter = true; return p }
	tests := []struct {
		name   string
		j      Jekyll // Collections and Timezone are added
		page   Page
		want   string
		wantOK bool
	}{
		// Posts and the permalink styles.
		{name: "post date", page: fm(Page{Path: "_posts/2024-01-02-hello-world.md"}), want: "/2024/01/02/hello-world.html", wantOK: true},
		{name: "post default style is date", j: Jekyll{Permalink: ""}, page: fm(Page{Path: "_posts/2024-01-02-hello.md"}), want: "/2024/01/02/hello.html", wantOK: true},
		{name: "post pretty", j: Jekyll{Permalink: "pretty"}, page: fm(Page{Path: "_posts/2024-01-02-hello.md"}), want: "/2024/01/02/hello/", wantOK: true},
		{name: "post ordinal", j: Jekyll{Permalink: "ordinal"}, page: fm(Page{Path: "_posts/2024-02-02-hello.md"}), want: "/2024/033/hello.html", wantOK: true},
		{name: "post weekdate", j: Jekyll{Permalink: "weekdate"}, page: fm(Page{Path: "_posts/2024-12-30-hello.md"}), want: "/2024/W01/Mon/hello.html", wantOK: true},
		{name: "post none", j: Jekyll{Permalink: "none"}, page: fm(Page{Path: "_posts/2024-01-02-hello.md"}), want: "/hello.html", wantOK: true},
		{name: "post pattern", j: Jekyll{Permalink: "/blog/:year/:i_month/:i_day/:slug/"}, page: fm(Page{Path: "_posts/2024-01-02-Hello World.md"}), want: "/blog/2024/1/2/hello-world/", wantOK: true},
		{name: "post time placeholders", j: Jekyll{Permalink: "/:short_year/:short_month/:long_month/:hour-:minute-:second/:w_day-:short_day-:long_day/:title:output_ext"}, page: fm(Page{Path: "_posts/2024-01-02-x.md", Date: time.Date(2024, 1, 2, 15, 4, 5, 0, ny)}), want: "/24/Jan/January/15-04-05/2-Tue-Tuesday/x.html", wantOK: true},
		{name: "post without front matter", page: Page{Path: "_posts/2024-01-03-nofm.md"}, want: "/2024/01/03/nofm.html", wantOK: true},
		{name: "post html", page: fm(Page{Path: "_posts/2024-01-03-x.html"}), want: "/2024/01/03/x.html", wantOK: true},
		{name: "post in folder below _posts", page: fm(Page{Path: "_posts/sub/2024-01-04-x.md"}), want: "/2024/01/04/x.html", wantOK: true},
		{name: "post in folder above _posts", page: fm(Page{Path: "blog/_posts/2024-01-04-x.md"}), want: "/blog/2024/01/04/x.html", wantOK: true},
		{name: "post categories", page: fm(Page{Path: "blog/_posts/2024-01-04-x.md", Categories: []string{"News", "Big Deal", "blog"}}), want: "/blog/news/big deal/2024/01/04/x.html", wantOK: true},
		{name: "post slugified categories", j: Jekyll{Permalink: "/:slugified_categories/:title/"}, page: fm(Page{Path: "blog/_posts/2024-01-04-x.md", Categories: []string{"Big Deal"}}), want: "/blog/big-deal/x/", wantOK: true},
		{name: "post slug", page: fm(Page{Path: "_posts/2024-04-01-x.md", Slug: "My Fancy Slug!"}), want: "/2024/04/01/My-Fancy-Slug!.html", wantOK: true},
		{name: "post :slug", j: Jekyll{Permalink: "/:slug/"}, page: fm(Page{Path: "_posts/2024-04-01-x.md", Slug: "My Fancy Slug!"}), want: "/my-fancy-slug/", wantOK: true},
		{name: "post :name keeps the date", j: Jekyll{Permalink: "/:name/"}, page: fm(Page{Path: "_posts/2024-04-01-Hello There.md"}), want: "/2024-04-01-hello-there/", wantOK: true},
		{name: "post :title is not the title", page: fm(Page{Path: "_posts/2024-04-01-file-name.md", Title: "Front Matter Title"}), want: "/2024/04/01/file-name.html", wantOK: true},
		{name: "post trailing dots", page: fm(Page{Path: "_posts/2024-04-01-dots...md"}), want: "/2024/04/01/dots.html", wantOK: true},
		{name: "post :month_", j: Jekyll{Permalink: "/:year/:month_:day/:title/"}, page: fm(Page{Path: "_posts/2024-04-01-x.md"}), want: "/2024/04_01/x/", wantOK: true},
		{name: "post :path", j: Jekyll{Permalink: "/p/:path/"}, page: fm(Page{Path: "_posts/sub/2024-04-01-x.md"}), want: "/p/sub/2024-04-01-x/", wantOK: true},
		{name: "post :collection", j: Jekyll{Permalink: "/:collection/:title/"}, page: fm(Page{Path: "_posts/2024-04-01-x.md"}), want: "/posts/x/", wantOK: true},
		{name: "post front matter permalink", page: fm(Page{Path: "_posts/2024-04-02-perma.md", Permalink: "/custom/:title/"}), want: "/custom/perma/", wantOK: true},
		{name: "post front matter permalink with extension", page: fm(Page{Path: "_posts/2024-04-02-p.md", Permalink: "/feeds/:title.json"}), want: "/feeds/p.json", wantOK: true},
		{name: "post front matter permalink :output_ext", page: fm(Page{Path: "_posts/2024-04-02-p.md", Permalink: "/x/:title:output_ext"}), want: "/x/p.html", wantOK: true},
		{name: "post basename placeholder fails", page: fm(Page{Path: "_posts/2024-04-02-p.md", Permalink: "/:basename/"}), wantOK: false},
		{name: "post date from front matter, site zone", page: fm(Page{Path: "_posts/2024-03-05-x.md", Date: time.Date(2024, 3, 1, 2, 0, 0, 0, time.UTC)}), want: "/2024/02/29/x.html", wantOK: true},
		{name: "post date-only front matter", page: fm(Page{Path: "_posts/2024-03-05-x.md", Date: time.Date(2024, 3, 9, 0, 0, 0, 0, time.UTC)}), want: "/2024/03/09/x.html", wantOK: true},
		{name: "post date with zone", page: fm(Page{Path: "_posts/2024-03-05-x.md", Date: time.Date(2024, 3, 9, 23, 30, 0, 0, time.FixedZone("", 3600))}), want: "/2024/03/09/x.html", wantOK: true},
		{name: "post without date in name", page: fm(Page{Path: "_posts/x.md"}), wantOK: false},
		{name: "post with bad date", page: fm(Page{Path: "_posts/2024-13-45-x.md"}), wantOK: false},
		{name: "post in underscore folder below _posts", page: fm(Page{Path: "_posts/_x/2024-01-01-x.md"}), wantOK: false},
		{name: "post in hidden folder below _posts", page: fm(Page{Path: "_posts/a/.b/2024-01-01-x.md"}), wantOK: false},
		{name: "post below an underscore folder", page: fm(Page{Path: "_hidden/_posts/2024-01-01-x.md"}), wantOK: false},
		{name: "draft", page: fm(Page{Path: "_drafts/x.md"}), wantOK: false},
		{name: "posts collection permalink", j: Jekyll{Collections: map[string]Collection{"posts": {Permalink: "/p/:title/"}}}, page: fm(Page{Path: "_posts/2024-01-01-x.md"}), want: "/p/x/", wantOK: true},
		{name: "posts collection permalink is literal", j: Jekyll{Collections: map[string]Collection{"posts": {Permalink: "pretty"}}}, page: fm(Page{Path: "_posts/2024-01-01-x.md"}), want: "/pretty", wantOK: true},
		{name: "posts under collections_dir", j: Jekyll{CollectionsDir: "coll"}, page: fm(Page{Path: "coll/_posts/2024-01-01-x.md"}), want: "/2024/01/01/x.html", wantOK: true},
		{name: "posts outside collections_dir", j: Jekyll{CollectionsDir: "coll"}, page: fm(Page{Path: "_posts/2024-01-01-x.md"}), wantOK: false},
		{name: "posts below collections_dir", j: Jekyll{CollectionsDir: "coll"}, page: fm(Page{Path: "coll/blog/_posts/2024-01-01-x.md"}), want: "/blog/2024/01/01/x.html", wantOK: true},

		// Collections.
		{name: "collection default", page: fm(Page{Path: "_recipes/pasta.md"}), want: "/recipes/pasta.html", wantOK: true},
		{name: "collection pretty", j: Jekyll{Permalink: "pretty"}, page: fm(Page{Path: "_recipes/sub/Soup Bowl.md"}), want: "/recipes/sub/Soup Bowl/", wantOK: true},
		{name: "collection weekdate has no ending", j: Jekyll{Permalink: "weekdate"}, page: fm(Page{Path: "_recipes/pasta.md"}), want: "/recipes/pasta", wantOK: true},
		{name: "collection pattern style", j: Jekyll{Permalink: "/:year/:title/"}, page: fm(Page{Path: "_recipes/pasta.md"}), want: "/recipes/pasta/", wantOK: true},
		{name: "collection own permalink", page: fm(Page{Path: "_guides/a/b.md"}), want: "/g/a/b/", wantOK: true},
		{name: "collection date in name", j: Jekyll{Collections: map[string]Collection{"recipes": {Output: true, Permalink: "/:year/:title/"}}}, page: fm(Page{Path: "_recipes/2023-05-06-dated.md"}), want: "/2023/dated/", wantOK: true},
		{name: "collection not output", page: fm(Page{Path: "_notes/n.md"}), wantOK: false},
		{name: "collection unknown", page: fm(Page{Path: "_unknown/n.md"}), wantOK: false},
		{name: "collection underscore file", page: fm(Page{Path: "_recipes/_partial.md"}), wantOK: false},
		{name: "collection static html", page: Page{Path: "_recipes/static.html"}, want: "/recipes/static.html", wantOK: true},
		{name: "collection static image", page: Page{Path: "_recipes/photo.jpg"}, wantOK: false},
		{name: "collection front matter permalink", page: fm(Page{Path: "_recipes/pasta.md", Permalink: "/food/:name/"}), want: "/food/pasta/", wantOK: true},
		{name: "collection under collections_dir", j: Jekyll{CollectionsDir: "coll"}, page: fm(Page{Path: "coll/_recipes/pasta.md"}), want: "/recipes/pasta.html", wantOK: true},
		{name: "collection outside collections_dir is not one", j: Jekyll{CollectionsDir: "coll"}, page: fm(Page{Path: "_recipes/pasta.md"}), wantOK: false},

		// Pages.
		{name: "page", page: fm(Page{Path: "about.md"}), want: "/about.html", wantOK: true},
		{name: "page pretty", j: Jekyll{Permalink: "pretty"}, page: fm(Page{Path: "about.md"}), want: "/about/", wantOK: true},
		{name: "page pattern with slash", j: Jekyll{Permalink: "/:year/:title/"}, page: fm(Page{Path: "about.md"}), want: "/about/", wantOK: true},
		{name: "page pattern with output_ext", j: Jekyll{Permalink: "/:year/:title:output_ext"}, page: fm(Page{Path: "about.md"}), want: "/about.html", wantOK: true},
		{name: "page bare pattern", j: Jekyll{Permalink: "/:year/:title"}, page: fm(Page{Path: "about.md"}), want: "/about", wantOK: true},
		{name: "page in folder", page: fm(Page{Path: "docs/page.md"}), want: "/docs/page.html", wantOK: true},
		{name: "page index", page: fm(Page{Path: "docs/index.md"}), want: "/docs/", wantOK: true},
		{name: "root index", page: fm(Page{Path: "index.html"}), want: "/", wantOK: true},
		{name: "page html", page: fm(Page{Path: "contact.html"}), want: "/contact.html", wantOK: true},
		{name: "page htm", j: Jekyll{Permalink: "pretty"}, page: fm(Page{Path: "x.htm"}), want: "/x/", wantOK: true},
		{name: "page markdown ext", page: fm(Page{Path: "x.markdown"}), want: "/x.html", wantOK: true},
		{name: "page custom markdown_ext", j: Jekyll{MarkdownExt: "txt"}, page: fm(Page{Path: "x.txt"}), want: "/x.html", wantOK: true},
		{name: "page case kept", page: fm(Page{Path: "Spaced Name.md"}), want: "/Spaced Name.html", wantOK: true},
		{name: "page permalink", page: fm(Page{Path: "pp.md", Permalink: "/pp/"}), want: "/pp/", wantOK: true},
		{name: "page permalink placeholders", page: fm(Page{Path: "docs/pp.md", Permalink: "/x/:path/:basename:output_ext"}), want: "/x/docs/pp.html", wantOK: true},
		{name: "page permalink unknown placeholder kept", page: fm(Page{Path: "pp.md", Permalink: "/:title/"}), want: "/:title/", wantOK: true},
		{name: "page permalink cleaned", page: fm(Page{Path: "pp.md", Permalink: "a//b/../c/"}), want: "/a/b/c/", wantOK: true},
		{name: "page feed.xml", page: fm(Page{Path: "feed.xml"}), wantOK: false},
		{name: "page feed with folder permalink", page: fm(Page{Path: "feed.json", Permalink: "/feed/"}), want: "/feed/", wantOK: true},
		{name: "page scss", page: fm(Page{Path: "assets/main.scss"}), wantOK: false},
		{name: "underscore folder", page: fm(Page{Path: "_hidden/h.md"}), wantOK: false},
		{name: "underscore file", page: fm(Page{Path: "_x.md"}), wantOK: false},
		{name: "dot folder", page: fm(Page{Path: ".dot/d.md"}), wantOK: false},
		{name: "hash file", page: fm(Page{Path: "#x.md"}), wantOK: false},
		{name: "backup file", page: fm(Page{Path: "x.md~"}), wantOK: false},
		{name: "default exclude", page: fm(Page{Path: "node_modules/p/index.html"}), wantOK: false},
		{name: "default exclude folder with slash", page: fm(Page{Path: "vendor/bundle/x.md"}), wantOK: false},
		{name: "exclude", j: Jekyll{Exclude: []string{"README.md", "drafts/"}}, page: fm(Page{Path: "README.md"}), wantOK: false},
		{name: "exclude glob", j: Jekyll{Exclude: []string{"*.example.md"}}, page: fm(Page{Path: "docs/a.example.md"}), wantOK: false},
		{name: "exclude folder", j: Jekyll{Exclude: []string{"drafts/"}}, page: fm(Page{Path: "drafts/x.md"}), wantOK: false},
		{name: "include underscore folder", j: Jekyll{Include: []string{"_pages"}}, page: fm(Page{Path: "_pages/x.md"}), want: "/_pages/x.html", wantOK: true},
		{name: "destination is skipped", j: Jekyll{Destination: "public"}, page: fm(Page{Path: "public/x.md"}), wantOK: false},

		// Static files.
		{name: "static html", page: Page{Path: "static.html"}, want: "/static.html", wantOK: true},
		{name: "static pdf", page: Page{Path: "docs/a.pdf"}, want: "/docs/a.pdf", wantOK: true},
		{name: "static markdown", page: Page{Path: "README.md"}, wantOK: false},
		{name: "static css", page: Page{Path: "assets/style.css"}, wantOK: false},
		{name: "bad path", page: Page{Path: "../x.md"}, wantOK: false},
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

func TestLoadJekyll(t *testing.T) {
	t.Run("no config", func(t *testing.T) {
		j, err := LoadJekyll(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		if j.File != "" || j.Permalink != "date" || j.Source != "." || j.Destination != "_site" || j.Collections != nil {
			t.Errorf("defaults: %+v", j)
		}
		if got, ok := j.URLPath(Page{Path: "_posts/2024-01-02-x.md"}); !ok || got != "/2024/01/02/x.html" {
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
		j, err := LoadJekyll(dir)
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
		if got, ok := j.URLPath(Page{Path: "my_collections/_recipes/a/b.md", HasFrontMatter: true}); !ok || got != "/r/a/b/" {
			t.Errorf("URLPath = %q, %v", got, ok)
		}
	})
	t.Run("collections list", func(t *testing.T) {
		dir := t.TempDir()
		writeSite(t, dir, map[string]string{"_config.yaml": "collections: [a, b]\n"})
		j, err := LoadJekyll(dir)
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
		j, err := LoadJekyll(dir)
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
		j, err := LoadJekyll(dir)
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
		j, err := LoadJekyll(dir)
		if err != nil {
			t.Fatal(err)
		}
		if j.File != "_config.yml" || j.Permalink != "date" {
			t.Errorf("got %+v", j)
		}
	})
}

func TestLoadJekyllErrors(t *testing.T) {
	tests := []struct {
		name, config, want string
	}{
		{name: "yaml syntax", config: "url: x\npermalink: [\n", want: "_config.yml:2: did not find expected node content"},
		{name: "yaml tab", config: "url: x\nbaseurl: y\n\tpermalink: x\n", want: "_config.yml:2: found a tab character"},
		{name: "yaml duplicate key", config: "url: x\npermalink: date\npermalink: none\n", want: `_config.yml:3: mapping key "permalink" already defined at line 2`},
		{name: "not a mapping", config: "- a\n", want: "_config.yml: the file is a list"},
		{name: "bad timezone", config: "timezone: Mars/Olympus\n", want: "_config.yml: timezone: unknown time zone Mars/Olympus"},
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
			_, err := LoadJekyll(dir)
			if err == nil {
				t.Fatalf("no error; want %q", tt.want)
			}
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Errorf("error %v is not a *ConfigError", err)
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
		if got := jekyllSlugify(tt.in, tt.pretty, tt.cased); got != tt.want {
			t.Errorf("jekyllSlugify(%q, %v, %v) = %q, want %q", tt.in, tt.pretty, tt.cased, got, tt.want)
		}
	}

	// The same strings, and more, through Jekyll's own slugify.
	ruby, err := exec.LookPath("ruby")
	if err != nil {
		t.Skip("ruby is not installed: cannot compare with Jekyll's slugify")
	}
	if err := exec.Command(ruby, "-e", `require "jekyll"`).Run(); err != nil {
		t.Skip("jekyll is not installed (Debian: apt-get install jekyll): cannot compare with its slugify")
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
				if got := jekyllSlugify(in, pretty, cased); got != results[i] {
					t.Errorf("jekyllSlugify(%q, pretty %v, cased %v) = %q; Jekyll %q", in, pretty, cased, got, results[i])
				}
				i++
			}
		}
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
		if got := (&Jekyll{}).HeldBack(tt.in); got != tt.want {
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
		d, ok := (&Jekyll{}).FileDate(tt.in)
		got := ""
		if ok {
			got = d.Format("2006-01-02")
		}
		if got != tt.want || ok && d.Location() != time.UTC {
			t.Errorf("FileDate(%q) = %v, %v; want %q", tt.in, d, ok, tt.want)
		}
	}
}
