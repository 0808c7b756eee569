package sphinx_test

import (
	"slices"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/sphinx"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

type Detected = generator.Detected

func TestDetectSphinx(t *testing.T) {
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name:  "sphinx, one folder",
			Files: map[string]string{"conf.py": "project = 'Docs'\nextensions = []\nhtml_baseurl = 'https://docs.example/en/'\n"},
			Want: []Detected{{File: "conf.py", PublishDir: "_build/html", Form: generator.URLForm{IndexFiles: true},
				BaseURL: "https://docs.example/en/", BaseURLFrom: "conf.py html_baseurl"}},
		},
		{
			Name:  "sphinx, source and build apart, under docs/",
			Files: map[string]string{"docs/source/conf.py": "# Configuration file for the Sphinx documentation builder.\nproject = \"x\"\n"},
			Want:  []Detected{{File: "docs/source/conf.py", PublishDir: "docs/build/html", Form: generator.URLForm{IndexFiles: true}}},
		},
		{
			Name: "sphinx, source and build apart, the Makefile's BUILDDIR",
			Files: map[string]string{
				"docs/source/conf.py": "project = \"x\"\n",
				"docs/Makefile":       "SPHINXOPTS    ?=\nSPHINXBUILD   ?= sphinx-build\nSOURCEDIR     = source\nBUILDDIR      = _build\n",
			},
			Want: []Detected{{File: "docs/source/conf.py", PublishDir: "docs/_build/html", Form: generator.URLForm{IndexFiles: true}}},
		},
		{
			Name: "sphinx, one folder, BUILDDIR not a plain folder",
			Files: map[string]string{
				"conf.py":  "project = \"x\"\n",
				"Makefile": "BUILDDIR = $(HOME)/out\n",
			},
			Want: []Detected{{File: "conf.py", PublishDir: "_build/html", Form: generator.URLForm{IndexFiles: true}}},
		},
		{
			Name: "sphinx, one folder, BUILDDIR out of the project",
			Files: map[string]string{
				"conf.py":  "project = \"x\"\n",
				"Makefile": "BUILDDIR ?= ../site\n",
			},
			Want: []Detected{{File: "conf.py", PublishDir: "_build/html", Form: generator.URLForm{IndexFiles: true}}},
		},
		{
			Name:  "sphinx-sitemap: site_url, sitemap_filename, sitemap_locales with the default scheme",
			Files: map[string]string{"conf.py": "project = 'Docs'\nextensions = [\n    'sphinx.ext.autodoc',  # comment\n    \"sphinx_sitemap\",\n]\nsite_url = 'https://docs.example/'\nlanguage = 'en'\nsitemap_locales = ['en', 'fr', None]\nsitemap_filename = 'map.xml'\n"},
			Want: []Detected{{File: "conf.py", PublishDir: "_build/html", Form: generator.URLForm{IndexFiles: true},
				BaseURL: "https://docs.example/", BaseURLFrom: "conf.py site_url", SitemapFile: "map.xml", SitemapFileKey: "sitemap_filename", Languages: []string{"en", "fr"}, Translated: true,
				Pages: &generator.FolderLocales{Langs: map[string]string{"en": "en", "fr": "fr"}, From: "sphinx-sitemap's sitemap_locales"}}},
		},
		{
			Name:  "sphinx-sitemap: html_baseurl and the default scheme, which lists the pages under en/",
			Files: map[string]string{"conf.py": "project = 'Docs'\nextensions = ('sphinx_sitemap',)\nhtml_baseurl = 'https://docs.example/'\nversion = '1.0'\n"},
			Want: []Detected{{File: "conf.py", PublishDir: "_build/html", Form: generator.URLForm{IndexFiles: true},
				BaseURL: "https://docs.example/", BaseURLFrom: "conf.py html_baseurl",
				Warnings: []*diag.Diagnostic{{File: "conf.py", Line: 2, Msg: "sphinx-sitemap's sitemap_url_scheme {lang}{version}{link} listed the pages under https://docs.example/en/1.0/, where their canonical links (html_baseurl) do not put them: sitemapgen lists them at the URLs they give, under https://docs.example/; if the site is served under https://docs.example/en/1.0/, set html_baseurl = 'https://docs.example/en/1.0/' in conf.py (with sitemap_url_scheme = '{link}' while sphinx_sitemap is in extensions), and the canonical links and ours keep those URLs"}}}},
		},
		{
			// Each language built into its folder from one html_baseurl:
			// their canonical links lack the folder.
			Name: "html_baseurl shared by the builds in the site folder's folders",
			Files: map[string]string{"conf.py": "project = 'Docs'\nextensions = []\nhtml_baseurl = 'https://docs.example/'\n",
				"_build/html/en/.buildinfo": "# Sphinx build info version 1\n", "_build/html/fr/.buildinfo": "# Sphinx build info version 1\n", "_build/html/_static/x.css": ""},
			Want: []Detected{{File: "conf.py", PublishDir: "_build/html", Form: generator.URLForm{IndexFiles: true},
				BaseURL: "https://docs.example/", BaseURLFrom: "conf.py html_baseurl", FolderBuilds: []string{"en/", "fr/"},
				FolderBuildsWhy: "Sphinx writes each page's canonical link from html_baseurl (conf.py:3), which the builds in _build/html's folders share, and no build is served there; give each build its own, as sphinx-build -D html_baseurl=https://docs.example/fr/ . _build/html/fr does for fr/"}},
		},
		{
			Name: "html_baseurl shared by the builds, sphinx_sitemap in extensions",
			Files: map[string]string{"conf.py": "project = 'Docs'\nextensions = ['sphinx_sitemap']\nhtml_baseurl = 'https://docs.example/'\n",
				"_build/html/en/.buildinfo": "# Sphinx build info version 1\n"},
			Want: []Detected{{File: "conf.py", PublishDir: "_build/html", Form: generator.URLForm{IndexFiles: true},
				BaseURL: "https://docs.example/", BaseURLFrom: "conf.py html_baseurl", FolderBuilds: []string{"en/"},
				FolderBuildsWhy: "Sphinx writes each page's canonical link from html_baseurl (conf.py:3), which the builds in _build/html's folders share, and no build is served there; give each build its own, as sphinx-build -D html_baseurl=https://docs.example/en/ . _build/html/en does for en/, with sitemap_url_scheme = '{link}' while sphinx_sitemap is in extensions"}},
		},
		{
			// conf.py in source/: the command names that folder.
			Name: "html_baseurl shared by the builds, source and build apart",
			Files: map[string]string{"docs/source/conf.py": "project = 'Docs'\nhtml_baseurl = 'https://docs.example/'\n",
				"docs/build/html/zh_CN/.buildinfo": "# Sphinx build info version 1\n"},
			Want: []Detected{{File: "docs/source/conf.py", PublishDir: "docs/build/html", Form: generator.URLForm{IndexFiles: true},
				BaseURL: "https://docs.example/", BaseURLFrom: "docs/source/conf.py html_baseurl", FolderBuilds: []string{"zh_CN/"},
				FolderBuildsWhy: "Sphinx writes each page's canonical link from html_baseurl (docs/source/conf.py:2), which the builds in docs/build/html's folders share, and no build is served there; give each build its own, as sphinx-build -D html_baseurl=https://docs.example/zh_CN/ docs/source docs/build/html/zh_CN does for zh_CN/"}},
		},
		{
			// A build at the top too (the latest version, older ones in
			// folders): a folder's canonical link may name its page
			// there on purpose.
			Name: "html_baseurl, a build at the site folder's top",
			Files: map[string]string{"conf.py": "project = 'Docs'\nextensions = []\nhtml_baseurl = 'https://docs.example/'\n",
				"_build/html/.buildinfo": "# Sphinx build info version 1\n", "_build/html/1.0/.buildinfo": "# Sphinx build info version 1\n"},
			Want: []Detected{{File: "conf.py", PublishDir: "_build/html", Form: generator.URLForm{IndexFiles: true},
				BaseURL: "https://docs.example/", BaseURLFrom: "conf.py html_baseurl"}},
		},
		{
			// One build in the site folder, no en/ in it: under site_url,
			// which no page names, the pages keep the scheme's URLs.
			Name:  "sphinx-sitemap: site_url and the default scheme, one language's build",
			Files: map[string]string{"conf.py": "project = 'Docs'\nextensions = ['sphinx_sitemap']\nsite_url = 'https://docs.example/'\n", "_build/html/index.html": "<title>home</title>"},
			Want: []Detected{{File: "conf.py", PublishDir: "_build/html", Form: generator.URLForm{IndexFiles: true},
				BaseURL: "https://docs.example/en/", BaseURLFrom: "conf.py site_url under sphinx-sitemap's sitemap_url_scheme {lang}{version}{link} (en/)"}},
		},
		{
			// Out of extensions, its settings kept: the same warning, but
			// once html_baseurl ends with the folder.
			Name:  "sphinx-sitemap's settings after the switch, html_baseurl without the folder",
			Files: map[string]string{"conf.py": "project = 'Docs'\nextensions = []\nhtml_baseurl = 'https://docs.example/'\nsitemap_locales = ['en']\n"},
			Want: []Detected{{File: "conf.py", PublishDir: "_build/html", Form: generator.URLForm{IndexFiles: true},
				BaseURL: "https://docs.example/", BaseURLFrom: "conf.py html_baseurl",
				Warnings: []*diag.Diagnostic{{File: "conf.py", Line: 2, Msg: "sphinx-sitemap's sitemap_url_scheme {lang}{version}{link} listed the pages under https://docs.example/en/, where their canonical links (html_baseurl) do not put them: sitemapgen lists them at the URLs they give, under https://docs.example/; if the site is served under https://docs.example/en/, set html_baseurl = 'https://docs.example/en/' in conf.py (with sitemap_url_scheme = '{link}' while sphinx_sitemap is in extensions), and the canonical links and ours keep those URLs"}}}},
		},
		{
			Name:  "sphinx-sitemap's settings after the switch, html_baseurl with the folder",
			Files: map[string]string{"conf.py": "project = 'Docs'\nextensions = []\nhtml_baseurl = 'https://docs.example/en/'\nsitemap_locales = ['en']\n"},
			Want:  []Detected{{File: "conf.py", PublishDir: "_build/html", Form: generator.URLForm{IndexFiles: true}, BaseURL: "https://docs.example/en/", BaseURLFrom: "conf.py html_baseurl"}},
		},
		{
			Name:  "sphinx-sitemap: sitemap_url_scheme {link}, one language",
			Files: map[string]string{"conf.py": "extensions = ['sphinx_sitemap']\nhtml_baseurl = 'https://docs.example/'\nsitemap_url_scheme = '{link}'\nsitemap_locales = [None]\n"},
			Want: []Detected{{File: "conf.py", PublishDir: "_build/html", Form: generator.URLForm{IndexFiles: true},
				BaseURL: "https://docs.example/", BaseURLFrom: "conf.py html_baseurl"}},
		},
		{
			Name:  "sphinx-sitemap's settings left after the extension: they name its files still, the scheme said no more",
			Files: map[string]string{"conf.py": "extensions = []\nhtml_baseurl = 'https://docs.example/'\nsitemap_filename = 'map.xml'\nsitemap_locales = ['en', 'fr']\n"},
			Want: []Detected{{File: "conf.py", PublishDir: "_build/html", Form: generator.URLForm{IndexFiles: true},
				BaseURL: "https://docs.example/", BaseURLFrom: "conf.py html_baseurl", SitemapFile: "map.xml", SitemapFileKey: "sitemap_filename", Languages: []string{"en", "fr"}, Translated: true,
				Pages: &generator.FolderLocales{Langs: map[string]string{"en": "en", "fr": "fr"}, From: "sphinx-sitemap's sitemap_locales"}}},
		},
		{
			// No sitemap_locales: sphinx-sitemap's languages are the
			// folders of locale_dirs (Sphinx's default, locales, beside
			// conf.py), a folder out of the project none.
			Name: "sphinx-sitemap: the languages of locale_dirs",
			Files: map[string]string{
				"docs/source/conf.py":                         "project = 'Docs'\nextensions = ['sphinx_sitemap']\nsite_url = 'https://docs.example/'\n",
				"docs/source/locales/fr/LC_MESSAGES/index.po": "", "docs/source/locales/pt_BR/LC_MESSAGES/index.po": "", "docs/source/locales/README": "",
			},
			Want: []Detected{{File: "docs/source/conf.py", PublishDir: "docs/build/html", Form: generator.URLForm{IndexFiles: true},
				BaseURL: "https://docs.example/", BaseURLFrom: "docs/source/conf.py site_url", Languages: []string{"en", "fr", "pt_BR"}, Translated: true,
				Pages: &generator.FolderLocales{Langs: map[string]string{"en": "en", "fr": "fr", "pt_BR": "pt-BR"}, From: "sphinx-sitemap's locale_dirs"}}},
		},
		{
			// A site folder of en/ alone: fr/'s build is said, once.
			Name: "sphinx-sitemap: locale_dirs' languages not built in the site folder",
			Files: map[string]string{
				"conf.py":                        "project = 'Docs'\nextensions = ['sphinx_sitemap']\nsite_url = 'https://docs.example/'\nlocale_dirs = ['locale/', '../elsewhere']\n",
				"locale/fr/LC_MESSAGES/index.po": "", "_build/html/en/index.html": "<title>home</title>",
			},
			Want: []Detected{{File: "conf.py", PublishDir: "_build/html", Form: generator.URLForm{IndexFiles: true},
				BaseURL: "https://docs.example/", BaseURLFrom: "conf.py site_url", Languages: []string{"en", "fr"}, Translated: true,
				Pages:    &generator.FolderLocales{Langs: map[string]string{"en": "en", "fr": "fr"}, From: "sphinx-sitemap's locale_dirs"},
				Warnings: []*diag.Diagnostic{{File: "conf.py", Line: 4, Msg: "sphinx-sitemap's locale_dirs give each page alternates in the builds of 2 languages, and the build of fr/ is not in _build/html: their alternates are not written (sitemapgen writes those between the languages' builds in the site folder, each in its folder: sphinx-build -D language=LANG . _build/html/LANG)"}}}},
		},
		{
			Name:  "a conf.py that is not Sphinx's",
			Files: map[string]string{"conf.py": "DEBUG = True\n"},
			Want:  nil,
		},
	})
}

