package generator

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// detectFixture writes files (name → contents, "/" separators) into a new
// temporary folder and returns it.
func detectFixture(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// envMap is a lookupEnv over a map.
func envMap(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) {
		v, ok := m[k]
		return v, ok
	}
}

func TestDetect(t *testing.T) {
	testDetect(t, []detectTest{
		{
			name: "empty folder",
			want: nil,
		},
		{
			name:  "unrelated files",
			files: map[string]string{"index.html": "<p>hi", "package.json": `{"dependencies": {"react": "^18"}}`, "Gemfile": "source 'https://rubygems.org'\n# gem \"jekyll\"\ngem \"rails\"\n"},
			want:  nil,
		},

		// Several
		{
			name: "hugo and astro in one folder",
			files: map[string]string{
				"hugo.toml":    "baseURL = 'https://hugo.example/'\n",
				"package.json": `{"dependencies": {"astro": "4"}}`,
			},
			want: []Project{
				{Generator: "hugo", Title: "Hugo", File: "hugo.toml", PublishDir: "public", BaseURL: "https://hugo.example/", BaseURLFrom: "hugo.toml baseURL"},
				{Generator: "astro", Title: "Astro", File: "package.json", PublishDir: "dist"},
			},
		},
		{
			name: "a Nuxt app with VitePress docs, a SvelteKit dependency left over",
			files: map[string]string{
				"nuxt.config.ts":            "export default defineNuxtConfig({ site: { url: 'https://app.example' } })\n",
				"docs/.vitepress/config.ts": "export default { sitemap: { hostname: 'https://docs.example' } }\n",
				"package.json":              `{"devDependencies": {"nuxt": "4", "vitepress": "1", "@sveltejs/kit": "2"}}`,
			},
			want: []Project{
				{Generator: "vitepress", Title: "VitePress", File: "docs/.vitepress/config.ts", PublishDir: "docs/.vitepress/dist", TrailingSlash: "always",
					BaseURL: "https://docs.example/", BaseURLFrom: "docs/.vitepress/config.ts sitemap.hostname"},
				{Generator: "nuxt", Title: "Nuxt", File: "nuxt.config.ts", PublishDir: ".output/public", Fallbacks: nuxtFallbacks,
					BaseURL: "https://app.example/", BaseURLFrom: "nuxt.config.ts site.url"},
				{Generator: "sveltekit", Title: "SvelteKit", File: "package.json",
					Notes: []string{"package.json: no kit.adapter: sitemapgen needs the static build of @sveltejs/adapter-static (set kit.adapter in svelte.config.js; `vite build` then writes build/)"}},
			},
		},
		{
			name: "a DocSearch config.json beside a Docusaurus site is not Hugo's",
			files: map[string]string{
				"docusaurus.config.js": "module.exports = {url: 'https://d.example', baseUrl: '/'}",
				"config.json":          `{"index_name": "docs", "start_urls": ["https://d.example/"], "selectors": {"lvl1": "header h1"}}`,
				"static/img/logo.svg":  "<svg/>",
			},
			want: []Project{
				{Generator: "docusaurus", Title: "Docusaurus", File: "docusaurus.config.js", PublishDir: "build", BaseURL: "https://d.example/", BaseURLFrom: "docusaurus.config.js url + baseUrl"},
			},
		},
		{
			name:  "a config.json with a key of Hugo's is Hugo's",
			files: map[string]string{"config.json": `{"baseURL": "https://h.example/", "title": "x"}`},
			want:  []Project{{Generator: "hugo", Title: "Hugo", File: "config.json", PublishDir: "public", BaseURL: "https://h.example/", BaseURLFrom: "config.json baseURL"}},
		},
		{
			name:  "a config.yaml beside Hugo's content folder is Hugo's",
			files: map[string]string{"config.yaml": "title: x\n", "content/_index.md": "---\ntitle: home\n---\n"},
			want:  []Project{{Generator: "hugo", Title: "Hugo", File: "config.yaml", PublishDir: "public"}},
		},
		{
			name: "every generator",
			files: map[string]string{
				"docusaurus.config.js": "module.exports = {url: 'https://d.example', baseUrl: '/'}",
				"gatsby-config.js":     "module.exports = {siteMetadata: {siteUrl: 'https://g.example'}}",
				".vitepress/config.ts": "export default { cleanUrls: true }",
				"nuxt.config.ts":       "export default defineNuxtConfig({ site: { url: 'https://n.example' } })",
				"svelte.config.js":     "import adapter from '@sveltejs/adapter-static'; export default { kit: { adapter: adapter() } }",
				"mkdocs.yml":           "site_name: x\n",
				"next.config.js":       "module.exports = {output: 'export'}",
				".eleventy.js":         "module.exports = function () {}",
				"astro.config.mjs":     "export default {}",
				"_config.yml":          "title: x\n",
				"config.toml":          "title = 'x'\ntheme = 'y'\n",
			},
			want: []Project{
				{Generator: "hugo", Title: "Hugo", File: "config.toml", PublishDir: "public"},
				{Generator: "jekyll", Title: "Jekyll", File: "_config.yml", PublishDir: "_site"},
				{Generator: "astro", Title: "Astro", File: "astro.config.mjs", PublishDir: "dist"},
				{Generator: "eleventy", Title: "Eleventy", File: ".eleventy.js", PublishDir: "_site"},
				{Generator: "next", Title: "Next.js", File: "next.config.js", PublishDir: "out", TrailingSlash: "never"},
				{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", SourceDir: "docs", PublishDir: "site", TrailingSlash: "always"},
				{Generator: "docusaurus", Title: "Docusaurus", File: "docusaurus.config.js", PublishDir: "build", BaseURL: "https://d.example/", BaseURLFrom: "docusaurus.config.js url + baseUrl"},
				{Generator: "gatsby", Title: "Gatsby", File: "gatsby-config.js", PublishDir: "public", BaseURL: "https://g.example/", BaseURLFrom: "gatsby-config.js siteMetadata.siteUrl", TrailingSlash: "always", Fallbacks: gatsbyFallbacks},
				{Generator: "vitepress", Title: "VitePress", File: ".vitepress/config.ts", PublishDir: ".vitepress/dist", TrailingSlash: "always", CleanURLs: true},
				{Generator: "nuxt", Title: "Nuxt", File: "nuxt.config.ts", PublishDir: ".output/public", BaseURL: "https://n.example/", BaseURLFrom: "nuxt.config.ts site.url", Fallbacks: nuxtFallbacks},
				{Generator: "sveltekit", Title: "SvelteKit", File: "svelte.config.js", PublishDir: "build"},
			},
		},
	})
}

// detectTest is a case of a table test of detect: the files of a project
// folder, the environment, and the projects detect finds there.
type detectTest struct {
	name  string
	files map[string]string
	env   map[string]string
	want  []Project
}

// testDetect runs detect on each test's files, with HUGO_ENVIRONMENT
// empty.
func testDetect(t *testing.T, tests []detectTest) {
	t.Helper()
	t.Setenv("HUGO_ENVIRONMENT", "") // LoadHugo reads it: "production"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := detectFixture(t, tt.files)
			got, err := detect(dir, envMap(tt.env), limits.Default)
			if err != nil {
				t.Fatalf("detect: %v", err)
			}
			for i := range got {
				got[i].Plugin = nil // TestSitemapPlugin's
				got[i].Gen = nil    // the registry's
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("detect:\n got %s\nwant %s", formatProjects(got), formatProjects(tt.want))
			}
		})
	}
}

