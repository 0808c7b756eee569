package npmtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

func TestMain(m *testing.M) {
	code := m.Run()
	Remove()
	os.Exit(code)
}

// The npm package's own tests (npm/sitemapgen/test, node's test runner):
// the launcher's choice of binary and its errors, in place; the API and
// the launcher on the package installed from the tarballs Pack makes.
func TestNode(t *testing.T) {
	testtool.Program(t, "node", "install Node.js 20")
	project := t.TempDir()
	if err := os.WriteFile(filepath.Join(project, "package.json"), []byte(`{"name": "npmtest", "private": true, "type": "module"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	Install(t, project)
	dir := filepath.Join(Root(), "npm", "sitemapgen")
	files, err := filepath.Glob(filepath.Join(dir, "test", "*.test.js"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no tests in %s: %v", dir, err)
	}
	cmd := exec.Command("node", append([]string{"--test", "--test-reporter=spec"}, files...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SITEMAPGEN_TEST_PROJECT="+project, "SITEMAP_BASE_URL=", "NETLIFY=", "VERCEL=", "CF_PAGES=", "GITHUB_ACTIONS=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}

// The tarballs hold what a user installs: the main package's files, not
// its tests, and the platform package's binary.
func TestTarballs(t *testing.T) {
	main, platform, err := Tarballs(Pack(t))
	if err != nil {
		t.Fatal(err)
	}
	for tgz, want := range map[string][]string{
		main:     {"package/package.json", "package/bin/sitemapgen.js", "package/lib/index.js", "package/lib/binary.js", "package/lib/flags.js", "package/index.d.ts", "package/README.md"},
		platform: {"package/package.json", "package/bin/sitemapgen", "package/README.md"},
	} {
		out, err := exec.Command("tar", "tzf", tgz).Output()
		if err != nil {
			t.Fatalf("tar tzf %s: %v", tgz, err)
		}
		for _, name := range want {
			if !contains(string(out), name) {
				t.Errorf("%s has no %s; it has:\n%s", filepath.Base(tgz), name, out)
			}
		}
		if contains(string(out), "package/test/") {
			t.Errorf("%s holds the tests", filepath.Base(tgz))
		}
	}
}

func contains(list, name string) bool {
	return slices.Contains(strings.Split(list, "\n"), name)
}

// The main tarball installs alone without its platform package (npm skips
// the optional dependency no registry has, silently, as for a snapshot's):
// the launcher names this platform's tarball beside it, and the command it
// gives makes the command run, however the main one was saved (npm install
// of the platform's alone removes a sitemapgen package.json does not list).
func TestInstalledFromTarball(t *testing.T) {
	testtool.Program(t, "node", "install Node.js 20")
	main, platform, err := Tarballs(Pack(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, save := range []string{"-D", "--no-save"} {
		t.Run(save, func(t *testing.T) {
			project := t.TempDir()
			if err := os.WriteFile(filepath.Join(project, "package.json"), []byte(`{"name": "site", "private": true}`+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			run := func(name string, args ...string) (string, error) {
				cmd := exec.Command(name, args...)
				cmd.Dir = project
				cmd.Env = append(os.Environ(), "NPM_CONFIG_UPDATE_NOTIFIER=false")
				out, err := cmd.CombinedOutput()
				return string(out), err
			}
			// --offline: the registry has no package of this version;
			// offline, npm skips the optional one as it does on a
			// registry's 404. The path as a user types it.
			if out, err := run("npm", "install", "--offline", "--no-audit", "--no-fund", "--loglevel=error", save, typed(t, project, main)); err != nil {
				t.Fatalf("npm install %s: %v\n%s", main, err, out)
			}
			out, err := run("npx", "--offline", "sitemapgen", "--version")
			if err == nil {
				t.Fatalf("sitemapgen ran without its platform package:\n%s", out)
			}
			_, command, ok := strings.Cut(out, "\n  npm install ")
			command, _, _ = strings.Cut(command, "\n")
			args := strings.Fields(command)
			if want := []string{save, typed(t, project, main), typed(t, project, platform)}; !ok || !slices.Equal(args, want) {
				t.Fatalf("the launcher says npm install %q; want npm install %q:\n%s", args, want, out)
			}
			if !strings.Contains(out, "SITEMAPGEN_BINARY_PATH") || strings.Contains(out, "npm install @sitemapgen/") {
				t.Errorf("the launcher's message names no SITEMAPGEN_BINARY_PATH, or a registry's package:\n%s", out)
			}
			if out, err := run("npm", append([]string{"install", "--offline", "--no-audit", "--no-fund", "--loglevel=error"}, args...)...); err != nil {
				t.Fatalf("npm install %s, as the launcher says: %v\n%s", command, err, out)
			}
			if out, err := run("npx", "--offline", "sitemapgen", "--version"); err != nil || !regexp.MustCompile(`(?m)^sitemapgen `).MatchString(out) {
				t.Errorf("after the launcher's command, npx sitemapgen --version: %v\n%s", err, out)
			}
		})
	}
}

// typed returns path as a user in dir types it: relative, "./" before a
// path below dir.
func typed(t *testing.T, dir, path string) string {
	t.Helper()
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		t.Fatal(err)
	}
	if rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		rel = "." + string(filepath.Separator) + rel
	}
	return rel
}
