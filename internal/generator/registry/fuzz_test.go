package registry_test

import (
	"fmt"
	neturl "net/url"
	"strings"
	"testing"
	"testing/fstest"
	"time"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/astro"
	"github.com/sitemapgen/sitemapgen/internal/generator/docusaurus"
	"github.com/sitemapgen/sitemapgen/internal/generator/eleventy"
	"github.com/sitemapgen/sitemapgen/internal/generator/hugo"
	"github.com/sitemapgen/sitemapgen/internal/generator/jekyll"
	"github.com/sitemapgen/sitemapgen/internal/generator/next"
	"github.com/sitemapgen/sitemapgen/internal/generator/plain"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/generator/sphinx"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
)

// FuzzURLPath feeds every preset arbitrary pages: none may panic, every
// path returned must start with "/", and the Loc that mapping makes of it
// in content mode (Mapper.Map with Page.URLPath) must stay under a base
// URL with a path once a browser resolves it: no path climbs above the
// site's root. Hostile front matter is in testdata/fuzz/FuzzURLPath.
func FuzzURLPath(f *testing.F) {
	seeds := []struct{ path, url, permalink, slug, title string }{
		{"posts/a.md", "", "", "", "Title"},
		{"posts/trip/index.md", "", "", "slug", ""},
		{"_posts/2024-01-02-x.md", "", "/:categories/:year/:title/", "", ""},
		{"_recipes/a/b.md", "", ":path:output_ext", "", ""},
		{"docs/_index.md", "/x/index.html", "", "", ""},
		{"a.fr.md", "rel/", "", "", ""},
		{"x%20y.md", "", ":month_:day", "ß", "a%2"},
		{"blog/_posts/2024-13-45-x.md", "..", "/../..", "", ""},
		{"docs/01-a/02-b.mdx", "", "", "../../x", ""},
		{"blog/2024-1-2-x/index.md", "", "{{ a }}", "/", ""},
		{"i18n/de/docusaurus-plugin-content-docs/current/a.md", "", "", "", ""},
		{"app/(g)/[slug]/page.tsx", "", "", "", ""},
		{"pages/index.astro", "", "/x/../", "", ""},
		{"content/blog/a b/Index.md", "", "", "../../..", "id"},
		{"en/guide/start.md", "", "", "", ""}, // a language's folder
		{"v2/zh/index.md", "", "", "", ""},    // a version's, then a language's
	}
	for _, s := range seeds {
		f.Add(s.path, s.url, s.permalink, s.slug, s.title, true, int64(1700000000))
	}
	content := fstest.MapFS{"posts/trip/index.md": {}, "docs/_index.md": {}}
	hugo := &hugo.Preset{
		Content:           content,
		Permalinks:        map[string]string{"posts": "/:year/:sections[1:]/:slug/", "/": "/:filename/", "rel": "rel/:slug"},
		SectionPermalinks: map[string]string{"docs": "/d/:title/"},
		Languages:         []string{"en", "fr"},
	}
	jekyll := &jekyll.Preset{Permalink: "pretty", Timezone: "Europe/Paris", Collections: map[string]jekyll.Collection{"recipes": {Output: true}}}
	// Presets with settings that change their URLs, then every
	// registered generator's, as its tiny project loads it, and those of
	// the generators' projects with settings (settingsPresets): a
	// generator or project added is fuzzed with no line here.
	presets := []generator.Preset{hugo, jekyll, plain.Preset{}, &docusaurus.Preset{Locales: []string{"de"}}, &astro.Preset{Pages: "pages", Collections: []astro.Collection{{Base: "content/blog", Route: "/blog/[...slug]", Params: map[string]astro.Param{"slug": {Field: "id"}}}}}, next.Preset{}, &eleventy.Preset{}, sphinx.Preset{}}
	for _, g := range registry.Generators {
		presets = append(presets, tinyPresets(f, g)...)
	}
	presets = append(presets, settingsPresets(f)...)
	const base = "https://example.com/blog/"
	mapper, err := mapping.New(mapping.Options{BaseURL: base})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, path, url, permalink, slug, title string, fm bool, date int64) {
		defer fuzzbound.Check(t)()
		p := generator.Page{
			Path: path, URL: url, Permalink: permalink, Slug: slug, Title: title, HasFrontMatter: fm,
			Date: time.Unix(date, 0).UTC(), Categories: strings.Fields(title),
			ID: title, NoPermalink: date%7 == 0, // Docusaurus' id, Eleventy's permalink: false
		}
		for _, preset := range presets {
			got, ok := preset.URLPath(p)
			if ok && (!strings.HasPrefix(got, "/") || strings.HasPrefix(got, "//")) {
				t.Errorf("%s: URLPath(%+v) = %q, not a path from the site's root", preset.Rules().Name, p, got)
			}
			valid := true
			for _, s := range []string{path, url, permalink, slug, title} {
				valid = valid && utf8.ValidString(s)
			}
			if ok && valid && !utf8.ValidString(got) {
				t.Errorf("%s: URLPath(%+v) = %q, not UTF-8", preset.Rules().Name, p, got)
			}
			if !ok {
				continue
			}
			d := mapper.Map(mapping.Page{File: walker.File{Path: path}, URLPath: got})
			if d.Skip == mapping.OutsideBase {
				t.Errorf("%s: URLPath(%+v) = %q climbs above the root", preset.Rules().Name, p, got)
			}
			if d.URL.Loc != "" {
				if err := underBase(base, d.URL.Loc); err != nil {
					t.Errorf("%s: URLPath(%+v) = %q: %v", preset.Rules().Name, p, got, err)
				}
			}
		}
	})
}

// underBase says why loc, a sitemap's <loc>, does not stay under base
// once a browser resolves it, or is not a valid <loc>; nil when it is
// fine.
func underBase(base, loc string) error {
	if err := sitemap.CheckLoc(loc); err != nil && len(loc) < sitemap.MaxLocLength {
		return err
	}
	b, err := neturl.Parse(base)
	if err != nil {
		return err
	}
	u, err := neturl.Parse(loc)
	if err != nil {
		return fmt.Errorf("%q does not parse: %v", loc, err)
	}
	r := b.ResolveReference(u)
	if r.Scheme != b.Scheme || r.Host != b.Host || !strings.HasPrefix(r.EscapedPath(), b.EscapedPath()) || r.RawQuery != "" || r.Fragment != "" {
		return fmt.Errorf("%q resolves to %q, outside %s", loc, r, base)
	}
	for seg := range strings.SplitSeq(strings.TrimPrefix(loc, base), "/") {
		if dots := strings.ReplaceAll(strings.ToLower(seg), "%2e", "."); dots == "." || dots == ".." {
			return fmt.Errorf("%q has the dot segment %q", loc, seg)
		}
	}
	return nil
}