func TestURLs(t *testing.T) {
	gentest.CheckRoutes(t, sphinx.Preset{}, []gentest.RouteCase{
		{Path: "index.rst", Want: "/index.html"},
		{Path: "guide/setup.rst", Want: "/guide/setup.html"},
		{Path: "notes.md", Want: "/notes.html"},
		{Path: "requirements.txt", Want: ""},
		{Path: "_templates/page.rst", Want: ""},
		{Path: "conf.py", Want: ""},
	})
}

// TestRoutes: the source folder is conf.py's.
func TestRoutes(t *testing.T) {
	for file, want := range map[string]string{"docs/source/conf.py": "docs/source", "conf.py": "."} {
		if _, dir := (sphinx.Generator{}).Routes(&Detected{File: file}); dir != want {
			t.Errorf("%s: Routes() in %q, want %q", file, dir, want)
		}
	}
}

// TestSitemaps: sphinx-sitemap's, and each language's build's, in its
// folder (sitemap_locales); sitemap_filename names them.
func TestSitemaps(t *testing.T) {
	for _, tc := range []struct {
		file    string
		yes, no []string
	}{
		{"", []string{"sitemap.xml", "en/sitemap.xml", "pt_BR/sitemap.xml"}, []string{"fr/sitemap.xml", "sitemap-0.xml"}},
		{"map.xml", []string{"map.xml", "en/map.xml", "pt_BR/map.xml", "sitemap.xml"}, []string{"en/sitemap.xml"}},
	} {
		p := &Detected{Gen: sphinx.Generator{}, SitemapFile: tc.file, Languages: []string{"en", "pt_BR"}, Translated: true}
		takes := p.Sitemaps()
		for _, n := range tc.yes {
			if !takes(n) {
				t.Errorf("%q: %s not taken over", tc.file, n)
			}
		}
		for _, n := range tc.no {
			if takes(n) {
				t.Errorf("%q: %s taken over", tc.file, n)
			}
		}
	}
}

