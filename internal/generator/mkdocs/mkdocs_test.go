package mkdocs_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/mkdocs"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

func TestDetectMkDocs(t *testing.T) {
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name:  "mkdocs defaults",
			Files: map[string]string{"mkdocs.yml": "site_name: My Docs\n"},
			Want:  []generator.Detected{{File: "mkdocs.yml", SourceDir: "docs", PublishDir: "site", Form: generator.URLForm{TrailingSlash: "always", AsWritten: true}}},
		},
		{
			Name:  "mkdocs literal values",
			Files: map[string]string{"mkdocs.yaml": "site_name: My Docs\nsite_url: https://docs.example.org/proj\nsite_dir: public\nuse_directory_urls: false\ndocs_dir: ./src/\n"},
			Want: []generator.Detected{{File: "mkdocs.yaml", SourceDir: "src", PublishDir: "public", Form: generator.URLForm{TrailingSlash: "never", AsWritten: true},
				BaseURL: "https://docs.example.org/proj/", BaseURLFrom: "mkdocs.yaml site_url"}},
		},
		{
			Name: "mkdocs material with python tags and !ENV default",
			Files: map[string]string{"mkdocs.yml": `site_name: Material
site_url: !ENV [SITE_URL, 'https://default.example/']
theme:
  name: material
markdown_extensions:
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
      emoji_generator: !!python/name:material.extensions.emoji.to_svg
  - toc:
      slugify: !!python/object/apply:pymdownx.slugs.slugify {kwds: {case: lower}}
plugins:
  - search
  - social:
      enabled: !ENV [CI, false]
`},
			Want: []generator.Detected{{File: "mkdocs.yml", SourceDir: "docs", PublishDir: "site", Form: generator.URLForm{TrailingSlash: "always", AsWritten: true},
				BaseURL: "https://default.example/", BaseURLFrom: "mkdocs.yml site_url (!ENV default)"}},
		},
		{
			Name:  "mkdocs !ENV set",
			Files: map[string]string{"mkdocs.yml": "site_url: !ENV [DEPLOY_URL, SITE_URL, 'https://default.example/']\nsite_dir: !ENV SITE_DIR\nuse_directory_urls: !ENV [DIR_URLS, true]\n", "build/html/index.html": "x"},
			Env:   map[string]string{"SITE_URL": "https://env.example/docs", "SITE_DIR": "build/html", "DIR_URLS": "off"},
			Want: []generator.Detected{{File: "mkdocs.yml", SourceDir: "docs", PublishDir: "build/html", Form: generator.URLForm{TrailingSlash: "never", AsWritten: true},
				BaseURL: "https://env.example/docs/", BaseURLFrom: "mkdocs.yml site_url (!ENV SITE_URL)", BaseURLHidden: true}},
		},
		{
			// A value a variable the file names gives is never quoted: a
			// pull request may name any variable (GITHUB_TOKEN). A
			// folder is taken only when it is one of the project's, whose
			// name its tree holds (issue 99).
			Name:  "mkdocs !ENV of a secret",
			Files: map[string]string{"mkdocs.yml": "site_dir: !ENV GITHUB_TOKEN\ndocs_dir: !ENV GITHUB_TOKEN\nuse_directory_urls: !ENV GITHUB_TOKEN\nsite_url: !ENV [SITE_URL]\n"},
			Env:   map[string]string{"GITHUB_TOKEN": "ghp_s3cr3t", "SITE_URL": "https://docs.example/?t=ghp_s3cr3t"},
			Want: []generator.Detected{{File: "mkdocs.yml", SourceDir: "docs", Form: generator.URLForm{AsWritten: true}, BaseURL: "https://docs.example/?t=ghp_s3cr3t/", BaseURLFrom: "mkdocs.yml site_url (!ENV SITE_URL)", BaseURLHidden: true,
				Notes: []string{
					"mkdocs.yml:1: site_dir (!ENV GITHUB_TOKEN) names no folder of the project; give the built folder as DIR",
					"mkdocs.yml:2: docs_dir (!ENV GITHUB_TOKEN) names no folder of the project; the sources are looked for in docs",
					"mkdocs.yml:3: use_directory_urls (!ENV GITHUB_TOKEN) is not true or false",
				}}},
		},
		{
			Name:  "mkdocs !ENV of a folder outside the project",
			Files: map[string]string{"mkdocs.yml": "site_dir: !ENV OUT\n"},
			Env:   map[string]string{"OUT": "/tmp"},
			Want: []generator.Detected{{File: "mkdocs.yml", SourceDir: "docs", Form: generator.URLForm{TrailingSlash: "always", AsWritten: true},
				Notes: []string{"mkdocs.yml:1: site_dir (!ENV OUT) names no folder of the project; give the built folder as DIR"}}},
		},
		{
			Name:  "mkdocs !ENV unset",
			Files: map[string]string{"mkdocs.yml": "site_name: x\nsite_url: !ENV SITE_URL\n"},
			Want: []generator.Detected{{File: "mkdocs.yml", SourceDir: "docs", PublishDir: "site", Form: generator.URLForm{TrailingSlash: "always", AsWritten: true},
				Notes: []string{"mkdocs.yml:2: site_url is !ENV SITE_URL, which is not set; give --base-url"}}},
		},
		{
			// A variable's value is never quoted: the environment may
			// hold a secret. The file's own text may be, bounded.
			Name:  "mkdocs !ENV that is not a URL",
			Files: map[string]string{"mkdocs.yml": "site_name: x\nsite_url: !ENV API_TOKEN\n"},
			Env:   map[string]string{"API_TOKEN": "s3cr3t"},
			Want: []generator.Detected{{File: "mkdocs.yml", SourceDir: "docs", PublishDir: "site", Form: generator.URLForm{TrailingSlash: "always", AsWritten: true},
				Notes: []string{"mkdocs.yml:2: site_url (!ENV API_TOKEN) is not an absolute http(s) URL; give --base-url"}}},
		},
		{
			Name:  "mkdocs site_url that is not a URL",
			Files: map[string]string{"mkdocs.yml": "site_name: x\nsite_url: docs.example\n"},
			Want: []generator.Detected{{File: "mkdocs.yml", SourceDir: "docs", PublishDir: "site", Form: generator.URLForm{TrailingSlash: "always", AsWritten: true},
				Notes: []string{`mkdocs.yml:2: site_url "docs.example" is not an absolute http(s) URL; give --base-url`}}},
		},
		{
			Name:  "mkdocs !relative site_dir",
			Files: map[string]string{"mkdocs.yml": "site_name: x\nsite_dir: !relative $config_dir/../public\n"},
			Want: []generator.Detected{{File: "mkdocs.yml", SourceDir: "docs", Form: generator.URLForm{TrailingSlash: "always", AsWritten: true},
				Notes: []string{"mkdocs.yml:2: site_dir has the tag !relative, which is not read; give the built folder as DIR"}}},
		},
		{
			Name: "mkdocs INHERIT",
			Files: map[string]string{
				"mkdocs.yml":      "INHERIT: config/base.yml\nsite_dir: out\n",
				"config/base.yml": "site_url: https://base.example/\nsite_dir: ignored\nuse_directory_urls: no\n",
			},
			Want: []generator.Detected{{File: "mkdocs.yml", SourceDir: "docs", PublishDir: "out", Form: generator.URLForm{TrailingSlash: "never", AsWritten: true},
				BaseURL: "https://base.example/", BaseURLFrom: "config/base.yml site_url"}},
		},
	})
}

