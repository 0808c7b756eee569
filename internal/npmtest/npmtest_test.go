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
			if out := InstallAlone(t, main, platform, save); !regexp.MustCompile(`^sitemapgen `).MatchString(out) {
				t.Errorf("after the launcher's command, npx sitemapgen --version: %s", out)
			}
		})
	}
}
