package generator

import "testing"

func TestDetectMkDocs(t *testing.T) {
	testDetect(t, []detectTest{
		{
			name:  "mkdocs defaults",
			files: map[string]string{"mkdocs.yml": "site_name: My Docs\n"},
			want:  []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", PublishDir: "site", TrailingSlash: "always"}},
		},
		{
			name:  "mkdocs literal values",
			files: map[string]string{"mkdocs.yaml": "site_name: My Docs\nsite_url: https://docs.example.org/proj\nsite_dir: public\nuse_directory_urls: false\n"},
			want: []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yaml", PublishDir: "public", TrailingSlash: "never",
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
			want: []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", PublishDir: "site", TrailingSlash: "always",
				BaseURL: "https://default.example/", BaseURLFrom: "mkdocs.yml site_url (!ENV default)"}},
		},
		{
			name:  "mkdocs !ENV set",
			files: map[string]string{"mkdocs.yml": "site_url: !ENV [DEPLOY_URL, SITE_URL, 'https://default.example/']\nsite_dir: !ENV SITE_DIR\nuse_directory_urls: !ENV [DIR_URLS, true]\n"},
			env:   map[string]string{"SITE_URL": "https://env.example/docs", "SITE_DIR": "build/html", "DIR_URLS": "off"},
			want: []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", PublishDir: "build/html", TrailingSlash: "never",
				BaseURL: "https://env.example/docs/", BaseURLFrom: "mkdocs.yml site_url (!ENV SITE_URL)"}},
		},
		{
			name:  "mkdocs !ENV unset",
			files: map[string]string{"mkdocs.yml": "site_name: x\nsite_url: !ENV SITE_URL\n"},
			want: []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", PublishDir: "site", TrailingSlash: "always",
				Notes: []string{"mkdocs.yml:2: site_url is !ENV SITE_URL, which is not set; give --base-url"}}},
		},
		{
			name:  "mkdocs !relative site_dir",
			files: map[string]string{"mkdocs.yml": "site_name: x\nsite_dir: !relative $config_dir/../public\n"},
			want: []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", TrailingSlash: "always",
				Notes: []string{"mkdocs.yml:2: site_dir has the tag !relative, which is not read; give the built folder as DIR"}}},
		},
		{
			name: "mkdocs INHERIT",
			files: map[string]string{
				"mkdocs.yml":      "INHERIT: config/base.yml\nsite_dir: out\n",
				"config/base.yml": "site_url: https://base.example/\nsite_dir: ignored\nuse_directory_urls: no\n",
			},
			want: []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", PublishDir: "out", TrailingSlash: "never",
				BaseURL: "https://base.example/", BaseURLFrom: "config/base.yml site_url"}},
		},
	})
}