// TestDetectProcessEnv: registry.Detect resolves !ENV in the process's
// environment.
func TestDetectProcessEnv(t *testing.T) {
	t.Setenv("SITEMAPGEN_TEST_SITE_URL", "https://from-env.example/")
	dir := buildtest.TempSite(t, map[string]string{"mkdocs.yml": "site_url: !ENV SITEMAPGEN_TEST_SITE_URL\n"})
	got, err := registry.Detect(dir, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].BaseURL != "https://from-env.example/" {
		t.Errorf("Detect = %s", gentest.Format(got))
	}
}

// TestDetectErrors: a configuration that does not parse is the error,
// naming the file (an INHERITed one included) and its line.
func TestDetectErrors(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		file  string // the diag.Diagnostic's file, relative to the folder
		line  int
	}{
		{"broken mkdocs.yml", map[string]string{"mkdocs.yml": "site_name: x\n  site_url: y\n"}, "mkdocs.yml", 2},
		{"mkdocs.yml not a mapping", map[string]string{"mkdocs.yml": "- a\n"}, "mkdocs.yml", 1},
		{"broken inherited mkdocs file", map[string]string{"mkdocs.yml": "INHERIT: base.yml\n", "base.yml": "x: 1\na: b: c\n"}, "base.yml", 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := buildtest.TempSite(t, tt.files)
			got, err := registry.DetectEnv(dir, gentest.Env(nil), limits.Default)
			var ce *diag.Diagnostic
			if !errors.As(err, &ce) {
				t.Fatalf("detect = %s, %v; want a *diag.Diagnostic", gentest.Format(got), err)
			}
			if want := filepath.Join(dir, filepath.FromSlash(tt.file)); ce.File != want || ce.Line != tt.line {
				t.Errorf("diag.Diagnostic at %s:%d (%v), want %s:%d", ce.File, ce.Line, ce, want, tt.line)
			}
		})
	}
}

