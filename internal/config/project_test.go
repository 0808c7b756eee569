package config

import (
	"cmp"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// project writes files (path → content; a path ending in / is a folder)
// into a new folder and makes it the working directory.
func inProject(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	return dir
}

func envMap(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func strp(s string) *string { return &s }

var (
	netlifyProd    = map[string]string{"NETLIFY": "true", "CONTEXT": "production", "URL": "https://netlify.example", "DEPLOY_PRIME_URL": "https://main--x.netlify.app"}
	netlifyPreview = map[string]string{"NETLIFY": "true", "CONTEXT": "deploy-preview", "URL": "https://netlify.example", "DEPLOY_PRIME_URL": "https://deploy-preview-3--x.netlify.app"}
	vercelProd     = map[string]string{"VERCEL": "1", "VERCEL_ENV": "production", "VERCEL_PROJECT_PRODUCTION_URL": "vercel.example", "VERCEL_URL": "x-1.vercel.app"}
	vercelPreview  = map[string]string{"VERCEL": "1", "VERCEL_ENV": "preview", "VERCEL_PROJECT_PRODUCTION_URL": "vercel.example", "VERCEL_URL": "x-1.vercel.app", "VERCEL_BRANCH_URL": "x-git-b.vercel.app"}
	cloudflare     = map[string]string{"CF_PAGES": "1", "CF_PAGES_URL": "https://ab12.proj.pages.dev", "CF_PAGES_BRANCH": "main"}
	github         = map[string]string{"GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "octo/site"}
)

func merge(ms ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

func TestBaseURLPrecedence(t *testing.T) {
	hugo := map[string]string{"hugo.toml": "baseURL = 'https://hugo.example/'\n", "public/": ""}
	for _, tc := range []struct {
		name     string
		files    map[string]string
		flag     *string
		env      map[string]string
		want     string
		wantFrom string
		skip     string
	}{
		{name: "flag", files: merge(hugo, map[string]string{"sitemap.yaml": "base_url: https://file.example/\n"}), flag: strp("https://flag.example/"),
			env: merge(netlifyProd, map[string]string{BaseURLEnv: "https://env.example/"}), want: "https://flag.example/", wantFrom: "--base-url"},
		{name: "environment variable", files: merge(hugo, map[string]string{"sitemap.yaml": "base_url: https://file.example/\n"}),
			env: merge(netlifyProd, map[string]string{BaseURLEnv: "https://env.example/"}), want: "https://env.example/", wantFrom: BaseURLEnv},
		{name: "file", files: merge(hugo, map[string]string{"sitemap.yaml": "base_url: https://file.example/\n"}),
			env: netlifyProd, want: "https://file.example/", wantFrom: "sitemap.yaml"},
		{name: "netlify production", files: hugo, env: netlifyProd, want: "https://netlify.example/", wantFrom: "Netlify URL"},
		{name: "netlify preview: production URL by default", files: hugo, env: netlifyPreview, want: "https://netlify.example/", wantFrom: "Netlify URL"},
		{name: "netlify preview: own-url", files: merge(hugo, map[string]string{"sitemap.yaml": "previews: own-url\n"}), env: netlifyPreview,
			want: "https://deploy-preview-3--x.netlify.app/", wantFrom: "Netlify DEPLOY_PRIME_URL (previews: own-url)"},
		{name: "netlify preview: own-url beats the file", files: merge(hugo, map[string]string{"sitemap.yaml": "previews: own-url\nbase_url: https://file.example/\n"}), env: netlifyPreview,
			want: "https://deploy-preview-3--x.netlify.app/", wantFrom: "Netlify DEPLOY_PRIME_URL (previews: own-url)"},
		{name: "netlify production: own-url does not apply", files: merge(hugo, map[string]string{"sitemap.yaml": "previews: own-url\n"}), env: netlifyProd,
			want: "https://netlify.example/", wantFrom: "Netlify URL"},
		{name: "netlify preview: skip", files: merge(hugo, map[string]string{"sitemap.yaml": "previews: skip\n"}), env: netlifyPreview,
			want: "https://netlify.example/", wantFrom: "Netlify URL", skip: "Netlify deploy-preview build, and previews: skip"},
		{name: "netlify production: skip does not apply", files: merge(hugo, map[string]string{"sitemap.yaml": "previews: skip\n"}), env: netlifyProd,
			want: "https://netlify.example/", wantFrom: "Netlify URL"},
		{name: "vercel production", files: hugo, env: vercelProd, want: "https://vercel.example/", wantFrom: "Vercel VERCEL_PROJECT_PRODUCTION_URL"},
		{name: "vercel preview", files: hugo, env: vercelPreview, want: "https://vercel.example/", wantFrom: "Vercel VERCEL_PROJECT_PRODUCTION_URL"},
		{name: "vercel preview: own-url", files: merge(hugo, map[string]string{"sitemap.yaml": "previews: own-url\n"}), env: vercelPreview,
			want: "https://x-git-b.vercel.app/", wantFrom: "Vercel VERCEL_BRANCH_URL (previews: own-url; over VERCEL_URL, which the built pages do not name)"},
		{name: "generator", files: hugo, want: "https://hugo.example/", wantFrom: "hugo.toml baseURL"},
		{name: "generator beats cloudflare's guess", files: hugo, env: cloudflare, want: "https://hugo.example/", wantFrom: "hugo.toml baseURL"},
		{name: "generator beats github's guess", files: hugo, env: github, want: "https://hugo.example/", wantFrom: "hugo.toml baseURL"},
		{name: "cloudflare's guess", files: map[string]string{"hugo.toml": "title = 'x'\n", "public/": ""}, env: cloudflare,
			want: "https://proj.pages.dev/", wantFrom: "Cloudflare Pages CF_PAGES_URL (a guess: a custom domain is not in the environment)"},
		{name: "github's guess", files: map[string]string{"hugo.toml": "title = 'x'\n", "public/": ""}, env: github,
			want: "https://octo.github.io/site/", wantFrom: "GitHub Pages GITHUB_REPOSITORY (a guess: a custom domain is not in the environment)"},
		{name: "jekyll baseurl added to netlify's URL", files: map[string]string{"_config.yml": "baseurl: /blog\n", "_site/": ""}, env: netlifyProd,
			want: "https://netlify.example/blog/", wantFrom: "Netlify URL, path /blog/ from _config.yml"},
		{name: "jekyll url + baseurl", files: map[string]string{"_config.yml": "url: https://jekyll.example\nbaseurl: /blog\n", "_site/": ""},
			want: "https://jekyll.example/blog/", wantFrom: "_config.yml url + baseurl"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inProject(t, tc.files)
			var args []string
			if tc.flag != nil {
				args = []string{"--base-url", *tc.flag}
			}
			s, err := Resolve(cmdline(t, args...), envMap(tc.env))
			if err != nil {
				t.Fatal(err)
			}
			if s.Build.Map.BaseURL != tc.want || s.BaseURLFrom != tc.wantFrom {
				t.Errorf("base URL %q from %q, want %q from %q", s.Build.Map.BaseURL, s.BaseURLFrom, tc.want, tc.wantFrom)
			}
			if s.SkipWrite != tc.skip {
				t.Errorf("SkipWrite %q, want %q", s.SkipWrite, tc.skip)
			}
		})
	}
}

func TestNoBaseURL(t *testing.T) {
	inProject(t, map[string]string{"hugo.toml": "title = 'x'\n", "public/": ""})
	_, err := Resolve(cmdline(t), envMap(nil))
	if err == nil || !strings.Contains(err.Error(), "no base URL") || !strings.Contains(err.Error(), "Hugo's configuration (hugo.toml)") {
		t.Fatalf("err = %v", err)
	}
	inProject(t, map[string]string{"public/": ""})
	_, err = Resolve(cmdline(t, "public"), envMap(nil))
	if err == nil || !strings.HasPrefix(err.Error(), ErrNoBaseURL.Error()) {
		t.Fatalf("err = %v", err)
	}
}

func TestDetectRoot(t *testing.T) {
	base := strp("https://example.org/")
	for _, tc := range []struct {
		name     string
		files    map[string]string
		root     string
		env      map[string]string
		want     string
		rootFrom string
		err      string
	}{
		{name: "hugo", files: map[string]string{"hugo.toml": "publishDir = 'out/www'\n"}, want: "out/www", rootFrom: "Hugo (hugo.toml)"},
		{name: "hugo config/_default", files: map[string]string{"config/_default/hugo.toml": "baseURL = 'https://x.example/'\n"}, want: "public", rootFrom: "Hugo (config/_default/hugo.toml)"},
		{name: "jekyll", files: map[string]string{"_config.yml": "title: x\n"}, want: "_site", rootFrom: "Jekyll (_config.yml)"},
		{name: "mkdocs", files: map[string]string{"mkdocs.yml": "site_name: x\nsite_dir: built\n"}, want: "built", rootFrom: "MkDocs (mkdocs.yml)"},
		{name: "astro", files: map[string]string{"astro.config.mjs": "export default defineConfig({ outDir: './www' })\n"}, want: "www", rootFrom: "Astro (astro.config.mjs)"},
		{name: "netlify.toml publish wins", files: map[string]string{"hugo.toml": "", "netlify.toml": "[build]\npublish = 'dist'\n"}, want: "dist", rootFrom: "netlify.toml publish folder"},
		{name: "vercel.json outputDirectory wins", files: map[string]string{"hugo.toml": "", "vercel.json": `{"outputDirectory": "site"}`}, want: "site", rootFrom: "vercel.json publish folder"},
		{name: "DIR wins", files: map[string]string{"hugo.toml": "", "netlify.toml": "[build]\npublish = 'dist'\n"}, root: "mine", want: "mine"},
		{name: "two generators", files: map[string]string{"hugo.toml": "", "_config.yml": ""}, err: "found Hugo (hugo.toml) and Jekyll (_config.yml) in the working directory: which one built the site?"},
		{name: "two generators: the hint names each folder, the built one first", files: map[string]string{"hugo.toml": "", "_config.yml": "", "_site/index.html": "x"},
			err: "hint: name the folder the site was built into: 'sitemapgen _site' for Jekyll, 'sitemapgen public' for Hugo (not built: no public folder); or set root: to it in sitemap.yaml"},
		{name: "two generators, one folder", files: map[string]string{"hugo.toml": "", "gatsby-config.js": "module.exports = {}"},
			err: "hint: name the folder the site was built into: 'sitemapgen public' for Hugo or Gatsby (not built: no public folder); or set root: to it in sitemap.yaml"},
		{name: "a search crawler's config.json beside Docusaurus", files: map[string]string{"docusaurus.config.js": "module.exports = {url: 'https://d.example'}", "config.json": `{"index_name": "x", "start_urls": ["https://d.example/"]}`},
			want: "build", rootFrom: "Docusaurus (docusaurus.config.js)"},
		{name: "nothing", files: map[string]string{"README.md": "x"}, err: "no site folder given"},
		{name: "next server build, not built", files: map[string]string{"next.config.js": "module.exports = {}\n"}, err: ".next/prerender-manifest.json: no such file: the Next.js project is not built\nhint: run `next build` first"},
		{name: "next server build", files: map[string]string{"next.config.js": "module.exports = {}\n", ".next/prerender-manifest.json": `{"routes": {"/": {"dataRoute": "/index.rsc"}}}`, ".next/server/app/index.html": "x"},
			want: ".next/server", rootFrom: "Next.js (next.config.js)"},
		{name: "broken _config.yml", files: map[string]string{"_config.yml": "a: [\n"}, err: "_config.yml:"},
		{name: "a broken _config.yml does not matter with DIR and a base URL", files: map[string]string{"_config.yml": "a: [\n"}, root: "x", want: "x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inProject(t, tc.files)
			args := []string{"--base-url", *base}
			if tc.root != "" {
				args = append(args, tc.root)
			}
			s, err := Resolve(cmdline(t, args...), envMap(tc.env))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want one with %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if filepath.ToSlash(s.Build.Root) != tc.want || s.RootFrom != tc.rootFrom {
				t.Errorf("root %q from %q, want %q from %q", s.Build.Root, s.RootFrom, tc.want, tc.rootFrom)
			}
			if tc.rootFrom != "" && !strings.Contains(s.Detected, "site "+s.Build.Root+" ("+tc.rootFrom+")") {
				t.Errorf("Detected = %q", s.Detected)
			}
		})
	}
}

// TestNextServerBuild: a Next.js build without a static export is read
// from its manifests: its prerendered pages at the URLs Next.js serves,
// the sitemaps into public/ (unless --out), a warning for each route
// served on demand.
func TestNextServerBuild(t *testing.T) {
	files := map[string]string{
		"next.config.mjs":                     "export default { trailingSlash: true }\n",
		".next/prerender-manifest.json":       `{"routes": {"/": {"dataRoute": "/index.rsc"}, "/about": {"dataRoute": "/about.rsc"}}, "dynamicRoutes": {}, "notFoundRoutes": []}`,
		".next/app-path-routes-manifest.json": `{"/page": "/", "/about/page": "/about", "/products/[id]/page": "/products/[id]"}`,
		".next/server/app/index.html":         "x",
		".next/server/app/about.html":         "x",
		"public/":                             "",
	}
	for _, tc := range []struct {
		name    string
		args    []string
		wantOut string
	}{
		{"public", nil, "public"},
		{"--out", []string{"--out", "elsewhere"}, "elsewhere"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inProject(t, files)
			s, err := Resolve(cmdline(t, append([]string{"--base-url", "https://example.org/"}, tc.args...)...), envMap(nil))
			if err != nil {
				t.Fatal(err)
			}
			if got := filepath.ToSlash(s.Build.Root); got != ".next/server" {
				t.Errorf("root %q, want .next/server", got)
			}
			if got := filepath.ToSlash(s.Build.Write.Dir); got != tc.wantOut {
				t.Errorf("sitemaps into %q, want %q", got, tc.wantOut)
			}
			want := []pipeline.ServedPage{{Path: "app/about.html", URLPath: "/about/"}, {Path: "app/index.html", URLPath: "/"}}
			if !slices.Equal(s.Build.Served, want) {
				t.Errorf("served %v, want %v", s.Build.Served, want)
			}
			var warnings []string
			for _, r := range s.Build.OnDemand {
				warnings = append(warnings, r.Warning.Error())
			}
			if want := ".next/app-path-routes-manifest.json: /products/[id] is rendered on demand and has no page prerendered: the sitemap lists no URL of it\nhint: give its URLs in a file named by --extra-urls"; !slices.Contains(warnings, want) {
				t.Errorf("warnings %q, want %q", warnings, want)
			}
		})
	}
}

func TestPlatformStyle(t *testing.T) {
	base := strp("https://example.org/")
	for _, tc := range []struct {
		name  string
		files map[string]string
		env   map[string]string
		args  []string
		root  string // the site folder; "" for public
		clean bool
		slash mapping.SlashPolicy
		style string // in Detected; "" for no platform
	}{
		{name: "no platform", files: map[string]string{}, clean: false, slash: mapping.SlashAlways},
		{name: "netlify.toml", files: map[string]string{"netlify.toml": "[build]\n"}, clean: true, slash: mapping.SlashAlways,
			style: "Netlify URL style (clean URLs, folders with /; from Netlify's rules)"},
		{name: "netlify pretty_urls off", files: map[string]string{"netlify.toml": "[build.processing.html]\npretty_urls = false\n"}, clean: false, slash: mapping.SlashAlways,
			style: "Netlify URL style (.html URLs, folders with /; from netlify.toml:2)"},
		{name: "netlify environment", env: netlifyProd, clean: true, slash: mapping.SlashAlways, style: "Netlify URL style"},
		{name: "flags win", files: map[string]string{"netlify.toml": "[build]\n"}, args: []string{"--clean-urls=false", "--trailing-slash=false"}, clean: false, slash: mapping.SlashNever,
			style: "Netlify URL style"},
		{name: "keys win", files: map[string]string{"netlify.toml": "[build]\n", "sitemap.yaml": "clean_urls: false\n"}, clean: false, slash: mapping.SlashAlways, style: "Netlify URL style"},
		{name: "host: none", files: map[string]string{"netlify.toml": "[build]\n", "sitemap.yaml": "host: none\n"}, clean: false, slash: mapping.SlashAlways},
		{name: "--host names one", files: map[string]string{}, args: []string{"--host", "cloudflare-pages"}, clean: true, slash: mapping.SlashAlways,
			style: "Cloudflare Pages URL style (clean URLs, folders with /"},
		{name: "vercel.json trailingSlash false", files: map[string]string{"vercel.json": `{"cleanUrls": true, "trailingSlash": false}`}, clean: true, slash: mapping.SlashNever,
			style: "Vercel URL style (clean URLs, folders without /; from vercel.json:1)"},
		{name: "vercel.json trailingSlash true", files: map[string]string{"vercel.json": `{"cleanUrls": true, "trailingSlash": true}`}, clean: true, slash: mapping.SlashEverywhere,
			style: "Vercel URL style (clean URLs with /, folders with /"},
		{name: "vercel without vercel.json", env: vercelProd, clean: false, slash: mapping.SlashAlways, style: "Vercel URL style (.html URLs; from Vercel's rules)"},
		{name: "cloudflare environment", env: cloudflare, clean: true, slash: mapping.SlashAlways, style: "Cloudflare Pages URL style"},
		{name: "github environment", env: github, clean: false, slash: mapping.SlashAlways, style: "GitHub Pages URL style (.html URLs, folders with /"},
		{name: "two platforms' files: none", files: map[string]string{"netlify.toml": "", "vercel.json": "{}"}, clean: false, slash: mapping.SlashAlways},
		// The form the generator links its pages by, where the platform
		// serves it with 200 too (issue 86): GitHub Pages serves
		// about.html at /about, and redirects /blog to /blog/.
		{name: "github environment, a SvelteKit build: its clean URLs", root: "build",
			files: map[string]string{"svelte.config.js": "import adapter from '@sveltejs/adapter-static';\nexport default { kit: { adapter: adapter() } };\n", "build/": ""},
			env:   github, clean: true, slash: mapping.SlashAlways,
			style: "GitHub Pages URL style (.html URLs, folders with /; from GitHub Pages's rules), with clean URLs as SvelteKit links them, which GitHub Pages serves too (from svelte.config.js)"},
		{name: "github environment, a Next.js export: its clean URLs, folders with the slash GitHub Pages redirects to", root: "out",
			files: map[string]string{"next.config.js": "module.exports = { output: 'export' }\n", "out/": ""},
			env:   github, clean: true, slash: mapping.SlashAlways,
			style: "with clean URLs as Next.js links them, which GitHub Pages serves too"},
		{name: "vercel without vercel.json, a Next.js export: folders without /, no /about", root: "out",
			files: map[string]string{"next.config.js": "module.exports = { output: 'export' }\n", "out/": ""},
			env:   vercelProd, clean: false, slash: mapping.SlashNever,
			style: "Vercel URL style (.html URLs; from Vercel's rules), with folders without / as Next.js links them, which Vercel serves too"},
		{name: "netlify.toml, a SvelteKit build: the same form", root: "build",
			files: map[string]string{"netlify.toml": "[build]\n", "svelte.config.js": "import adapter from '@sveltejs/adapter-static';\nexport default { kit: { adapter: adapter() } };\n", "build/": ""},
			clean: true, slash: mapping.SlashAlways, style: "Netlify URL style (clean URLs, folders with /; from Netlify's rules)"},
		{name: "flags win over the links", root: "build", args: []string{"--clean-urls=false"},
			files: map[string]string{"svelte.config.js": "import adapter from '@sveltejs/adapter-static';\nexport default { kit: { adapter: adapter() } };\n", "build/": ""},
			env:   github, clean: false, slash: mapping.SlashAlways, style: "GitHub Pages URL style (.html URLs, folders with /; from GitHub Pages's rules);"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"public/": ""}
			for k, v := range tc.files {
				files[k] = v
			}
			inProject(t, files)
			root := cmp.Or(tc.root, "public")
			s, err := Resolve(cmdline(t, append(tc.args, "--base-url", *base, root)...), envMap(tc.env))
			if err != nil {
				t.Fatal(err)
			}
			// netlify.toml, read once: the build takes discovery's read.
			if _, netlify := tc.files["netlify.toml"]; (s.Build.PlatformFile != nil) != (netlify && s.Build.Map.Style != nil) {
				t.Errorf("the build's platform file %v; netlify.toml %v", s.Build.PlatformFile, netlify)
			}
			m := s.Build.Map
			if m.CleanURLs != tc.clean || m.TrailingSlash != tc.slash {
				t.Errorf("clean %v slash %v, want %v %v", m.CleanURLs, m.TrailingSlash, tc.clean, tc.slash)
			}
			switch {
			case tc.style == "" && (m.Style != nil || s.Detected != ""):
				t.Errorf("a platform: %+v; %q", m.Style, s.Detected)
			case tc.style != "" && (m.Style == nil || !strings.Contains(s.Detected, tc.style)):
				t.Errorf("Detected = %q, want %q", s.Detected, tc.style)
			}
		})
	}
}

