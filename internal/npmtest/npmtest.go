// Package npmtest makes the npm package's tarballs for tests, as
// npm/pack.sh makes them for a release but from a binary built for this
// machine alone, and installs them into a project.
//
// [Pack] builds once per test binary: a TestMain that calls it should
// call [Remove] after m.Run.
package npmtest

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
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
