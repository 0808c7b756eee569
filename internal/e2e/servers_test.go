package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checkServerRun checks what a run over a server build said on stderr:
// each line of says; each route warning of warned once, and as many
// hints to --extra-urls; no warning of a route of notWarned (each as it
// follows "warning: ").
func checkServerRun(t *testing.T, dir, stderr string, says, warned, notWarned []string) {
	t.Helper()
	for _, want := range says {
		if !strings.Contains(stderr, want) {
			t.Errorf("the run does not say %q:\n%s", want, stderr)
		}
	}
	for _, route := range warned {
		if n := strings.Count(stderr, route); n != 1 {
			t.Errorf("the run says %q %d times, want once:\n%s", route, n, stderr)
		}
		// The warning names its manifest as seen from dir, where the
		// run was.
		for _, line := range strings.Split(stderr, "\n") {
			if file, _, ok := strings.Cut(line, ": warning: "); ok && strings.Contains(line, route) {
				if _, err := os.Stat(filepath.Join(dir, file)); err != nil {
					t.Errorf("the warning of %q names no file of the project: %v", route, err)
				}
			}
		}
	}
	if n := strings.Count(stderr, "hint: give its URLs in a file named by --extra-urls"); n != len(warned) {
		t.Errorf("%d warnings name --extra-urls, want %d:\n%s", n, len(warned), stderr)
	}
	for _, route := range notWarned {
		if strings.Contains(stderr, "warning: "+route) {
			t.Errorf("the run warns of %s:\n%s", route, stderr)
		}
	}
}