func TestSurvey(t *testing.T) {
	inProject(t, map[string]string{"hugo.toml": "baseURL = 'https://hugo.example/'\n", "netlify.toml": "[build]\npublish = 'public'\n"})
	d, err := Survey(".", envMap(nil))
	if err != nil {
		t.Fatal(err)
	}
	if d.Root != "public" || d.BaseURL != "https://hugo.example/" || d.Platform != "Netlify" || len(d.Generators) != 1 || d.Style == nil {
		t.Errorf("%+v", d)
	}
	inProject(t, map[string]string{})
	d, err = Survey(".", envMap(nil))
	if err != nil {
		t.Fatal(err)
	}
	if d.Root != "" || d.BaseURL != "" || len(d.Problems) != 2 {
		t.Errorf("an empty folder: %+v", d)
	}
}

// Findings of a review: GitHub Actions runs every kind of job, so a
// platform's file wins over it, and its guess is not used for another
// platform's site; an absolute DIR finds its generator; watch mode
// re-reads the files that gave the values.
func TestDetectReviewCases(t *testing.T) {
	t.Run("netlify.toml in a GitHub Actions job", func(t *testing.T) {
		inProject(t, map[string]string{"netlify.toml": "[build]\npublish = 'public'\n", "hugo.toml": "title = 'x'\n", "public/": ""})
		_, err := Resolve(cmdline(t), envMap(github))
		if err == nil || !strings.Contains(err.Error(), "no base URL") {
			t.Fatalf("err = %v: the github.io guess must not name a Netlify site", err)
		}
		s, err := Resolve(cmdline(t, "--base-url", "https://example.org/"), envMap(github))
		if err != nil {
			t.Fatal(err)
		}
		if s.Platform != "Netlify" || !s.Build.Map.CleanURLs {
			t.Errorf("platform %q clean %v, want Netlify's style", s.Platform, s.Build.Map.CleanURLs)
		}
	})
	t.Run("--host netlify in a GitHub Actions job", func(t *testing.T) {
		inProject(t, map[string]string{"hugo.toml": "title = 'x'\n", "public/": ""})
		if _, err := Resolve(cmdline(t, "--host", "netlify"), envMap(github)); err == nil {
			t.Fatal("the github.io guess was taken for a site that is not on GitHub Pages")
		}
		s, err := Resolve(cmdline(t), envMap(github))
		if err != nil || s.Build.Map.BaseURL != "https://octo.github.io/site/" {
			t.Fatalf("without a platform file, the guess: %v %v", s, err)
		}
	})
	t.Run("host: none ignores the environment", func(t *testing.T) {
		inProject(t, map[string]string{"hugo.toml": "baseURL = 'https://hugo.example/'\n", "public/": ""})
		s, err := Resolve(cmdline(t, "--host", "none"), envMap(netlifyPreview))
		if err != nil {
			t.Fatal(err)
		}
		if s.Build.Map.BaseURL != "https://hugo.example/" || s.Deploy != "" {
			t.Errorf("base %q deploy %q", s.Build.Map.BaseURL, s.Deploy)
		}
	})
	t.Run("absolute DIR with two generators", func(t *testing.T) {
		dir := inProject(t, map[string]string{"hugo.toml": "baseURL = 'https://hugo.example/'\n", "mkdocs.yml": "site_url: https://docs.example/\n", "public/": "", "site/": ""})
		s, err := Resolve(cmdline(t, filepath.Join(dir, "site")), envMap(nil))
		if err != nil {
			t.Fatal(err)
		}
		if s.Build.Map.BaseURL != "https://docs.example/" {
			t.Errorf("base %q, want MkDocs'", s.Build.Map.BaseURL)
		}
	})
	t.Run("inputs", func(t *testing.T) {
		inProject(t, map[string]string{"hugo.toml": "baseURL = 'https://hugo.example/'\n", "public/": ""})
		s, err := Resolve(cmdline(t, "public"), envMap(nil))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"hugo.toml", "netlify.toml", "vercel.json", DefaultFile} {
			found := false
			for _, in := range s.Inputs {
				found = found || in == want
			}
			if !found {
				t.Errorf("Inputs %v lack %s", s.Inputs, want)
			}
		}
	})
	t.Run("placeholder domain", func(t *testing.T) {
		inProject(t, map[string]string{"hugo.toml": "baseURL = 'http://example.org/'\n", "public/": ""})
		s, err := Resolve(cmdline(t), envMap(nil))
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0].Error(), "is an example domain") {
			t.Errorf("warnings %v", s.Warnings)
		}
		s, _ = Resolve(cmdline(t), envMap(map[string]string{"NETLIFY": "true", "URL": "https://www.example.com"}))
		if len(s.Warnings) != 0 {
			t.Errorf("a platform's URL is the site's own: %v", s.Warnings)
		}
	})
}

