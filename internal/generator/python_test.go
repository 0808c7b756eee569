package generator

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

func TestDetectPelicanSphinx(t *testing.T) {
	testDetect(t, []detectTest{
		{
			name: "pelican quickstart: SITEURL for production in publishconf.py",
			files: map[string]string{
				"pelicanconf.py": "AUTHOR = 'me'\nSITENAME = 'Blog'\nSITEURL = \"\"\n\nPATH = \"content\"\n",
				"publishconf.py": "import os\nimport sys\nsys.path.append(os.curdir)\nfrom pelicanconf import *\n\n# If your site is available via HTTPS, make sure SITEURL begins with https://\nSITEURL = \"https://blog.example\"\nRELATIVE_URLS = False\n",
			},
			want: []Project{{Generator: "pelican", Title: "Pelican", File: "pelicanconf.py", PublishDir: "output",
				BaseURL: "https://blog.example/", BaseURLFrom: "publishconf.py SITEURL"}},
		},
		{
			name: "pelican OUTPUT_PATH, SITEURL not a literal",
			files: map[string]string{
				"pelicanconf.py": "OUTPUT_PATH = 'public/'\nSITEURL = os.environ['URL']\n",
			},
			want: []Project{{Generator: "pelican", Title: "Pelican", File: "pelicanconf.py", PublishDir: "public",
				Notes: []string{"pelicanconf.py:2: SITEURL is not a literal string; give --base-url"}}},
		},
		{
			name:  "sphinx, one folder",
			files: map[string]string{"conf.py": "project = 'Docs'\nextensions = []\nhtml_baseurl = 'https://docs.example/en/'\n"},
			want: []Project{{Generator: "sphinx", Title: "Sphinx", File: "conf.py", PublishDir: "_build/html",
				BaseURL: "https://docs.example/en/", BaseURLFrom: "conf.py html_baseurl"}},
		},
		{
			name:  "sphinx, source and build apart, under docs/",
			files: map[string]string{"docs/source/conf.py": "# Configuration file for the Sphinx documentation builder.\nproject = \"x\"\n"},
			want:  []Project{{Generator: "sphinx", Title: "Sphinx", File: "docs/source/conf.py", PublishDir: "docs/build/html"}},
		},
		{
			name: "sphinx, source and build apart, the Makefile's BUILDDIR",
			files: map[string]string{
				"docs/source/conf.py": "project = \"x\"\n",
				"docs/Makefile":       "SPHINXOPTS    ?=\nSPHINXBUILD   ?= sphinx-build\nSOURCEDIR     = source\nBUILDDIR      = _build\n",
			},
			want: []Project{{Generator: "sphinx", Title: "Sphinx", File: "docs/source/conf.py", PublishDir: "docs/_build/html"}},
		},
		{
			name: "sphinx, one folder, BUILDDIR not a plain folder",
			files: map[string]string{
				"conf.py":  "project = \"x\"\n",
				"Makefile": "BUILDDIR = $(HOME)/out\n",
			},
			want: []Project{{Generator: "sphinx", Title: "Sphinx", File: "conf.py", PublishDir: "_build/html"}},
		},
		{
			name: "sphinx, one folder, BUILDDIR out of the project",
			files: map[string]string{
				"conf.py":  "project = \"x\"\n",
				"Makefile": "BUILDDIR ?= ../site\n",
			},
			want: []Project{{Generator: "sphinx", Title: "Sphinx", File: "conf.py", PublishDir: "_build/html"}},
		},
		{
			name:  "sphinx-sitemap: site_url, sitemap_filename, sitemap_locales with the default scheme",
			files: map[string]string{"conf.py": "project = 'Docs'\nextensions = [\n    'sphinx.ext.autodoc',  # comment\n    \"sphinx_sitemap\",\n]\nsite_url = 'https://docs.example/'\nlanguage = 'en'\nsitemap_locales = ['en', 'fr', None]\nsitemap_filename = 'map.xml'\n"},
			want: []Project{{Generator: "sphinx", Title: "Sphinx", File: "conf.py", PublishDir: "_build/html",
				BaseURL: "https://docs.example/", BaseURLFrom: "conf.py site_url", SitemapFile: "map.xml", SitemapFileKey: "sitemap_filename", Languages: []string{"en", "fr"},
				Pages: &FolderLocales{Langs: map[string]string{"en": "en", "fr": "fr"}, From: "sphinx-sitemap's sitemap_locales"}}},
		},
		{
			name:  "sphinx-sitemap: html_baseurl and the default scheme, which lists the pages under en/",
			files: map[string]string{"conf.py": "project = 'Docs'\nextensions = ('sphinx_sitemap',)\nhtml_baseurl = 'https://docs.example/'\nversion = '1.0'\n"},
			want: []Project{{Generator: "sphinx", Title: "Sphinx", File: "conf.py", PublishDir: "_build/html",
				BaseURL: "https://docs.example/", BaseURLFrom: "conf.py html_baseurl",
				Warnings: []*diag.Diagnostic{{File: "conf.py", Line: 2, Msg: "sphinx-sitemap's sitemap_url_scheme {lang}{version}{link} listed the pages under https://docs.example/en/1.0/, where their canonical links (html_baseurl) do not put them: sitemapgen lists them at the URLs they give, under https://docs.example/; give --base-url https://docs.example/en/1.0/ if the site is served there"}}}},
		},
		{
			name:  "sphinx-sitemap: sitemap_url_scheme {link}, one language",
			files: map[string]string{"conf.py": "extensions = ['sphinx_sitemap']\nhtml_baseurl = 'https://docs.example/'\nsitemap_url_scheme = '{link}'\nsitemap_locales = [None]\n"},
			want: []Project{{Generator: "sphinx", Title: "Sphinx", File: "conf.py", PublishDir: "_build/html",
				BaseURL: "https://docs.example/", BaseURLFrom: "conf.py html_baseurl"}},
		},
		{
			name:  "sphinx-sitemap's settings left after the extension: they name its files still, the scheme said no more",
			files: map[string]string{"conf.py": "extensions = []\nhtml_baseurl = 'https://docs.example/'\nsitemap_filename = 'map.xml'\nsitemap_locales = ['en', 'fr']\n"},
			want: []Project{{Generator: "sphinx", Title: "Sphinx", File: "conf.py", PublishDir: "_build/html",
				BaseURL: "https://docs.example/", BaseURLFrom: "conf.py html_baseurl", SitemapFile: "map.xml", SitemapFileKey: "sitemap_filename", Languages: []string{"en", "fr"},
				Pages: &FolderLocales{Langs: map[string]string{"en": "en", "fr": "fr"}, From: "sphinx-sitemap's sitemap_locales"}}},
		},
		{
			name:  "a conf.py that is not Sphinx's",
			files: map[string]string{"conf.py": "DEBUG = True\n"},
			want:  nil,
		},
	})
}