func formatProjects(ps []Project) string {
	if ps == nil {
		return "nil"
	}
	var b strings.Builder
	for _, p := range ps {
		b.WriteString("\n  {")
		v := reflect.ValueOf(p)
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); !f.IsZero() {
				b.WriteString(" " + v.Type().Field(i).Name + ": ")
				switch f.Kind() {
				case reflect.String:
					b.WriteString(strconv.Quote(f.String()))
				case reflect.Bool:
					b.WriteString(strconv.FormatBool(f.Bool()))
				case reflect.Pointer:
					fmt.Fprintf(&b, "%+v", f.Elem().Interface())
				default:
					ns, ok := f.Interface().([]string)
					if !ok {
						fmt.Fprintf(&b, "%v", f.Interface())
					}
					for _, n := range ns {
						b.WriteString("\n      " + strconv.Quote(n))
					}
				}
			}
		}
		b.WriteString(" }")
	}
	return b.String()
}

func TestDetectExported(t *testing.T) {
	// Detect is detect with the process's environment.
	t.Setenv("SITEMAPGEN_TEST_SITE_URL", "https://from-env.example/")
	dir := detectFixture(t, map[string]string{"mkdocs.yml": "site_url: !ENV SITEMAPGEN_TEST_SITE_URL\n"})
	got, err := detectHere(dir, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].BaseURL != "https://from-env.example/" {
		t.Errorf("Detect = %s", formatProjects(got))
	}
}

func TestDetectErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		file  string // the diag.Diagnostic's file, relative to the folder
		line  int
	}{
		{"broken hugo.toml", map[string]string{"hugo.toml": "title = 'x'\nbaseURL = \n"}, "hugo.toml", 2},
		{"broken config/_default", map[string]string{"config/_default/hugo.toml": "a = 1\n\nb = = 2\n"}, "config/_default/hugo.toml", 3},
		{"broken _config.yml", map[string]string{"_config.yml": "title: x\nurl: https://x.org\n  baseurl: /\n"}, "_config.yml", 3},
		{"_config.yml not a mapping", map[string]string{"_config.yml": "- a\n- b\n"}, "_config.yml", 0},
		{"broken mkdocs.yml", map[string]string{"mkdocs.yml": "site_name: x\n  site_url: y\n"}, "mkdocs.yml", 2},
		{"mkdocs.yml not a mapping", map[string]string{"mkdocs.yml": "- a\n"}, "mkdocs.yml", 1},
		{"broken inherited mkdocs file", map[string]string{"mkdocs.yml": "INHERIT: base.yml\n", "base.yml": "x: 1\na: b: c\n"}, "base.yml", 2},
		{"broken package.json", map[string]string{"package.json": "{\n  \"dependencies\": {\n    \"astro\": \"5\",\n  }\n}\n"}, "package.json", 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := detectFixture(t, tt.files)
			got, err := detect(dir, envMap(nil), limits.Default)
			var ce *diag.Diagnostic
			if !errors.As(err, &ce) {
				t.Fatalf("detect = %s, %v; want a *diag.Diagnostic", formatProjects(got), err)
			}
			if got != nil {
				t.Errorf("projects = %s with an error", formatProjects(got))
			}
			if want := filepath.Join(dir, filepath.FromSlash(tt.file)); ce.File != want || ce.Line != tt.line {
				t.Errorf("diag.Diagnostic at %s:%d (%v), want %s:%d", ce.File, ce.Line, ce, want, tt.line)
			}
		})
	}

	if _, err := detect(filepath.Join(t.TempDir(), "missing"), envMap(nil), limits.Default); err == nil {
		t.Error("detect of a missing folder: no error")
	}
}

func TestKeyLine(t *testing.T) {
	data := []byte("# baseURL = 'no'\ntitle = 'x'\n  BaseUrl= 'y'\nbaseurl: z\n")
	if got := keyLine(data, "baseURL"); got != 3 {
		t.Errorf("keyLine = %d, want 3", got)
	}
	if got := keyLine(data, "publishDir"); got != 0 {
		t.Errorf("keyLine of a missing key = %d, want 0", got)
	}
}

var noteLineRE = regexp.MustCompile(`^[^:]+:(\d+): `)

// FuzzJSProjects checks that the Astro, Eleventy, Next.js, Docusaurus,
// Gatsby, VitePress, Nuxt and SvelteKit readers, on top of the JavaScript reader (whose own fuzz target is
// jsconfig's FuzzJSLiterals), do not panic and only report lines the file
// has.
func FuzzJSProjects(f *testing.F) {
	for _, s := range []string{
		"export default defineConfig({ site: 'https://x.org', base: '/b', build: { format: 'file' } })",
		"module.exports = { output: 'export', distDir: `out`, basePath: process.env.BP }",
		"const config = { url: 'u', baseUrl: '/' };\nexport default config;\n",
		"export const config = { dir: { output: 'dist' } }; export default function (c) { c.setOutputDirectory(`x${y}`) }",
		"`${`${`${'`'}`}`}` /re[/]/g 'a\\\n' \"b",
		"/* unclosed",
		"export default { a: 'x\n",
		"x = a / b / c; y = /[/]/; export default {...base, [k]: 1, get g() {}, 'q': .5e3}",
		"export default `${",
		"}}}))) export default ({{{ a: ",
		"#!/usr/bin/env node\nmodule.exports = { site: '\\u{1F600}\\uD83D\\uDE00\\x4' }",
		"export default async function () { return { url: 'https://a' } satisfies Config }",
		"import a from '@sveltejs/adapter-static'; export default { kit: { adapter: a({ pages: 'x', fallback: '200.html' }) } }",
		// At the limit on nesting, and past it.
		"export default { site: 'https://x.org', x: " + strings.Repeat("{a:", limits.MaxDepth-1) + "1" + strings.Repeat("}", limits.MaxDepth) + ")",
		"export default { site: 'https://x.org',\nx: " + strings.Repeat("[(", limits.MaxDepth/2) + "1 }",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzbound.Check(t)()
		lines := bytes.Count(data, []byte("\n")) + 1
		check := func(what string, line int) {
			if line < 0 || line > lines {
				t.Fatalf("%s: line %d of a file of %d lines", what, line, lines)
			}
		}
		pkg := &packageJSON{scripts: map[string]string{"build": string(data)}}
		for _, p := range []*Project{
			astroProject("a.js", data, limits.Default),
			eleventyProject("a.js", data, limits.Default),
			nextProject("a.js", data, pkg, limits.Default),
			docusaurusProject("a.js", data, limits.Default),
			gatsbyProject("a.js", data, true, limits.Default),
			vitepressProject("docs", "a.js", data, limits.Default, nil),
			nuxtProject("a.js", data, envMap(nil), limits.Default),
			svelteKitProject("a.js", data, true, limits.Default),
		} {
			// A file past a limit: nothing read, and a note says why.
			if err := jsconfig.Check("a.js", data, limits.Default); err != nil {
				if p.BaseURL != "" || !slices.Contains(p.Notes, err.Error()+"; not read") {
					t.Fatalf("%v; yet base URL %q, notes %q", err, p.BaseURL, p.Notes)
				}
			}
			for _, n := range p.Notes {
				m := noteLineRE.FindStringSubmatch(n)
				if m == nil {
					continue
				}
				l, err := strconv.Atoi(m[1])
				if err != nil || l < 1 {
					t.Fatalf("note %q", n)
				}
				check(n, l)
			}
		}
	})
}