// TestGeneratorProjects: what plain sitemapgen takes from a project of
// Gatsby, VitePress, Nuxt or SvelteKit: the site folder, the base URL (or
// the places the hint names), the URL style, the pages that are a
// single-page app's fallback.
func TestGeneratorProjects(t *testing.T) {
	for _, tc := range []struct {
		name      string
		files     map[string]string
		detected  string   // the line of what was found
		base      string   // the base URL; "" for none
		hint      []string // with no base URL: what the error names
		clean     bool
		slash     mapping.SlashPolicy
		fallbacks []string
	}{
		{
			name:      "gatsby",
			files:     map[string]string{"gatsby-config.js": "module.exports = { siteMetadata: { siteUrl: 'https://gatsby.example' } }\n", "public/": ""},
			detected:  "site public (Gatsby (gatsby-config.js)); base URL https://gatsby.example/ from gatsby-config.js siteMetadata.siteUrl; Gatsby URL style (folders with /; from gatsby-config.js); sources src/pages (Gatsby)",
			base:      "https://gatsby.example/",
			slash:     mapping.SlashAlways,
			fallbacks: []string{"offline-plugin-app-shell-fallback/index.html", "_gatsby/slices/*.html"},
		},
		{
			name: "vitepress in docs/ with clean URLs",
			files: map[string]string{
				"docs/.vitepress/config.mts": "export default defineConfig({ base: '/guide/', cleanUrls: true, sitemap: { hostname: 'https://vp.example/guide/' } })\n",
				"docs/.vitepress/dist/":      "",
			},
			detected: "site docs/.vitepress/dist (VitePress (docs/.vitepress/config.mts)); base URL https://vp.example/guide/ from docs/.vitepress/config.mts sitemap.hostname + base; VitePress URL style (clean URLs, folders with /; from docs/.vitepress/config.mts); sources docs (VitePress)",
			base:     "https://vp.example/guide/",
			clean:    true,
			slash:    mapping.SlashAlways,
		},
		{
			name:  "vitepress without a hostname",
			files: map[string]string{".vitepress/config.js": "export default {}\n", ".vitepress/dist/": ""},
			hint:  []string{"hostname: in sitemap of VitePress' configuration (.vitepress/config.js)", `"homepage": in package.json`},
		},
		{
			name: "nuxt with site.url and app.baseURL",
			files: map[string]string{
				"nuxt.config.ts":  "export default defineNuxtConfig({ app: { baseURL: '/shop/' }, site: { url: 'https://nuxt.example', trailingSlash: false } })\n",
				".output/public/": "",
			},
			detected:  "site .output/public (Nuxt (nuxt.config.ts)); base URL https://nuxt.example/shop/ from nuxt.config.ts site.url + app.baseURL; Nuxt URL style (clean URLs, folders without /; from nuxt.config.ts); sources pages (Nuxt)",
			base:      "https://nuxt.example/shop/",
			clean:     true,
			slash:     mapping.SlashNever,
			fallbacks: []string{"200.html"},
		},
		{
			name:  "nuxt without a site URL",
			files: map[string]string{"nuxt.config.ts": "export default defineNuxtConfig({})\n", ".output/public/": ""},
			hint:  []string{"url: in site of Nuxt's configuration (nuxt.config.ts), or siteUrl: in runtimeConfig.public", `"homepage": in package.json`},
		},
		{
			name: "sveltekit with adapter-static, homepage",
			files: map[string]string{
				"svelte.config.js": "import adapter from '@sveltejs/adapter-static';\nexport default { kit: { adapter: adapter({ fallback: '200.html' }), paths: { base: '/kit' } } };\n",
				"package.json":     `{"homepage": "https://kit.example", "devDependencies": {"@sveltejs/kit": "2"}}`,
				"build/":           "",
			},
			detected:  "site build (SvelteKit (svelte.config.js)); base URL https://kit.example/kit/ from package.json homepage; SvelteKit URL style (clean URLs, folders with /; from svelte.config.js); sources src/routes (SvelteKit)",
			base:      "https://kit.example/kit/",
			clean:     true, // about.html is /kit/about, as SvelteKit links it
			slash:     mapping.SlashAlways,
			fallbacks: []string{"200.html"},
		},
		{
			name:  "sveltekit without a base URL",
			files: map[string]string{"svelte.config.js": "import adapter from '@sveltejs/adapter-static';\nexport default { kit: { adapter: adapter() } };\n", "build/": ""},
			hint:  []string{"kit.prerender.origin in svelte.config.js", `"homepage": in package.json`},
		},
		{
			// A SvelteKit blog's feed states the site's URL (issue 86): its
			// self link less the feed's path, which its item confirms; its
			// channel link, the project's repository, says nothing.
			name:     "sveltekit with a feed",
			files:    map[string]string{"svelte.config.js": "import adapter from '@sveltejs/adapter-static';\nexport default { kit: { adapter: adapter() } };\n", "build/index.html": "<title>home</title>", "build/blog/a.html": "<title>a</title>", "build/rss.xml": "<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\"><channel><link>https://github.com/o/r</link><atom:link rel=\"self\" href=\"https://blog.test/rss.xml\"/><item><link>https://blog.test/blog/a</link></item></channel></rss>"},
			detected: "site build (SvelteKit (svelte.config.js)); base URL https://blog.test/ from the feed rss.xml's self link; SvelteKit URL style (clean URLs, folders with /; from svelte.config.js); sources src/routes (SvelteKit)",
			base:     "https://blog.test/",
			clean:    true,
			slash:    mapping.SlashAlways,
		},
		{
			name:     "sveltekit with a feed and a CNAME, which outranks it",
			files:    map[string]string{"svelte.config.js": "import adapter from '@sveltejs/adapter-static';\nexport default { kit: { adapter: adapter() } };\n", "build/CNAME": "own.test\n", "build/rss.xml": "<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\"><channel><link>https://github.com/o/r</link><atom:link rel=\"self\" href=\"https://blog.test/rss.xml\"/></channel></rss>"},
			detected: "site build (SvelteKit (svelte.config.js)); base URL https://own.test/ from build/CNAME (the custom domain); SvelteKit URL style (clean URLs, folders with /; from svelte.config.js); sources src/routes (SvelteKit)",
			base:     "https://own.test/",
			clean:    true,
			slash:    mapping.SlashAlways,
		},
		{
			name:  "gatsby without siteUrl",
			files: map[string]string{"package.json": `{"dependencies": {"gatsby": "5"}}`, "public/": ""},
			hint:  []string{"siteUrl: in siteMetadata of Gatsby's configuration (gatsby-config.js)", `"homepage": in package.json`},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inProject(t, tc.files)
			c, err := Resolve(cmdline(t), envMap(nil))
			if tc.base == "" {
				if err == nil || !strings.HasPrefix(err.Error(), ErrNoBaseURL.Error()) {
					t.Fatalf("err = %v, want no base URL", err)
				}
				for _, h := range tc.hint {
					if !strings.Contains(err.Error(), "\n  or "+h) {
						t.Errorf("the error does not name %q:\n%v", h, err)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			m := c.Build.Map
			if c.Detected != tc.detected || m.BaseURL != tc.base || m.CleanURLs != tc.clean || m.TrailingSlash != tc.slash || !slices.Equal(m.Fallbacks, tc.fallbacks) {
				t.Errorf("detected %q\n  base %q clean %v slash %v fallbacks %q\nwant %q\n  base %q clean %v slash %v fallbacks %q",
					c.Detected, m.BaseURL, m.CleanURLs, m.TrailingSlash, m.Fallbacks, tc.detected, tc.base, tc.clean, tc.slash, tc.fallbacks)
			}
		})
	}
}

// TestGeneratorsSideBySide: a Nuxt app with VitePress docs names two site
// folders: without DIR, which one is asked; with DIR, the base URL and the
// URL form are those of the generator whose folder it is.
func TestGeneratorsSideBySide(t *testing.T) {
	inProject(t, map[string]string{
		"nuxt.config.ts":             "export default defineNuxtConfig({ site: { url: 'https://app.example' } })\n",
		"docs/.vitepress/config.mts": "export default { cleanUrls: true, sitemap: { hostname: 'https://docs.example' } }\n",
		".output/public/":            "",
		"docs/.vitepress/dist/":      "",
	})
	_, err := Resolve(cmdline(t), envMap(nil))
	if err == nil || !strings.Contains(err.Error(), "found VitePress (docs/.vitepress/config.mts) and Nuxt (nuxt.config.ts) in the working directory: which one built the site?") {
		t.Fatalf("err = %v", err)
	}
	for _, tc := range []struct{ dir, base string }{{"docs/.vitepress/dist", "https://docs.example/"}, {".output/public", "https://app.example/"}} {
		c, err := Resolve(cmdline(t, tc.dir), envMap(nil))
		if err != nil {
			t.Fatal(err)
		}
		if c.Build.Map.BaseURL != tc.base || c.Build.Map.CleanURLs != (tc.dir == "docs/.vitepress/dist") {
			t.Errorf("%s: base %q clean %v", tc.dir, c.Build.Map.BaseURL, c.Build.Map.CleanURLs)
		}
	}
}

// TestGeneratorSitemapsJoined: joined to its sources or not, a site's
// own sitemaps are read before they are replaced, for the second look
// at the built pages (their dates, the pages they list) and their
// alternates. In content mode, which has no built pages, they are read
// only when the project says the site has several languages, or when
// they witness what the generator builds (Hugo's: the pages of deleted
// sources are those they do not list).
func TestGeneratorSitemapsJoined(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		args  []string
		read  bool
	}{
		{"one language, joined", map[string]string{"hugo.toml": "baseURL = 'https://hugo.example/'\n", "content/a.md": "---\ntitle: a\n---\n", "public/": ""}, nil, true},
		{"one language, its own sitemap template, joined", map[string]string{"hugo.toml": "baseURL = 'https://hugo.example/'\n", "layouts/_default/sitemap.xml": "<urlset></urlset>\n", "content/a.md": "---\ntitle: a\n---\n", "public/": ""}, nil, true},
		{"two languages, joined", map[string]string{"hugo.toml": "baseURL = 'https://hugo.example/'\ndefaultContentLanguageInSubdir = true\n[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\n", "content/a.md": "---\ntitle: a\n---\n", "public/": ""}, nil, true},
		{"not joined", map[string]string{"hugo.toml": "baseURL = 'https://hugo.example/'\n", "public/": ""}, nil, true},
		{"one language of Sphinx, joined", map[string]string{"conf.py": "project = 'Docs'\nextensions = ['sphinx_sitemap']\nhtml_baseurl = 'https://docs.example/'\n", "index.rst": "Home\n", "_build/html/": ""}, nil, true},
		// A sitemap template of its own: what Hugo's sitemap lists is the
		// project's, no witness.
		{"one language, its own sitemap template, content", map[string]string{"hugo.toml": "baseURL = 'https://hugo.example/'\n", "layouts/_default/sitemap.xml": "<urlset></urlset>\n", "content/a.md": "---\ntitle: a\n---\n", "public/": ""}, []string{"--mode", "content"}, false},
		{"one language, content", map[string]string{"hugo.toml": "baseURL = 'https://hugo.example/'\n", "content/a.md": "---\ntitle: a\n---\n", "public/": ""}, []string{"--mode", "content"}, true},
		{"two languages, content", map[string]string{"hugo.toml": "baseURL = 'https://hugo.example/'\ndefaultContentLanguageInSubdir = true\n[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\n", "layouts/_default/sitemap.xml": "<urlset></urlset>\n", "content/a.md": "---\ntitle: a\n---\n", "public/": ""}, []string{"--mode", "content"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inProject(t, tc.files)
			c, err := Resolve(cmdline(t, tc.args...), envMap(nil))
			if err != nil {
				t.Fatal(err)
			}
			if read := c.Build.OwnSitemaps != nil && c.Build.ReadOwn; read != tc.read {
				t.Errorf("generator's sitemaps read %v; want %v", read, tc.read)
			}
		})
	}
}
