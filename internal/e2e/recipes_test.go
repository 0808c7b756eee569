package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"gopkg.in/yaml.v3"

	"github.com/sitemapgen/sitemapgen/internal/npmtest"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

// The recipes (docs/recipes.md), run as a user's build would run them: the
// commands are read from the files in examples/ (netlify.toml, vercel.json,
// the GitHub Actions workflow, Cloudflare Pages' build command) and run by
// sh with the platform's environment variables, Debian's hugo and jekyll,
// and this test's sitemapgen.
//
// One part of a recipe cannot run here: installing sitemapgen from the npm
// registry. The recipes for Netlify, Vercel and Cloudflare Pages install it
// with the same command, npmInstallStep; the tests require that exact text,
// install instead the npm tarballs packed from this checkout
// (npmtest.Install: npm install --no-save of the main package's and this
// platform's tarballs, in the project folder, before the command runs)
// and replace the text with "true". The command then finds sitemapgen
// where npm put it: the PATH is without the binary under test. The GitHub
// Actions recipe installs it with this repository's action, from a
// loopback release (runAction).

// examples is the repository's examples folder.
var examples = filepath.Join("..", "..", "examples")

// npmInstallStep installs sitemapgen from npm in a recipe.
const npmInstallStep = "npm i -D sitemapgen"

// recipeDir copies the example Hugo project, and the files named (paths in
// examples/), into a new project folder.
func recipeDir(t *testing.T, files ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "project")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(examples, "hugo-site"))); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(examples, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// shell runs command with sh in dir, in an environment of PATH, HOME and
// vars, after installing the npm tarballs in place of npmInstallStep; it
// returns the exit status and the output.
func shell(t *testing.T, dir, command string, vars ...string) (int, string) {
	t.Helper()
	if strings.Contains(command, "go install") && strings.Contains(command, "sitemapgen") {
		t.Fatalf("the recipe installs sitemapgen with go install, which fails while the module is unpublished: %s", command)
	}
	if strings.Contains(command, npmInstallStep) {
		if _, err := os.Stat(filepath.Join(dir, "package.json")); err != nil {
			// What npm i -D makes in a project without one.
			write(t, filepath.Join(dir, "package.json"), "{\"private\": true}\n")
		}
		npmtest.Install(t, dir)
		command = strings.ReplaceAll(command, npmInstallStep, "true")
		// npm's check for a newer npm, a registry request of each npx,
		// is off: the recipe's commands are the same without it.
		vars = append([]string{"PATH=" + pathWithout(filepath.Dir(bin)), "NPM_CONFIG_UPDATE_NOTIFIER=false"}, vars...)
	}
	cmd := exec.Command("sh", "-c", command)
	cmd.Dir = dir
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "PWD=" + dir}, vars...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, out.String()
}

// mustShell is shell that fails the test on a non-zero exit status.
func mustShell(t *testing.T, dir, command string, vars ...string) string {
	t.Helper()
	code, out := shell(t, dir, command, vars...)
	if code != 0 {
		t.Fatalf("%s: exit %d\n%s", command, code, out)
	}
	return out
}

// exampleURLs are the pages of examples/hugo-site a sitemap lists: not the
// draft (Hugo does not build it) and not the noindex page.
var exampleURLs = []string{"", "about/", "posts/", "posts/first/", "posts/second/"}

// checkSitemap validates the sitemaps in dir with the schema check and
// compares their URLs with base + each of paths.
func checkSitemap(t *testing.T, dir, base string, paths []string) {
	t.Helper()
	sitemaptest.MustValidate(t, dir)
	locs, _, err := sitemaptest.Locs(dir, base)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, p := range paths {
		want = append(want, base+p)
	}
	slices.Sort(locs)
	slices.Sort(want)
	if !slices.Equal(locs, want) {
		t.Errorf("URLs in %s:\n %s\nwant\n %s", dir, strings.Join(locs, "\n "), strings.Join(want, "\n "))
	}
}

// noWarnings fails the test for each warning in out: a recipe runs
// warning-free on its own example site, or users learn to skip warnings.
func noWarnings(t *testing.T, out string) {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "warning") {
			t.Errorf("the recipe warns: %s", line)
		}
	}
}

