package hexo_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/hexo"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

type Detected = generator.Detected

// hexoInit is the _config.yml `hexo init` writes, shortened: the keys
// sitemapgen reads, and some it does not.
const hexoInit = `# Hexo Configuration
title: Hexo
language: en
timezone: ''

# URL
url: https://blog.example.org/notes
permalink: :year/:month/:day/:title/
permalink_defaults:
pretty_urls:
  trailing_index: true # Set to false to remove trailing 'index.html' from permalinks
  trailing_html: true # Set to false to remove trailing '.html' from permalinks

source_dir: source
public_dir: public
tag_dir: tags
new_post_name: :title.md # File name of new posts
default_layout: post
render_drafts: false
updated_option: 'mtime'
theme: landscape
`

// config is Hexo's defaults changed by set.
func config(file string, set func(*hexo.Config)) *hexo.Config {
	c := hexo.Defaults()
	c.File = file
	if set != nil {
		set(c)
	}
	return c
}

func TestDetectHexo(t *testing.T) {
	initPkg := `{"name": "blog", "hexo": {"version": "8.1.2"}, "dependencies": {"hexo": "^8.0.0", "hexo-generator-sitemap": "^3.0.1"}}`
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name:  "hexo init: package.json, _config.yml, source/_posts",
			Files: map[string]string{"package.json": initPkg, "_config.yml": hexoInit, "source/_posts/hello-world.md": "---\ntitle: Hello\n---\n"},
			Want: []Detected{{File: "_config.yml", PublishDir: "public", SourceDir: "source",
				BaseURL: "https://blog.example.org/notes/", BaseURLFrom: "_config.yml url", Form: generator.URLForm{TrailingSlash: "always"},
				Own: config("_config.yml", func(c *hexo.Config) {
					c.URL, c.URLLine, c.TimezoneLine, c.Theme = "https://blog.example.org/notes", 7, 4, "landscape"
				})}},
		},
		{
			Name:  "a _config.yml with Hexo's keys alone",
			Files: map[string]string{"_config.yml": "url: https://example.com\npublic_dir: site\nsource_dir: src\npretty_urls:\n  trailing_html: false\n"},
			Want: []Detected{{File: "_config.yml", PublishDir: "site", SourceDir: "src",
				BaseURL: "https://example.com/", BaseURLFrom: "_config.yml url", Form: generator.URLForm{TrailingSlash: "always", CleanURLs: true},
				Own: config("_config.yml", func(c *hexo.Config) {
					c.URL, c.URLLine, c.PublicDir, c.SourceDir, c.TrailingHTML = "https://example.com", 1, "site", "src", false
				})}},
		},
		{
			Name:  "a _config.yml beside source/_posts",
			Files: map[string]string{"_config.yml": "url: https://example.com\nroot: /\n", "source/_posts/a.md": "x"},
			Want: []Detected{{File: "_config.yml", PublishDir: "public", SourceDir: "source",
				BaseURL: "https://example.com/", BaseURLFrom: "_config.yml url", Form: generator.URLForm{TrailingSlash: "always"},
				Own: config("_config.yml", func(c *hexo.Config) { c.URL, c.URLLine = "https://example.com", 1 })}},
		},
		{
			Name:  "a Jekyll _config.yml with a permalink stays Jekyll's",
			Files: map[string]string{"_config.yml": "url: https://example.com\npermalink: /:year/:month/:day/:title/\n", "_posts/2024-01-02-a.md": "x"},
			Want:  []Detected{{File: "_config.yml", PublishDir: "_site", BaseURL: "https://example.com/", BaseURLFrom: "_config.yml url"}},
		},
		{
			Name:  "the dependency alone: Hexo's defaults",
			Files: map[string]string{"package.json": `{"dependencies": {"hexo": "8.1.2"}}`},
			Want: []Detected{{File: "package.json", PublishDir: "public", SourceDir: "source", Form: generator.URLForm{TrailingSlash: "always"},
				Own:   config("", nil),
				Notes: []string{"package.json: url is not set (Hexo's default is http://example.com); give --base-url"}}},
		},
		{
			Name:  "url without the root's path: url + root",
			Files: map[string]string{"package.json": initPkg, "_config.yml": "url: https://example.com\nroot: /blog/\n"},
			Want: []Detected{{File: "_config.yml", PublishDir: "public", SourceDir: "source",
				BaseURL: "https://example.com/blog/", BaseURLFrom: "_config.yml url + root", BasePath: "/blog/", Form: generator.URLForm{TrailingSlash: "always"},
				Own:   config("_config.yml", func(c *hexo.Config) { c.URL, c.URLLine, c.Root = "https://example.com", 1, "/blog/" }),
				Notes: []string{`_config.yml:1: url "https://example.com" has no path, and root "/blog/" links every page under /blog/: the base URL is https://example.com/blog/ (Hexo asks for url with the path: https://example.com/blog)`}}},
		},
		{
			Name:  "url without a host: the root as the base path",
			Files: map[string]string{"package.json": initPkg, "_config.yml": "url: /blog\nroot: /blog/\n"},
			Want: []Detected{{File: "_config.yml", PublishDir: "public", SourceDir: "source", BasePath: "/blog/", Form: generator.URLForm{TrailingSlash: "always"},
				Own:   config("_config.yml", func(c *hexo.Config) { c.URL, c.URLLine, c.Root = "/blog", 1, "/blog/" }),
				Notes: []string{`_config.yml:1: url "/blog" is not an absolute http(s) URL; give --base-url`}}},
		},
		{
			Name:  "theme: fluid, its package a dependency: Fluid hides posts",
			Files: map[string]string{"package.json": `{"dependencies": {"hexo": "8.1.2", "hexo-theme-fluid": "1.9.9"}}`, "_config.yml": "url: https://example.com\ntheme: fluid\n"},
			Want: []Detected{{File: "_config.yml", PublishDir: "public", SourceDir: "source",
				BaseURL: "https://example.com/", BaseURLFrom: "_config.yml url", Form: generator.URLForm{TrailingSlash: "always"},
				Own: config("_config.yml", func(c *hexo.Config) {
					c.URL, c.URLLine, c.Theme, c.HideFrom = "https://example.com", 1, "fluid", "node_modules/hexo-theme-fluid"
				})}},
		},
		{
			Name:  "theme: fluid in themes/fluid",
			Files: map[string]string{"package.json": initPkg, "_config.yml": "url: https://example.com\ntheme: fluid\n", "themes/fluid/_config.yml": "post:\n"},
			Want: []Detected{{File: "_config.yml", PublishDir: "public", SourceDir: "source",
				BaseURL: "https://example.com/", BaseURLFrom: "_config.yml url", Form: generator.URLForm{TrailingSlash: "always"},
				Own: config("_config.yml", func(c *hexo.Config) {
					c.URL, c.URLLine, c.Theme, c.HideFrom = "https://example.com", 1, "fluid", "themes/fluid"
				})}},
		},
		{
			Name:  "theme: fluid the project does not hold: nothing hidden",
			Files: map[string]string{"package.json": initPkg, "_config.yml": "url: https://example.com\ntheme: fluid\n"},
			Want: []Detected{{File: "_config.yml", PublishDir: "public", SourceDir: "source",
				BaseURL: "https://example.com/", BaseURLFrom: "_config.yml url", Form: generator.URLForm{TrailingSlash: "always"},
				Own: config("_config.yml", func(c *hexo.Config) { c.URL, c.URLLine, c.Theme = "https://example.com", 1, "fluid" })}},
		},
		{
			Name:  "sitemap paths and a note of a key that is no string",
			Files: map[string]string{"package.json": initPkg, "_config.yml": "url: https://example.com\npermalink: [a]\nsitemap:\n  path: [map.xml, map.txt]\n  rel: true\n"},
			Want: []Detected{{File: "_config.yml", PublishDir: "public", SourceDir: "source",
				BaseURL: "https://example.com/", BaseURLFrom: "_config.yml url", Form: generator.URLForm{TrailingSlash: "always"},
				Own: config("_config.yml", func(c *hexo.Config) {
					c.URL, c.URLLine, c.SitemapPaths, c.SitemapLine = "https://example.com", 1, []string{"map.xml", "map.txt"}, 4
					c.Sitemap = []hexo.Option{{Name: "path", Value: []any{"map.xml", "map.txt"}, Line: 4}, {Name: "rel", Value: true, Line: 5}}
					c.Notes = []string{`_config.yml:2: permalink is not a string: Hexo's default ":year/:month/:day/:title/" is taken`}
				}),
				Notes: []string{`_config.yml:2: permalink is not a string: Hexo's default ":year/:month/:day/:title/" is taken`}}},
		},
	})
}

