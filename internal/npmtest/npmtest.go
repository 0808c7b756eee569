package npmtest

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// Version is the version of the packages Pack makes.
const Version = "0.0.0-test"

var (
	once   sync.Once
	packed string // the folder of the tarballs
	err    error
)

// Root returns the repository's folder.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// Pack returns a folder holding the main package's tarball and this
// platform's (see [Tarballs]), packed by npm/pack.sh from a static build
// of this checkout laid out as GoReleaser lays out its binaries. They are
// made once for the test binary; a failure fails every test that asks.
// They need npm (testtool.Program: go test -short skips the test).
func Pack(t testing.TB) string {
	t.Helper()
	testtool.Program(t, "npm", "install Node.js 20 and npm")
	once.Do(func() { packed, err = pack() })
	if err != nil {
		t.Fatalf("npmtest: %v", err)
	}
	return packed
}

// Remove removes what Pack made, if anything.
func Remove() {
	if packed != "" {
		os.RemoveAll(filepath.Dir(packed))
	}
}

func pack() (string, error) {
	dir, err := os.MkdirTemp("", "sitemapgen-npmtest-")
	if err != nil {
		return "", err
	}
	exe := "sitemapgen"
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	bin := filepath.Join(dir, "dist", fmt.Sprintf("sitemapgen_%s_%s", runtime.GOOS, runtime.GOARCH), exe)
	build := exec.Command("go", "build", "-trimpath", "-o", bin, ".")
	build.Dir = Root()
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	out := filepath.Join(dir, "npm")
	script := exec.Command("bash", filepath.Join(Root(), "npm", "pack.sh"), filepath.Join(dir, "dist"), out, Version)
	script.Env = append(os.Environ(), "SITEMAPGEN_PACK_PARTIAL=1")
	if msg, err := script.CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("npm/pack.sh: %v\n%s", err, msg)
	}
	return out, nil
}

// Tarballs returns the paths of the main package's tarball in dir and of
// this platform's, sitemapgen-VERSION.tgz and
// sitemapgen-<os>-<cpu>-VERSION.tgz.
func Tarballs(dir string) (main, platform string, err error) {
	goarch := map[string]string{"amd64": "x64", "arm64": "arm64"}[runtime.GOARCH]
	goos := map[string]string{"linux": "linux", "darwin": "darwin", "windows": "win32"}[runtime.GOOS]
	if goarch == "" || goos == "" {
		return "", "", errors.New("no npm package for " + runtime.GOOS + "/" + runtime.GOARCH)
	}
	main = filepath.Join(dir, "sitemapgen-"+Version+".tgz")
	platform = filepath.Join(dir, fmt.Sprintf("sitemapgen-%s-%s-%s.tgz", goos, goarch, Version))
	return main, platform, nil
}

// Install installs the tarballs of Pack into the npm project in project
// (a folder with a package.json), as a user installs them, offline but
// for the registry's answer about the other platforms' packages:
// npm install --no-save --no-audit --no-fund MAIN PLATFORM.
func Install(t testing.TB, project string) {
	t.Helper()
	main, platform, err := Tarballs(Pack(t))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("npm", "install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error", main, platform)
	cmd.Dir = project
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm install in %s: %v\n%s", project, err, strings.TrimSpace(string(out)))
	}
}

// InstallAlone installs the main tarball at main alone, with the option
// save ("-D", "--no-save"), into a new npm project, by its path relative
// to the project, as a user types it; checks that npx sitemapgen --version
// fails there with the launcher's message, which must give the command
// that installs main and the platform's tarball at platform (the same
// option, the paths as typed) and name SITEMAPGEN_BINARY_PATH; runs that
// command and returns what npx sitemapgen --version prints then on its
// standard output. Offline:
// the registry has no package of the tarballs' version, and offline, npm
// skips the optional one as it does on a registry's 404.
func InstallAlone(t testing.TB, main, platform, save string) string {
	t.Helper()
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
	install := []string{"install", "--offline", "--no-audit", "--no-fund", "--loglevel=error"}
	if out, err := run("npm", append(install, save, typed(t, project, main))...); err != nil {
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
	if out, err := run("npm", append(install, args...)...); err != nil {
		t.Fatalf("npm install %s, as the launcher says: %v\n%s", command, err, out)
	}
	cmd := exec.Command("npx", "--offline", "sitemapgen", "--version")
	cmd.Dir = project
	cmd.Env = append(os.Environ(), "NPM_CONFIG_UPDATE_NOTIFIER=false")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	version, err := cmd.Output()
	if err != nil {
		t.Fatalf("after npm install %s, as the launcher says, npx sitemapgen --version: %v\n%s%s", command, err, version, stderr.String())
	}
	return string(version)
}

// typed returns path as a user in dir types it: relative, "./" before a
// path below dir.
func typed(t testing.TB, dir, path string) string {
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