func wantOutput(t *testing.T, out string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(out, p) {
			t.Errorf("output lacks %q:\n%s", p, out)
		}
	}
}

// docs/recipes.md shows each recipe file whole: it must be the tested
// file. The README links to it.
func TestRecipesInDocs(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "recipes.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"netlify/netlify.toml", "vercel/vercel.json", "vercel-own-url/vercel.json", "github-actions/pages.yml", "cloudflare-pages/build-command"} {
		data, err := os.ReadFile(filepath.Join(examples, f))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(doc, data) {
			t.Errorf("docs/recipes.md does not show examples/%s as it is", f)
		}
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(readme, []byte("(docs/recipes.md)")) {
		t.Error("README.md does not link to docs/recipes.md")
	}
}

// A new user's Hugo project: 'hugo new site', content, 'hugo', then
// 'sitemapgen' alone.
func TestRecipeHugoNewSite(t *testing.T) {
	needTool(t, "hugo")
	dir := filepath.Join(t.TempDir(), "mysite")
	mustShell(t, filepath.Dir(dir), "hugo new site mysite --format toml")
	for _, sub := range []string{"content", "layouts"} {
		if err := os.CopyFS(filepath.Join(dir, sub), os.DirFS(filepath.Join(examples, "hugo-site", sub))); err != nil && !os.IsExist(err) {
			t.Fatal(err)
		}
	}
	// Hugo 0.111 writes config.toml, later versions hugo.toml; either
	// holds the baseURL Hugo's template gives.
	var name, base string
	for _, n := range []string{"hugo.toml", "config.toml"} {
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			continue
		}
		var cfg struct {
			BaseURL string `toml:"baseURL"`
		}
		if _, err := toml.Decode(string(data), &cfg); err != nil {
			t.Fatal(err)
		}
		name, base = n, cfg.BaseURL
	}
	if !strings.HasPrefix(base, "http") {
		t.Fatalf("hugo new site wrote no configuration with a baseURL (%q %q)", name, base)
	}
	mustShell(t, dir, "hugo --quiet")
	// Hugo's own sitemap lists what Hugo built; ours lists the same but
	// the noindex page, and replaces it.
	public := filepath.Join(dir, "public")
	hugos, _, err := sitemaptest.Locs(public, base)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, loc := range hugos {
		if loc != base+"posts/hidden/" {
			want = append(want, strings.TrimPrefix(loc, base))
		}
	}
	if len(want) != len(hugos)-1 || len(want) < len(exampleURLs) {
		t.Fatalf("Hugo's sitemap: %v", hugos)
	}
	out := mustShell(t, dir, "sitemapgen")
	wantOutput(t, out, "site public (Hugo ("+name+"))", "base URL "+base+" from "+name+" baseURL",
		"warning: the base URL "+base+" (from "+name+" baseURL) is an example domain")
	checkSitemap(t, public, base, want)
}