// TestDetectHexoError: a _config.yml that does not parse is the error
// of a project that depends on hexo, at its line; without the
// dependency it is Jekyll's to report.
func TestDetectHexoError(t *testing.T) {
	dir := buildtest.TempSite(t, map[string]string{"package.json": `{"dependencies": {"hexo": "8.1.2"}}`, "_config.yml": "url: https://example.com\npermalink: [\n"})
	_, err := registry.Detect(dir, limits.Default)
	var d *diag.Diagnostic
	if !errors.As(err, &d) || d.File != filepath.Join(dir, "_config.yml") || d.Line == 0 {
		t.Errorf("detect: %v; want an error at a line of _config.yml", err)
	}
}

// TestHexoGenerator: the sitemaps, the base URL's place, the preset and
// hexo-generator-sitemap's options.
func TestHexoGenerator(t *testing.T) {
	dir := buildtest.TempSite(t, map[string]string{
		"package.json": `{"dependencies": {"hexo": "8.1.2", "hexo-generator-sitemap": "3.0.1"}}`,
		"_config.yml":  "url: https://example.com\nsource_dir: content\nsitemap:\n  path: /maps/site.xml\n  tags: false\n",
	})
	d, err := generator.OpenDir(dir, gentest.Env(nil), limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := generator.Detect(d, registry.Generators)
	if err != nil || len(ps) != 1 {
		t.Fatalf("detect: %v, %v", ps, err)
	}
	p := &ps[0]
	g := hexo.Generator{}
	if f := g.Info().Sitemaps(p); !reflect.DeepEqual(f.Names, []string{"maps/site.xml"}) {
		t.Errorf("Sitemaps: %v", f.Names)
	}
	if f := g.Info().Sitemaps(&Detected{}); !reflect.DeepEqual(f.Names, []string{"sitemap.xml", "sitemap.txt"}) {
		t.Errorf("Sitemaps without a configuration: %v", f.Names)
	}
	if places := p.BaseURLPlaces("_config.yml"); len(places) != 1 || !strings.Contains(places[0], "url: in Hexo's configuration (_config.yml)") {
		t.Errorf("BaseURLPlaces: %q", places)
	}
	preset, src := p.Routes()
	if src != "content" || preset == nil || preset.Rules().Name != "hexo" {
		t.Errorf("Routes: %v, %q", preset, src)
	}
	got := g.SitemapOptions(d, p)
	want := []peer.Config{{Tool: hexo.Tool, File: "_config.yml", Line: 4, Options: []peer.Given{{Name: "path", Value: "/maps/site.xml", Line: 4}, {Name: "tags", Value: false, Line: 5}}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("SitemapOptions:\n got %+v\nwant %+v", got, want)
	}
	r := hexo.Peer.Map(got[0].Options, peer.Context{})
	if !strings.Contains(formatSettings(r.Settings), "filename=site.xml") || !strings.Contains(formatSettings(r.Settings), "exclude=[tags/**]") {
		t.Errorf("the options' settings: %s", formatSettings(r.Settings))
	}
}

// TestFluidHide: on the theme Fluid, a post's hide: true leaves it out
// (Fluid lists it nowhere, nor does hexo-generator-sitemap), named with
// the theme for --explain; a page's is no post's, and another theme
// hides nothing.
func TestFluidHide(t *testing.T) {
	fluid := hexo.NewRoutes(config("_config.yml", func(c *hexo.Config) { c.Theme, c.HideFrom = "fluid", "themes/fluid" }))
	f := fluid.FileRules("_posts/secret.md")
	if !reflect.DeepEqual(f.ExcludeKeys, []string{"hide"}) || !strings.Contains(f.ExcludeWhy, "Fluid (themes/fluid)") {
		t.Errorf("a post on Fluid: ExcludeKeys %q, ExcludeWhy %q", f.ExcludeKeys, f.ExcludeWhy)
	}
	if f := fluid.FileRules("about/index.md"); f.ExcludeKeys != nil || f.ExcludeWhy != "" {
		t.Errorf("a page on Fluid: ExcludeKeys %q, ExcludeWhy %q", f.ExcludeKeys, f.ExcludeWhy)
	}
	other := hexo.NewRoutes(config("_config.yml", func(c *hexo.Config) { c.Theme = "landscape" }))
	if f := other.FileRules("_posts/secret.md"); f.ExcludeKeys != nil || f.ExcludeWhy != "" {
		t.Errorf("a post on another theme: ExcludeKeys %q, ExcludeWhy %q", f.ExcludeKeys, f.ExcludeWhy)
	}
}

// formatSettings prints settings as key=value.
func formatSettings(s []peer.Setting) string {
	var b strings.Builder
	for _, x := range s {
		b.WriteString(x.Key + "=")
		switch v := x.Value.(type) {
		case []string:
			b.WriteString("[" + strings.Join(v, " ") + "]")
		case string:
			b.WriteString(v)
		default:
			fmt.Fprint(&b, v)
		}
		b.WriteString(" ")
	}
	return b.String()
}

// TestDates: Hexo's order for each updated_option, the date
// new_post_name reads in a post's name, and timezone.
func TestDates(t *testing.T) {
	order := func(c *hexo.Config) string {
		return hexo.NewRoutes(c).Rules().Order.Describe()
	}
	if got := order(config("_config.yml", nil)); got != "front matter updated, then git, then front matter date, then the file name's date" {
		t.Errorf("mtime: %s", got)
	}
	for _, opt := range []string{"date", "empty"} {
		if got := order(config("_config.yml", func(c *hexo.Config) { c.UpdatedOption = opt })); got != "front matter updated, date, then the file name's date, then git" {
			t.Errorf("%s: %s", opt, got)
		}
	}

	r := hexo.NewRoutes(config("_config.yml", func(c *hexo.Config) { c.NewPostName = ":year-:i_month-:day-:title.md"; c.Timezone = "Asia/Tokyo" }))
	d := r.FileRules("_posts/2024-3-09-hello.md").FileDate
	tokyo, _ := time.LoadLocation("Asia/Tokyo")
	if want := time.Date(2024, 3, 9, 0, 0, 0, 0, tokyo); !d.Equal(want) {
		t.Errorf("FileDate: %v; want %v", d, want)
	}
	for _, rel := range []string{"about/2024-03-09-x.md", "_posts/hello.md", "_posts/2024-13-09-x.md"} {
		if d := r.FileRules(rel).FileDate; !d.IsZero() {
			t.Errorf("FileDate(%s) = %v; want none", rel, d)
		}
	}
	if f := r.FileRules("_posts/a.md"); f.Zone == nil || f.Zone.String() != "Asia/Tokyo" || f.ZoneFrom != "_config.yml timezone" {
		t.Errorf("Zone: %v, %q", f.Zone, f.ZoneFrom)
	}
	if loc := hexo.NewRoutes(config("_config.yml", nil)).FileRules("a.md").Zone; loc != nil {
		t.Errorf("Zone without timezone: %v", loc)
	}
	bad := hexo.NewRoutes(config("_config.yml", func(c *hexo.Config) { c.Timezone, c.TimezoneLine = "Mars/Olympus", 3 }))
	if w := bad.Rules().Sources.ZoneWarnings; len(w) != 1 || !strings.HasPrefix(w[0].Error(), `_config.yml:3: timezone: "Mars/Olympus" is not a time zone`) {
		t.Errorf("ZoneWarnings: %v", w)
	}
}
