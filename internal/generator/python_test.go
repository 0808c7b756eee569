package generator

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
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
			name:  "a conf.py that is not Sphinx's",
			files: map[string]string{"conf.py": "DEBUG = True\n"},
			want:  nil,
		},
	})
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