// TestSitemaps: the files taken over are MkDocs' sitemap.xml and
// sitemap.xml.gz, and no other.
func TestSitemaps(t *testing.T) {
	p := &generator.Detected{Gen: mkdocs.Generator{}}
	takes := p.Sitemaps()
	for _, n := range []string{"sitemap.xml", "sitemap.xml.gz"} {
		if !takes(n) {
			t.Errorf("%s not taken over", n)
		}
	}
	for _, n := range []string{"sitemap-0.xml", "de/sitemap.xml"} {
		if takes(n) {
			t.Errorf("%s taken over", n)
		}
	}
}

// TestLastModOrder reads, from the configuration, the git-revision-date
// plugins that make MkDocs date pages by git (unless enabled is false).
func TestLastModOrder(t *testing.T) {
	const order = "git, then front matter lastmod, last_modified_at"
	for _, tt := range []struct {
		name  string
		files map[string]string
		want  string // Describe; "" for no order
		from  string
	}{
		{name: "list", files: map[string]string{"mkdocs.yml": "site_name: x\nplugins:\n  - search\n  - git-revision-date-localized:\n      type: date\n"},
			want: order, from: "MkDocs git-revision-date-localized, mkdocs.yml:4"},
		{name: "mapping, inherited", files: map[string]string{"mkdocs.yml": "INHERIT: base.yml\nsite_name: x\n", "base.yml": "plugins:\n  git-revision-date: {}\n"},
			want: order, from: "MkDocs git-revision-date, base.yml:2"},
		{name: "disabled", files: map[string]string{"mkdocs.yml": "plugins:\n  - git-revision-date-localized:\n      enabled: false\n"}},
		{name: "disabled through !ENV", files: map[string]string{"mkdocs.yml": "plugins:\n  - git-revision-date-localized:\n      enabled: !ENV [SITEMAPGEN_TEST_UNSET, false]\n"}},
		{name: "without", files: map[string]string{"mkdocs.yml": "plugins:\n  - search\n  - git-committers\n"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m, err := mkdocs.Load(buildtest.TempSite(t, tt.files), limits.Default)
			if err != nil {
				t.Fatal(err)
			}
			o := m.Rules().Order
			switch {
			case o == nil && tt.want != "":
				t.Fatalf("no order, want %q", tt.want)
			case o == nil:
				return
			case tt.want == "":
				t.Fatalf("order %q (%s), want none", o.Describe(), o.From)
			}
			if got := o.Describe(); !strings.HasPrefix(got, tt.want) {
				t.Errorf("order %q, want %q…", got, tt.want)
			}
			if !strings.Contains(o.From, tt.from) {
				t.Errorf("from %q, want %q in it", o.From, tt.from)
			}
			if !o.GitAuthor {
				t.Error("GitAuthor false: the plugins date by the author")
			}
		})
	}
}

