package generator

import (
	"testing"
	"testing/fstest"
)

func TestDetectMkDocs(t *testing.T) {
	testDetect(t, []detectTest{
		{
			name:  "mkdocs defaults",
			files: map[string]string{"mkdocs.yml": "site_name: My Docs\n"},
			want:  []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", SourceDir: "docs", PublishDir: "site", TrailingSlash: "always"}},
		},
		{
			name:  "mkdocs literal values",
			files: map[string]string{"mkdocs.yaml": "site_name: My Docs\nsite_url: https://docs.example.org/proj\nsite_dir: public\nuse_directory_urls: false\ndocs_dir: ./src/\n"},
			want: []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yaml", SourceDir: "src", PublishDir: "public", TrailingSlash: "never",
				BaseURL: "https://docs.example.org/proj/", BaseURLFrom: "mkdocs.yaml site_url"}},
		},
		{
			name: "mkdocs material with python tags and !ENV default",
			files: map[string]string{"mkdocs.yml": `site_name: Material
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
			want: []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", SourceDir: "docs", PublishDir: "site", TrailingSlash: "always",
				BaseURL: "https://default.example/", BaseURLFrom: "mkdocs.yml site_url (!ENV default)"}},
		},
		{
			name:  "mkdocs !ENV set",
			files: map[string]string{"mkdocs.yml": "site_url: !ENV [DEPLOY_URL, SITE_URL, 'https://default.example/']\nsite_dir: !ENV SITE_DIR\nuse_directory_urls: !ENV [DIR_URLS, true]\n"},
			env:   map[string]string{"SITE_URL": "https://env.example/docs", "SITE_DIR": "build/html", "DIR_URLS": "off"},
			want: []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", SourceDir: "docs", PublishDir: "build/html", TrailingSlash: "never",
				BaseURL: "https://env.example/docs/", BaseURLFrom: "mkdocs.yml site_url (!ENV SITE_URL)"}},
		},
		{
			name:  "mkdocs !ENV unset",
			files: map[string]string{"mkdocs.yml": "site_name: x\nsite_url: !ENV SITE_URL\n"},
			want: []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", SourceDir: "docs", PublishDir: "site", TrailingSlash: "always",
				Notes: []string{"mkdocs.yml:2: site_url is !ENV SITE_URL, which is not set; give --base-url"}}},
		},
		{
			name:  "mkdocs !relative site_dir",
			files: map[string]string{"mkdocs.yml": "site_name: x\nsite_dir: !relative $config_dir/../public\n"},
			want: []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", SourceDir: "docs", TrailingSlash: "always",
				Notes: []string{"mkdocs.yml:2: site_dir has the tag !relative, which is not read; give the built folder as DIR"}}},
		},
		{
			name: "mkdocs INHERIT",
			files: map[string]string{
				"mkdocs.yml":      "INHERIT: config/base.yml\nsite_dir: out\n",
				"config/base.yml": "site_url: https://base.example/\nsite_dir: ignored\nuse_directory_urls: no\n",
			},
			want: []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", SourceDir: "docs", PublishDir: "out", TrailingSlash: "never",
				BaseURL: "https://base.example/", BaseURLFrom: "config/base.yml site_url"}},
		},
	})
}

// TestMkDocsURLPath: the URLs MkDocs 1.4 gives docs_dir's files, with
// and without use_directory_urls.
func TestMkDocsURLPath(t *testing.T) {
	content := fstest.MapFS{"guide/index.md": {}, "guide/README.md": {}, "ref/README.md": {}}
	dirs := &MkDocs{DirectoryURLs: true, Content: content}
	files := &MkDocs{DirectoryURLs: false, Content: content}
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
			m    *MkDocs
			want string
		}{{dirs, tc.dirs}, {files, tc.files}} {
			got, ok := c.m.URLPath(Page{Path: tc.rel})
			if got != c.want || ok != (c.want != "") {
				t.Errorf("use_directory_urls %v: URLPath(%q) = %q, %v; want %q", c.m.DirectoryURLs, tc.rel, got, ok, c.want)
			}
		}
	}
}
