package generator

import (
	"testing"
)

// routeCase is a source file, the front matter that moves it, and the URL
// path its generator writes it at ("" for none).
type routeCase struct {
	path, slug, id, permalink string
	noPermalink               bool
	want                      string
}

func checkRoutes(t *testing.T, p Preset, cases []routeCase) {
	t.Helper()
	for _, c := range cases {
		got, ok := p.URLPath(Page{Path: c.path, Slug: c.slug, ID: c.id, Permalink: c.permalink, NoPermalink: c.noPermalink})
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("%s %s (slug %q, id %q, permalink %q): %q, want %q", p.Name(), c.path, c.slug, c.id, c.permalink, got, c.want)
		}
	}
}

func TestDocusaurusURLs(t *testing.T) {
	checkRoutes(t, &Docusaurus{Locales: []string{"de"}}, []routeCase{
		{path: "docs/intro.md", want: "/docs/intro"},
		{path: "docs/01-getting-started.md", want: "/docs/getting-started"},
		{path: "docs/02-guides/01-setup.md", want: "/docs/guides/setup"},
		{path: "docs/02-guides/index.md", want: "/docs/guides/"},
		{path: "docs/guides/guides.mdx", want: "/docs/guides/"},
		{path: "docs/guides/README.md", want: "/docs/guides/"},
		{path: "docs/index.md", want: "/docs/"},
		{path: "docs/2021-01-31-notes.md", want: "/docs/2021-01-31-notes"}, // a date is no order prefix
		{path: "docs/2-3-steps.md", want: "/docs/2-3-steps"},               // nor a version
		{path: "docs/1.5-foo.md", want: "/docs/1.5-foo"},
		{path: "docs/3 - setup.md", want: "/docs/setup"},
		{path: "docs/4--.md", want: "/docs/4--"},
		{path: "docs/02-guides/config.md", id: "configuration", want: "/docs/guides/configuration"},
		{path: "docs/02-guides/deploy.mdx", slug: "/deploying", want: "/docs/deploying"},
		{path: "docs/02-guides/renamed.md", slug: "moved-here", want: "/docs/guides/moved-here"},
		{path: "docs/02-guides/index.md", slug: "all", want: "/docs/guides/all"},
		{path: "docs/_partial.md", want: ""},
		{path: "docs/_drafts/a.md", want: ""},
		{path: "docs/img/logo.png", want: ""},
		{path: "blog/2024-01-15-hello.md", want: "/blog/2024/01/15/hello"},
		{path: "blog/2024-02-20-second-post/index.md", want: "/blog/2024/02/20/second-post"},
		{path: "blog/2024-03-05-third.md", slug: "third-custom", want: "/blog/third-custom"},
		{path: "blog/plain.md", want: "/blog/plain"},
		{path: "blog/authors.yml", want: ""},
		{path: "src/pages/index.js", want: "/"},
		{path: "src/pages/about.md", want: "/about"},
		{path: "src/pages/contact/index.md", want: "/contact/"},
		{path: "src/pages/_partial.md", want: ""},
		{path: "src/pages/styles.module.css", want: ""},
		{path: "src/pages/a.test.js", want: ""},
		{path: "i18n/de/docusaurus-plugin-content-docs/current/intro.md", want: "/de/docs/intro"},
		{path: "i18n/de/docusaurus-plugin-content-blog/2024-01-15-hello.md", want: "/de/blog/2024/01/15/hello"},
		{path: "i18n/de/docusaurus-plugin-content-pages/about.md", want: "/de/about"},
		{path: "i18n/de/code.json", want: ""},
		{path: "i18n/de/docusaurus-theme-classic/navbar.json", want: ""},
	})
	checkRoutes(t, &Docusaurus{DocsBase: "/", BlogBase: "/news"}, []routeCase{
		{path: "docs/intro.md", want: "/intro"},
		{path: "docs/index.md", want: "/"},
		{path: "blog/2024-01-15-hello.md", want: "/news/2024/01/15/hello"},
	})
	checkRoutes(t, &Docusaurus{Versions: []string{"2.0", "1.0"}, Locales: []string{"de"}}, []routeCase{
		{path: "docs/intro.md", want: "/docs/next/intro"},
		{path: "versioned_docs/version-2.0/intro.md", want: "/docs/intro"},
		{path: "versioned_docs/version-1.0/intro.md", want: "/docs/1.0/intro"},
		{path: "versioned_docs/version-0.9/intro.md", want: ""}, // not a version of versions.json
		{path: "i18n/de/docusaurus-plugin-content-docs/current/intro.md", want: "/de/docs/next/intro"},
		{path: "i18n/de/docusaurus-plugin-content-docs/version-1.0/intro.md", want: "/de/docs/1.0/intro"},
		{path: "blog/2024-01-15-hello.md", want: "/blog/2024/01/15/hello"},
	})
	d := &Docusaurus{Locales: []string{"de", "pt-BR"}}
	for in, want := range map[string]string{"/de/docs/intro": "/docs/intro", "/pt-BR/": "/", "/de": "/", "/docs/intro": "", "/dev/x": ""} {
		if got, _ := d.FallbackURL(in); got != want {
			t.Errorf("FallbackURL(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSphinxURLs(t *testing.T) {
	checkRoutes(t, Sphinx{}, []routeCase{
		{path: "index.rst", want: "/index.html"},
		{path: "guide/setup.rst", want: "/guide/setup.html"},
		{path: "notes.md", want: "/notes.html"},
		{path: "requirements.txt", want: ""},
		{path: "_templates/page.rst", want: ""},
		{path: "conf.py", want: ""},
	})
}

func TestProjectRoutes(t *testing.T) {
	for _, tt := range []struct {
		p    Project
		name string
		dir  string
	}{
		{Project{Generator: "docusaurus", Locales: []string{"de"}}, "docusaurus", "."},
		{Project{Generator: "sphinx", File: "docs/source/conf.py"}, "sphinx", "docs/source"},
		{Project{Generator: "sphinx", File: "conf.py"}, "sphinx", "."},
		{Project{Generator: "hugo", SourceDir: "content"}, "", ""},
		{Project{Generator: "pelican"}, "", ""},
	} {
		pre, dir := tt.p.Routes()
		name := ""
		if pre != nil {
			name = pre.Name()
		}
		if name != tt.name || dir != tt.dir {
			t.Errorf("%+v: Routes() = %s, %q; want %s, %q", tt.p, name, dir, tt.name, tt.dir)
		}
	}
}
