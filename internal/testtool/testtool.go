package testtool

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Program returns the path of program on PATH. Under go test -short it
// skips t. When program is missing, it fails t, naming what installs it:
// install, e.g. "apt-get install hugo" or "npm install in
// internal/e2e/testdata/astro".
func Program(t testing.TB, program, install string) string {
	t.Helper()
	if testing.Short() {
		t.Skipf("-short: needs %s", program)
	}
	path, err := exec.LookPath(program)
	if err != nil {
		t.Fatalf("%s is not installed: %s (./test.sh installs what the tests need), or run go test -short, which leaves out the tests that need more than Go and git", program, install)
	}
	return path
}

// NodeModules checks that the npm fixture dir has its packages installed
// (npm install there, pinned by its package-lock.json). Under go test
// -short it skips t; when they are missing, it fails t, saying so.
func NodeModules(t testing.TB, dir string) {
	t.Helper()
	Program(t, "node", "install Node.js 20 and npm")
	if _, err := os.Stat(filepath.Join(dir, "node_modules")); err != nil {
		t.Fatalf("the packages of %s are not installed: run npm install there (./test.sh does), or go test -short, which leaves out the tests that need them", dir)
	}
}

// Long skips t under go test -short: it takes long (why says what it
// does that takes the time).
func Long(t testing.TB, why string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("-short: %s", why)
	}
}
