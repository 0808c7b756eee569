package generator

import "testing"

// TestDetectBaseURLElsewhere: a JavaScript project whose generator has no
// site URL setting keeps it elsewhere: package.json's homepage; a configuration's own URL wins.
func TestDetectBaseURLElsewhere(t *testing.T) {
	testDetect(t, []detectTest{
		{
			name: "Astro's site wins over homepage",
			files: map[string]string{
				"astro.config.mjs": "export default { site: 'https://astro.example' }\n",
				"package.json":     `{"homepage": "https://other.example/"}`,
			},
			want: []Project{{Generator: "astro", Title: "Astro", File: "astro.config.mjs", PublishDir: "dist",
				BaseURL: "https://astro.example/", BaseURLFrom: "astro.config.mjs site"}},
		},
	})
}