// TestPublished: each language's sitemap, in its folder, which a clean
// build stops writing once the extension is off.
func TestPublished(t *testing.T) {
	s := &Detected{Gen: sphinx.Generator{}, Languages: []string{"en", "pt_BR"}, Translated: true, SitemapFile: "map.xml"}
	if got, want := s.Published(""), []string{"en/map.xml", "pt_BR/map.xml"}; !slices.Equal(got, want) {
		t.Errorf("Sphinx: %q, want %q", got, want)
	}
}

// TestSitemapOptions: sphinx-sitemap's settings in conf.py, read
// without running anything.
func TestSitemapOptions(t *testing.T) {
	gentest.SitemapOptions(t, buildtest.TempSite, []gentest.PeerTest{
		{Name: "sphinx-sitemap", Files: map[string]string{"docs/conf.py": `project = 'Docs'
extensions = [
    'sphinx.ext.autodoc',
    'sphinx_sitemap',
]
html_baseurl = 'https://example.com/'
sitemap_url_scheme = '{link}'
sitemap_excludes = ['search.html', 'genindex.html']
sitemap_locales = [None]
html_theme = 'alabaster'
`}, Want: []peer.Config{{Tool: sphinx.Tool, File: "docs/conf.py", Line: 2, Options: []peer.Given{
			{Name: "html_baseurl", Value: "https://example.com/", Line: 6}, {Name: "sitemap_url_scheme", Value: "{link}", Line: 7},
			{Name: "sitemap_excludes", Value: []any{"search.html", "genindex.html"}, Line: 8}, {Name: "sitemap_locales", Value: []any{nil}, Line: 9}}}}},
		{Name: "sphinx without sphinx-sitemap", Files: map[string]string{"conf.py": "project = 'Docs'\nextensions = []\nhtml_baseurl = 'https://example.com/'\n"}},
	})
}
