package generator

import "testing"

func TestDetectZola(t *testing.T) {
	testDetect(t, []detectTest{
		{
			name: "zola defaults",
			files: map[string]string{"config.toml": `# The URL the site will be built for
base_url = "https://blog.example.org"
compile_sass = true
taxonomies = [{ name = "tags" }]

[markdown]
highlight_code = true
`},
			want: []Project{{Generator: "zola", Title: "Zola", File: "config.toml", PublishDir: "public", TrailingSlash: "always",
				BaseURL: "https://blog.example.org/", BaseURLFrom: "config.toml base_url"}},
		},
		{
			name:  "zola output_dir, a base URL that is a path",
			files: map[string]string{"config.toml": "base_url = '/dev'\noutput_dir = 'docs'\n"},
			want: []Project{{Generator: "zola", Title: "Zola", File: "config.toml", PublishDir: "docs", TrailingSlash: "always",
				Notes: []string{`config.toml: base_url "/dev" is not an absolute http(s) URL; give --base-url`}}},
		},
		{
			name:  "a Hugo config.toml is Hugo's",
			files: map[string]string{"config.toml": "baseURL = 'https://example.com/'\ntitle = 'x'\n"},
			want:  []Project{{Generator: "hugo", Title: "Hugo", File: "config.toml", PublishDir: "public", BaseURL: "https://example.com/", BaseURLFrom: "config.toml baseURL"}},
		},
	})
}