// TestMkDocsURLPath: the URLs MkDocs 1.4 gives docs_dir's files, with
// and without use_directory_urls.
func TestMkDocsURLPath(t *testing.T) {
	content := fstest.MapFS{"guide/index.md": {}, "guide/README.md": {}, "ref/README.md": {}}
	dirs := &mkdocs.Preset{DirectoryURLs: true, Content: content}
	files := &mkdocs.Preset{DirectoryURLs: false, Content: content}
	for _, tc := range []struct{ rel, dirs, files string }{
		{"index.md", "/", "/"},
		{"about.md", "/about/", "/about.html"},
		{"guide/setup.markdown", "/guide/setup/", "/guide/setup.html"},
		{"guide/index.md", "/guide/", "/guide/"},
		{"guide/README.md", "", ""}, // beside index.md: skipped
		{"ref/README.md", "/ref/", "/ref/"},
		{"img/logo.png", "", ""},
		{".hidden/a.md", "", ""},
		{"templates/x.md", "", ""},
	} {
		for _, c := range []struct {
			m    *mkdocs.Preset
			want string
		}{{dirs, tc.dirs}, {files, tc.files}} {
			got, ok := c.m.URLPath(generator.Page{Path: tc.rel})
			if got != c.want || ok != (c.want != "") {
				t.Errorf("use_directory_urls %v: URLPath(%q) = %q, %v; want %q", c.m.DirectoryURLs, tc.rel, got, ok, c.want)
			}
		}
	}
}

// FuzzEnvNeverShown reads any mkdocs.yml in an environment whose
// variables hold a secret: whatever variables the file names with !ENV,
// no note, warning or refusal holds the secret, nor what a message may
// show (the folders, what gave the base URL), and a base URL holding it
// is marked hidden (issue 99: site_dir: !ENV GITHUB_TOKEN printed the
// token).
func FuzzEnvNeverShown(f *testing.F) {
	const secret = "ghp_Fuzz5ecret"
	for _, s := range []string{
		"site_dir: !ENV GITHUB_TOKEN\ndocs_dir: !ENV GITHUB_TOKEN\n",
		"site_url: !ENV [SITE_URL, 'https://x.example/']\nsite_dir: !ENV [A, X, site]\n",
		"use_directory_urls: !ENV X\nsite_url: !ENV X\n",
		"site_url: !ENV [URL]\nplugins:\n  - git-revision-date-localized:\n      enabled: !ENV X\n",
		"INHERIT: base.yml\nsite_dir: !ENV [X]\n",
	} {
		f.Add(s)
	}
	env := gentest.Env(map[string]string{"GITHUB_TOKEN": secret, "X": secret, "A": "../" + secret,
		"SITE_URL": "https://docs.example/?t=" + secret, "URL": "https://u:" + secret + "@docs.example/"})
	f.Fuzz(func(t *testing.T, yml string) {
		if strings.Contains(yml, secret[4:]) {
			return // the file writes it itself
		}
		dir := buildtest.TempSite(t, map[string]string{"mkdocs.yml": yml, "base.yml": "site_url: !ENV X\n"})
		got, err := registry.DetectEnv(dir, env, limits.Default)
		if err != nil && strings.Contains(err.Error(), secret) {
			t.Fatalf("the error shows the secret: %v", err)
		}
		for _, d := range got {
			shown := append([]string{d.PublishDir, d.SourceDir, d.BaseURLFrom}, d.Notes...)
			for _, w := range append(d.Warnings, d.Refused...) {
				shown = append(shown, w.Error())
			}
			for _, s := range shown {
				if strings.Contains(s, secret) {
					t.Errorf("%q shows the secret", s)
				}
			}
			if strings.Contains(d.BaseURL, secret) && !d.BaseURLHidden {
				t.Errorf("base URL %q from %s is not marked hidden", d.BaseURL, d.BaseURLFrom)
			}
		}
	})
}
