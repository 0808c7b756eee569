package generator

import (
	"errors"
	"os/exec"
	"reflect"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

func TestLoadJekyll(t *testing.T) {
	t.Run("no config", func(t *testing.T) {
		j, err := LoadJekyll(t.TempDir(), limits.Default)
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
		j, err := LoadJekyll(dir, limits.Default)
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
		j, err := LoadJekyll(dir, limits.Default)
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
		j, err := LoadJekyll(dir, limits.Default)
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
		j, err := LoadJekyll(dir, limits.Default)
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
		j, err := LoadJekyll(dir, limits.Default)
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
			_, err := LoadJekyll(dir, limits.Default)
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
		if got := jekyllSlugify(tt.in, tt.pretty, tt.cased); got != tt.want {
			t.Errorf("jekyllSlugify(%q, %v, %v) = %q, want %q", tt.in, tt.pretty, tt.cased, got, tt.want)
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
				if got := jekyllSlugify(in, pretty, cased); got != results[i] {
					t.Errorf("jekyllSlugify(%q, pretty %v, cased %v) = %q; Jekyll %q", in, pretty, cased, got, results[i])
				}
				i++
			}
		}
	}
}

func TestDetectJekyll(t *testing.T) {
	testDetect(t, []detectTest{
		{
			name:  "jekyll url and baseurl",
			files: map[string]string{"_config.yml": "title: x\nurl: https://x.org\nbaseurl: /blog\n"},
			want: []Project{{Generator: "jekyll", Title: "Jekyll", File: "_config.yml", PublishDir: "_site",
				BaseURL: "https://x.org/blog/", BaseURLFrom: "_config.yml url + baseurl"}},
		},
		{
			name:  "jekyll url only, destination",
			files: map[string]string{"_config.yml": "url: \"https://x.org/\"\ndestination: ./public/\n"},
			want: []Project{{Generator: "jekyll", Title: "Jekyll", File: "_config.yml", PublishDir: "public",
				BaseURL: "https://x.org/", BaseURLFrom: "_config.yml url"}},
		},
		{
			name:  "jekyll baseurl alone",
			files: map[string]string{"_config.yml": "baseurl: \"/project\"\n"},
			want:  []Project{{Generator: "jekyll", Title: "Jekyll", File: "_config.yml", PublishDir: "_site", BasePath: "/project/"}},
		},
		{
			name:  "jekyll Gemfile",
			files: map[string]string{"Gemfile": "source \"https://rubygems.org\"\n\ngem \"jekyll\", \"~> 4.3\"\n"},
			want:  []Project{{Generator: "jekyll", Title: "Jekyll", File: "Gemfile", PublishDir: "_site"}},
		},
		{
			name:  "jekyll github-pages Gemfile",
			files: map[string]string{"Gemfile": "source 'https://rubygems.org'\ngem 'github-pages', group: :jekyll_plugins\n"},
			want:  []Project{{Generator: "jekyll", Title: "Jekyll", File: "Gemfile", PublishDir: "_site"}},
		},
		{
			name:  "jekyll configuration LoadJekyll rejects",
			files: map[string]string{"_config.yml": "url: https://x.org\npermalink: /:year/:tittle/\n"},
			want: []Project{{Generator: "jekyll", Title: "Jekyll", File: "_config.yml", PublishDir: "_site",
				BaseURL: "https://x.org/", BaseURLFrom: "_config.yml url",
				Notes: []string{`_config.yml: permalink: placeholder :tittle is not one Jekyll knows for posts and documents in "/:year/:tittle/"; only url, baseurl and destination are read`}}},
		},
	})
}

// TestJekyllDefaults: defaults: apply by scope path (a folder, a file, a
// glob) and type, the longer path winning, then the entry with a type.
func TestJekyllDefaults(t *testing.T) {
	dir := detectFixture(t, map[string]string{"_config.yml": `
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
	j, err := LoadJekyll(dir, limits.Default)
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