// A new user's Jekyll project: 'jekyll new --blank', 'jekyll build', then
// 'sitemapgen' alone; first without a url in _config.yml (a clear error),
// then with url and baseurl.
func TestRecipeJekyllNewSite(t *testing.T) {
	needTool(t, "jekyll")
	dir := filepath.Join(t.TempDir(), "blog")
	mustShell(t, filepath.Dir(dir), "jekyll new --blank blog")
	page := "---\ntitle: About\n---\nAbout.\n"
	if err := os.WriteFile(filepath.Join(dir, "about.md"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out := shell(t, dir, "jekyll build --quiet && sitemapgen")
	if code != 2 {
		t.Fatalf("without url: exit %d, want %d\n%s", code, 2, out)
	}
	wantOutput(t, out, "no base URL", "Jekyll's configuration ("+"_config.yml)")

	cfgFile := filepath.Join(dir, "_config.yml")
	cfg, err := os.ReadFile(cfgFile)
	if err != nil {
		t.Fatal(err)
	}
	// The user's own URL: an example domain would be warned about.
	edited := regexp.MustCompile(`(?m)^url: "".*$`).ReplaceAll(cfg, []byte("url: https://octo.github.io"))
	edited = regexp.MustCompile(`(?m)^baseurl: "".*$`).ReplaceAll(edited, []byte("baseurl: /blog"))
	if bytes.Equal(edited, cfg) {
		t.Fatalf("jekyll new --blank's _config.yml has no empty url and baseurl:\n%s", cfg)
	}
	if err := os.WriteFile(cfgFile, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	out = mustShell(t, dir, "jekyll build --quiet && sitemapgen")
	wantOutput(t, out, "site _site (Jekyll (_config.yml))", "base URL https://octo.github.io/blog/ from _config.yml url + baseurl")
	noWarnings(t, out)
	checkSitemap(t, filepath.Join(dir, "_site"), "https://octo.github.io/blog/", []string{"", "about.html"})
}

func TestRecipeNetlify(t *testing.T) {
	needTool(t, "hugo")
	needTool(t, "npm")
	var cfg struct {
		Build struct {
			Publish, Command string
		}
		Context map[string]struct{ Command string }
		Plugins []struct {
			Package string
			Inputs  struct{ Paths []string }
		}
	}
	if _, err := toml.DecodeFile(filepath.Join(examples, "netlify", "netlify.toml"), &cfg); err != nil {
		t.Fatal(err)
	}
	netlify := func(context string) []string {
		return []string{"NETLIFY=true", "CONTEXT=" + context, "URL=https://example.org", "DEPLOY_PRIME_URL=https://deploy-preview-7--example.netlify.app"}
	}

	t.Run("production", func(t *testing.T) {
		dir := recipeDir(t, "netlify/netlify.toml")
		out := mustShell(t, dir, cfg.Build.Command, netlify("production")...)
		wantOutput(t, out, "base URL https://example.org/ from Netlify URL", "site public (", "netlify.toml publish folder")
		noWarnings(t, out)
		public := filepath.Join(dir, cfg.Build.Publish)
		checkSitemap(t, public, "https://example.org/", exampleURLs)
		robots, _ := os.ReadFile(filepath.Join(public, "robots.txt"))
		wantOutput(t, string(robots), "Sitemap: https://example.org/sitemap.xml")
		// The plugin caches the folder of the state file the command keeps.
		if len(cfg.Plugins) != 1 || cfg.Plugins[0].Package != "netlify-plugin-cache" || len(cfg.Plugins[0].Inputs.Paths) != 1 {
			t.Fatalf("plugins: %+v", cfg.Plugins)
		}
		if _, err := os.Stat(filepath.Join(dir, cfg.Plugins[0].Inputs.Paths[0], "state.json")); err != nil {
			t.Errorf("the cached folder has no state file: %v", err)
		}
	})
	t.Run("branch deploy lists production URLs", func(t *testing.T) {
		dir := recipeDir(t, "netlify/netlify.toml")
		out := mustShell(t, dir, cfg.Build.Command, netlify("branch-deploy")...)
		wantOutput(t, out, "base URL https://example.org/ from Netlify URL")
		noWarnings(t, out)
		checkSitemap(t, filepath.Join(dir, "public"), "https://example.org/", exampleURLs)
	})
	t.Run("deploy preview lists its own URLs", func(t *testing.T) {
		dir := recipeDir(t, "netlify/netlify.toml")
		out := mustShell(t, dir, cfg.Context["deploy-preview"].Command, netlify("deploy-preview")...)
		wantOutput(t, out, "base URL https://deploy-preview-7--example.netlify.app/ from Netlify DEPLOY_PRIME_URL (previews: own-url)")
		noWarnings(t, out)
		checkSitemap(t, filepath.Join(dir, "public"), "https://deploy-preview-7--example.netlify.app/", exampleURLs)
	})
	// Netlify's cache (netlify-plugin-cache) keeps .sitemapgen in every
	// context: a deploy preview, or a branch deploy, reads production's
	// state file and leaves it as it was, or the next production build
	// would date every hash-dated page by itself.
	t.Run("previews leave production's state file alone", func(t *testing.T) {
		dir := recipeDir(t, "netlify/netlify.toml")
		state := filepath.Join(dir, ".sitemapgen", "state.json")
		mustShell(t, dir, cfg.Build.Command, netlify("production")...)
		production, err := os.ReadFile(state)
		if err != nil {
			t.Fatal(err)
		}
		for _, run := range []struct{ context, command string }{
			{"deploy-preview", cfg.Context["deploy-preview"].Command},
			{"branch-deploy", cfg.Build.Command},
		} {
			out := mustShell(t, dir, run.command, netlify(run.context)...)
			wantOutput(t, out, "state .sitemapgen/state.json read, not written (a Netlify "+run.context+" build")
			noWarnings(t, out)
			if after, _ := os.ReadFile(state); !bytes.Equal(after, production) {
				t.Errorf("the %s build rewrote the state file:\n%s\nwas\n%s", run.context, after, production)
			}
		}
		// Production again, as after a preview: the same file, the same
		// dates.
		mustShell(t, dir, cfg.Build.Command, netlify("production")...)
		if after, _ := os.ReadFile(state); !bytes.Equal(after, production) {
			t.Errorf("production after the previews rewrote the state file:\n%s\nwas\n%s", after, production)
		}
	})
	// A deploy preview reads production's state file and records
	// nothing: a page it sees new or changed (every page, its links
	// naming the preview's host) has no date of the state's, never the
	// preview build's time. After production's first build (the state
	// fresh: it knows no page's date), the preview dates a page as
	// production did, or not at all.
	t.Run("deploy preview dates no page by its own build", func(t *testing.T) {
		dir := recipeDir(t, "netlify/netlify.toml")
		// A page no date of its own dates (no front matter date, so no
		// meta): only the state knows it.
		write(t, filepath.Join(dir, "content", "contact.md"), "---\ntitle: Contact\n---\nWrite to us.\n")
		public := filepath.Join(dir, "public")
		dates := func(base string) map[string]string {
			t.Helper()
			urls, _, err := sitemaptest.URLs(public, base)
			if err != nil {
				t.Fatal(err)
			}
			m := make(map[string]string)
			for _, u := range urls {
				m[strings.TrimPrefix(u.Loc, base)] = u.LastMod
			}
			return m
		}
		mustShell(t, dir, cfg.Build.Command, netlify("production")...)
		production := dates("https://example.org/")
		out := mustShell(t, dir, cfg.Context["deploy-preview"].Command, netlify("deploy-preview")...)
		wantOutput(t, out, "state .sitemapgen/state.json read, not written")
		preview := dates("https://deploy-preview-7--example.netlify.app/")
		if _, ok := preview["contact/"]; !ok || len(preview) != len(exampleURLs)+1 {
			t.Fatalf("the preview lists %v", preview)
		}
		for path, lastmod := range preview {
			if want := production[path]; lastmod != want {
				t.Errorf("the preview dates /%s %q, production %q:\n%s", path, lastmod, want, out)
			}
		}
	})
	t.Run("deploy preview with previews: skip", func(t *testing.T) {
		dir := recipeDir(t, "netlify/netlify.toml")
		os.WriteFile(filepath.Join(dir, "sitemap.yaml"), []byte("previews: skip\n"), 0o644)
		out := mustShell(t, dir, cfg.Build.Command, netlify("deploy-preview")...)
		wantOutput(t, out, "Netlify deploy-preview build, and previews: skip: no sitemap written")
		noWarnings(t, out)
		if _, err := os.Stat(filepath.Join(dir, "public", "sitemap.xml")); err == nil {
			t.Error("a sitemap was written")
		}
	})
}

func TestRecipeVercel(t *testing.T) {
	needTool(t, "hugo")
	needTool(t, "npm")
	needTool(t, "git")
	type recipe struct{ InstallCommand, BuildCommand, OutputDirectory string }
	load := func(file string) recipe {
		data, err := os.ReadFile(filepath.Join(examples, file))
		if err != nil {
			t.Fatal(err)
		}
		var cfg recipe
		if err := json.Unmarshal(data, &cfg); err != nil {
			t.Fatal(err)
		}
		if cfg.InstallCommand != npmInstallStep {
			t.Errorf("%s: installCommand is not %q: %s", file, npmInstallStep, cfg.InstallCommand)
		}
		return cfg
	}
	// What Vercel sets in every build (its system environment variables):
	// a preview has two URLs of its own, the branch's and the deploy's.
	vercel := func(env string) []string {
		return []string{"VERCEL=1", "VERCEL_ENV=" + env, "VERCEL_PROJECT_PRODUCTION_URL=example.org",
			"VERCEL_URL=site-4f2a9c1e-octo.vercel.app", "VERCEL_BRANCH_URL=site-git-feature-octo.vercel.app",
			"VERCEL_GIT_PROVIDER=github", "VERCEL_GIT_REPO_OWNER=octo", "VERCEL_GIT_REPO_SLUG=site", "VERCEL_GIT_COMMIT_REF=feature"}
	}
	for _, tc := range []struct {
		name, file, env string
		from, base      string
	}{
		{"production", "vercel/vercel.json", "production", "Vercel VERCEL_PROJECT_PRODUCTION_URL", "https://example.org/"},
		{"preview lists production URLs", "vercel/vercel.json", "preview", "Vercel VERCEL_PROJECT_PRODUCTION_URL", "https://example.org/"},
		{"own-url: production", "vercel-own-url/vercel.json", "production", "Vercel VERCEL_PROJECT_PRODUCTION_URL", "https://example.org/"},
		// Hugo builds the preview for VERCEL_URL: the URL its pages name
		// wins over VERCEL_BRANCH_URL.
		{"own-url: preview lists the URL its pages name", "vercel-own-url/vercel.json", "preview",
			"Vercel VERCEL_URL (previews: own-url; the URL the built pages name, not VERCEL_BRANCH_URL)", "https://site-4f2a9c1e-octo.vercel.app/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := load(tc.file)
			dir, fetch := vercelCheckout(t, tc.file)
			out := mustShell(t, dir, cfg.InstallCommand+" && "+cfg.BuildCommand, append(vercel(tc.env), fetch...)...)
			wantOutput(t, out, "base URL "+tc.base+" from "+tc.from, "vercel.json publish folder", "Vercel URL style (.html URLs, folders with /")
			noWarnings(t, out)
			checkSitemap(t, filepath.Join(dir, cfg.OutputDirectory), tc.base, exampleURLs)
			// The recipe fetched the history Vercel's shallow clone cut.
			if shallow := strings.TrimSpace(mustShell(t, dir, "git rev-parse --is-shallow-repository")); shallow != "false" {
				t.Errorf("after the recipe, the checkout is shallow: %s", shallow)
			}
		})
	}
	// A project with no custom domain in Vercel's settings: its
	// production URL is its vercel.app address, while hugo.toml names the
	// custom domain the pages' canonical links name. The custom domain
	// wins, said in the one line; the vercel.app address would skip every
	// page as canonical on another host (exit 1).
	for _, env := range []string{"production", "preview"} {
		t.Run("a custom domain in hugo.toml over the vercel.app production URL: "+env, func(t *testing.T) {
			cfg := load("vercel/vercel.json")
			dir, fetch := vercelCheckout(t, "vercel/vercel.json", `baseURL = "https://www.octo.dev/"`)
			vars := append(vercel(env), fetch...)
			for i, v := range vars {
				if strings.HasPrefix(v, "VERCEL_PROJECT_PRODUCTION_URL=") {
					vars[i] = "VERCEL_PROJECT_PRODUCTION_URL=site-octo.vercel.app"
				}
			}
			out := mustShell(t, dir, cfg.InstallCommand+" && "+cfg.BuildCommand, vars...)
			wantOutput(t, out, "base URL https://www.octo.dev/ from hugo.toml baseURL (a custom domain, over Vercel's VERCEL_PROJECT_PRODUCTION_URL, site-octo.vercel.app);")
			noWarnings(t, out)
			checkSitemap(t, filepath.Join(dir, cfg.OutputDirectory), "https://www.octo.dev/", exampleURLs)
		})
	}
}

// vercelCheckout makes the example Hugo project, with the named file of
// examples/, a repository of three commits, and returns a clone of it as
// Vercel makes one, shallow (git clone --depth=1 here; --depth=10 there,
// as shallow for an older history), and the environment in which git
// fetches https://github.com/octo/site.git, the repository Vercel's
// variables name, from that repository (url.*.insteadOf).
func vercelCheckout(t *testing.T, file string, baseURL ...string) (dir string, fetch []string) {
	t.Helper()
	upstream := recipeDir(t, file)
	for _, b := range baseURL {
		setHugoBaseURL(t, upstream, b)
	}
	commit := "git -c user.name=t -c user.email=t@example.org commit -q"
	// As GitHub's, the server filters (--filter=blob:none).
	mustShell(t, upstream, "git init -q -b main && git config uploadpack.allowFilter true && git add -A && "+commit+" -m site && "+
		"echo >> content/about.md && git add -A && "+commit+" -m about && "+
		"echo >> content/posts/first.md && git add -A && "+commit+" -m first")
	dir = filepath.Join(t.TempDir(), "checkout")
	mustShell(t, upstream, "git clone -q --depth=1 file://"+upstream+" "+dir)
	return dir, []string{"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=url.file://" + upstream + ".insteadOf", "GIT_CONFIG_VALUE_0=https://github.com/octo/site.git"}
}

// setHugoBaseURL sets the baseURL line of the example's hugo.toml in
// dir, as a user sets the site's own: the example's is an example
// domain, which is warned about.
func setHugoBaseURL(t *testing.T, dir, line string) {
	t.Helper()
	config, err := os.ReadFile(filepath.Join(dir, "hugo.toml"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "hugo.toml"), strings.Replace(string(config), `baseURL = "https://example.org/"`, line, 1))
}

func TestRecipeCloudflarePages(t *testing.T) {
	needTool(t, "hugo")
	needTool(t, "npm")
	data, err := os.ReadFile(filepath.Join(examples, "cloudflare-pages", "build-command"))
	if err != nil {
		t.Fatal(err)
	}
	command := strings.TrimSpace(string(data))
	env := []string{"CF_PAGES=1", "CF_PAGES_URL=https://4f2a9c1e.example-site.pages.dev", "CF_PAGES_BRANCH=main"}

	t.Run("hugo.toml's baseURL wins over the pages.dev guess", func(t *testing.T) {
		dir := recipeDir(t)
		setHugoBaseURL(t, dir, `baseURL = "https://www.octo.dev/"`)
		out := mustShell(t, dir, command, env...)
		wantOutput(t, out, "base URL https://www.octo.dev/ from hugo.toml baseURL", "Cloudflare Pages URL style (clean URLs, folders with /")
		noWarnings(t, out)
		checkSitemap(t, filepath.Join(dir, "public"), "https://www.octo.dev/", exampleURLs)
	})
	t.Run("without a baseURL, the pages.dev address", func(t *testing.T) {
		dir := recipeDir(t)
		os.WriteFile(filepath.Join(dir, "hugo.toml"), []byte("title = \"x\"\ndisableKinds = [\"sitemap\", \"taxonomy\", \"term\"]\n"), 0o644)
		out := mustShell(t, dir, command, env...)
		wantOutput(t, out, "base URL https://example-site.pages.dev/ from Cloudflare Pages CF_PAGES_URL (a guess")
		noWarnings(t, out)
		checkSitemap(t, filepath.Join(dir, "public"), "https://example-site.pages.dev/", exampleURLs)
	})
}

func TestRecipeGitHubActions(t *testing.T) {
	needTool(t, "hugo")
	needTool(t, "git")
	data, err := os.ReadFile(filepath.Join(examples, "github-actions", "pages.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		Jobs map[string]struct {
			Steps []struct {
				Name, ID, Uses, Run string
				Env                 map[string]string
				With                map[string]any
			}
		}
	}
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatal(err)
	}
	dir := recipeDir(t)
	mustShell(t, dir, "git init -q && git add -A && git -c user.name=t -c user.email=t@example.org commit -q -m site")
	// What actions/configure-pages gives a project site, without the slash.
	const pagesBase = "https://octo.github.io/site"
	expand := strings.NewReplacer("${{ steps.pages.outputs.base_url }}", pagesBase)
	env := []string{"GITHUB_ACTIONS=true", "GITHUB_REPOSITORY=octo/site", "GITHUB_SERVER_URL=https://github.com"}
	// The steps find sitemapgen where the action put it: the PATH is the
	// runner's, without the binary under test, and grows with GITHUB_PATH.
	path := pathWithout(filepath.Dir(bin))
	ran, actions := 0, 0
	var uploaded string
	for _, step := range wf.Jobs["build"].Steps {
		switch {
		case strings.HasPrefix(step.Uses, "sitemapgen/sitemapgen@"):
			// This repository's action (action.yml), run as the runner
			// runs it, from the loopback release server (TestAction).
			with := map[string]string{}
			for k, v := range step.With {
				with[k] = expand.Replace(fmt.Sprint(v))
			}
			t.Logf("step %q", step.Name)
			r := runAction(t, dir, with, append(slices.Clone(env), "PATH="+path, "SITEMAPGEN_RELEASES_URL="+releaseServer(t, false))...)
			if r.code != 0 {
				t.Fatalf("the action: exit %d\n%s", r.code, r.out)
			}
			noWarnings(t, r.out)
			path = r.path + string(os.PathListSeparator) + path
			actions++
			continue
		case step.Uses != "":
			if strings.HasPrefix(step.Uses, "actions/upload-pages-artifact") {
				uploaded = step.With["path"].(string)
			}
			continue // the actions themselves are GitHub's
		case step.Name == "Install Hugo":
			continue // apt-get as root; the test has Debian's hugo already
		}
		vars := append(slices.Clone(env), "PATH="+path)
		for k, v := range step.Env {
			vars = append(vars, k+"="+expand.Replace(v))
		}
		t.Logf("step %q", step.Name)
		noWarnings(t, mustShell(t, dir, expand.Replace(step.Run), vars...))
		ran++
	}
	if ran != 2 || actions != 1 {
		t.Errorf("ran %d steps and %d of sitemapgen's actions, want 2 (build, check) and 1", ran, actions)
	}
	checkSitemap(t, filepath.Join(dir, uploaded), pagesBase+"/", exampleURLs)
	// A project site's robots.txt is never read: the recipe leaves it be.
	robots, _ := os.ReadFile(filepath.Join(dir, uploaded, "robots.txt"))
	if strings.Contains(string(robots), "Sitemap:") {
		t.Errorf("the recipe added Sitemap: lines to a project site's robots.txt:\n%s", robots)
	}
}

// pathWithout is this process's PATH without the folder dir.
func pathWithout(dir string) string {
	var keep []string
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		if d != dir {
			keep = append(keep, d)
		}
	}
	return strings.Join(keep, string(os.PathListSeparator))
}