// TestPyLiteral: the literals of conf.py's settings, as the peers'
// options take them; anything else an expression of its text.
func TestPyLiteral(t *testing.T) {
	for _, tc := range []struct {
		text string
		want any
	}{
		{` 'a'`, "a"},
		{` r"a\b"  # comment`, `a\b`},
		{` 'it\'s'`, "it's"},
		{" ['a', \"b\",  # x\n  None, True, 3]", []any{"a", "b", nil, true, 3.0}},
		{` ('a',)`, []any{"a"}},
		{` []`, []any{}},
		{` False`, false},
		{` os.environ['X']`, peer.Expr{Text: "os.environ['X']"}},
		{` 'a' + 'b'`, peer.Expr{Text: "'a' + 'b'"}},
		{` """doc"""`, peer.Expr{Text: `"""doc"""`}},
		{` ['a'`, peer.Expr{Text: "['a'"}},
	} {
		if got := pyLiteral(tc.text); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %#v, want %#v", tc.text, got, tc.want)
		}
	}
	vals := pyAssignments([]byte("extensions = [\n  'a',  # ]\n  'b',\n]\nx = 1\n"))
	if got := vals["extensions"]; !reflect.DeepEqual(got.val, []any{"a", "b"}) || got.line != 1 {
		t.Errorf("a list over lines: %+v", got)
	}
	if got := vals["x"]; got.val != 1.0 || got.line != 5 {
		t.Errorf("the assignment after it: %+v", got)
	}
}

// FuzzPythonConfig reads any Python configuration: never a panic; a
// literal is a whole quoted string's inside, on a line of the file.
func FuzzPythonConfig(f *testing.F) {
	f.Add([]byte("SITEURL = 'https://a.example'\nOUTPUT_PATH = \"out\"\n"))
	f.Add([]byte("SITEURL = os.environ['X']  # comment\nextensions = [\n  'a',\n]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzbound.Check(t)()
		lines := 1 + bytes.Count(data, []byte("\n"))
		for name, v := range pyAssignments(data) {
			if v.line < 1 || v.line > lines {
				t.Errorf("%s: line %d of %d", name, v.line, lines)
			}
			// One kind of quote may be inside the other's literal.
			if v.literal && (strings.ContainsAny(v.value, "\\\n") || strings.Contains(v.value, "'") && strings.Contains(v.value, `"`)) {
				t.Errorf("%s: literal %q", name, v.value)
			}
			if !v.literal && v.value != "" {
				t.Errorf("%s: a value %q that is not a literal", name, v.value)
			}
		}
	})
}
