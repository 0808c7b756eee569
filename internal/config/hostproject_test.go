package config

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/project"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// TestHostProject: what a generator's own build says of its configuration
// (project.HostProjectEnv) stands where the configuration file's literal values
// stand: it beats the file's reading and the platforms' guesses, and
// loses to --base-url, SITEMAP_BASE_URL, sitemap.yaml and the platform's
// production URL.
func TestHostProject(t *testing.T) {
	astro := map[string]string{"package.json": `{"dependencies": {"astro": "5.0.0"}}`,
		"astro.config.mjs": "export default { site: 'https://file.example', outDir: process.env.OUT };\n", "out/": ""}
	host := `{"generator": "astro", "title": "Astro", "publishDir": "out", "baseURL": "https://host.example/docs/", "from": "Astro's site + base", "trailingSlash": "never"}`
	for _, tc := range []struct {
		name     string
		files    map[string]string
		args     []string
		env      map[string]string
		want     string
		wantFrom string
		slash    mapping.SlashPolicy
		err      string
	}{
		{name: "the host's configuration", files: astro, env: map[string]string{project.HostProjectEnv: host},
			want: "https://host.example/docs/", wantFrom: "Astro's site + base", slash: mapping.SlashNever},
		{name: "beats github's guess", files: astro, env: merge(github, map[string]string{project.HostProjectEnv: host}),
			want: "https://host.example/docs/", wantFrom: "Astro's site + base", slash: mapping.SlashAlways}, // GitHub Pages serves /NAME/
		// host.example is an example domain: it is no custom domain, and
		// lends the production URL no path.
		{name: "loses to the platform's production URL", files: astro, env: merge(netlifyProd, map[string]string{project.HostProjectEnv: host}),
			want: "https://netlify.example/", wantFrom: "Netlify URL", slash: mapping.SlashAlways},
		{name: "loses to the file", files: merge(astro, map[string]string{"sitemap.yaml": "base_url: https://yaml.example/\ntrailing_slash: true\n"}),
			env: map[string]string{project.HostProjectEnv: host}, want: "https://yaml.example/", wantFrom: "sitemap.yaml", slash: mapping.SlashAlways},
		{name: "loses to the environment", files: astro, env: map[string]string{project.HostProjectEnv: host, BaseURLEnv: "https://env.example/"},
			want: "https://env.example/", wantFrom: BaseURLEnv, slash: mapping.SlashNever},
		{name: "loses to the flag", files: astro, args: []string{"--base-url", "https://flag.example/"}, env: map[string]string{project.HostProjectEnv: host},
			want: "https://flag.example/", wantFrom: "--base-url", slash: mapping.SlashNever},
		{name: "no base URL: the file's reading stays", files: astro,
			env:  map[string]string{project.HostProjectEnv: `{"generator": "astro", "title": "Astro", "publishDir": "out"}`},
			want: "https://file.example/", wantFrom: "astro.config.mjs site", slash: mapping.SlashAlways},
		{name: "a generator not found", files: map[string]string{"out/": ""},
			env:  map[string]string{project.HostProjectEnv: `{"generator": "eleventy", "title": "Eleventy", "publishDir": "out", "baseURL": "https://host.example/", "from": "the eleventy option"}`},
			want: "https://host.example/", wantFrom: "the eleventy option", slash: mapping.SlashAlways},
		{name: "not JSON", files: astro, env: map[string]string{project.HostProjectEnv: "{"}, err: project.HostProjectEnv + ": unexpected EOF"},
		{name: "an unknown field", files: astro, env: map[string]string{project.HostProjectEnv: `{"generator": "astro", "title": "Astro", "site": "x"}`},
			err: project.HostProjectEnv + `: json: unknown field "site"`},
		{name: "a trailing slash of another kind", files: astro, env: map[string]string{project.HostProjectEnv: `{"generator": "astro", "title": "Astro", "trailingSlash": "ignore"}`},
			err: project.HostProjectEnv + `: trailingSlash "ignore" is not always, never or empty`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inProject(t, tc.files)
			s, err := Resolve(cmdline(t, append(tc.args, "out")...), envMap(tc.env))
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("err = %v, want %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Build.Map.BaseURL != tc.want || s.BaseURLFrom != tc.wantFrom {
				t.Errorf("base URL %q from %q, want %q from %q", s.Build.Map.BaseURL, s.BaseURLFrom, tc.want, tc.wantFrom)
			}
			if s.Build.Map.TrailingSlash != tc.slash {
				t.Errorf("trailing slash %v, want %v", s.Build.Map.TrailingSlash, tc.slash)
			}
			if want := tc.files["astro.config.mjs"] != ""; want != (s.Generator == "Astro") {
				t.Errorf("generator %q; the site folder is Astro's output: %v", s.Generator, want)
			}
		})
	}
}