// 'jekyll build && sitemapgen --gzip' in a Jekyll project whose
// robots.txt names /sitemap.xml, as most do: the set is sitemap.xml.gz,
// and the generator's robots.txt, written by every build, goes with it,
// its line naming the file that is there; no warning blames a run of
// --robots that never was. After a run without --gzip, the line names
// the earlier sitemap.xml, which answers, leading to the new set.
func TestJekyllGzipRobots(t *testing.T) {
	needTool(t, "jekyll")
	dir := filepath.Join(t.TempDir(), "blog")
	mustShell(t, filepath.Dir(dir), "jekyll new --blank blog")
	cfgFile := filepath.Join(dir, "_config.yml")
	cfg, err := os.ReadFile(cfgFile)
	if err != nil {
		t.Fatal(err)
	}
	write(t, cfgFile, regexp.MustCompile(`(?m)^url: "".*$`).ReplaceAllString(string(cfg), "url: https://octo.github.io"))
	write(t, filepath.Join(dir, "robots.txt"), "---\n---\nUser-agent: *\nAllow: /\n\nSitemap: {{ site.url }}/sitemap.xml\n")
	site := filepath.Join(dir, "_site")
	for _, run := range []struct{ command, names string }{
		{"jekyll build --quiet && sitemapgen --gzip", "sitemap.xml.gz"},
		{"jekyll build --quiet && sitemapgen && sitemapgen --gzip", "sitemap.xml"},
	} {
		out := mustShell(t, dir, run.command)
		noWarnings(t, out)
		robots, err := os.ReadFile(filepath.Join(site, "robots.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if want := "User-agent: *\nAllow: /\n\nSitemap: https://octo.github.io/" + run.names + "\n"; strings.TrimSpace(string(robots)) != strings.TrimSpace(want) {
			t.Errorf("%s: robots.txt:\n%s\nwant\n%s", run.command, robots, want)
		}
		for _, name := range []string{run.names, "sitemap.xml.gz"} {
			if _, err := os.Stat(filepath.Join(site, name)); err != nil {
				t.Error(err)
			}
		}
	}
}
