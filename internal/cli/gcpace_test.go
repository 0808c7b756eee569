package cli

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"
)

// TestBuildPacer: a build paces the collector by its live heap
// (internal/gcpace), started once and stopped when it ends, unless GOGC
// is set in the environment, which is then left alone.
func TestBuildPacer(t *testing.T) {
	defer func(s func() func()) { startPacer = s }(startPacer)
	var started, stopped int
	startPacer = func() func() {
		started++
		return func() { stopped++ }
	}
	root := site(t, "index.html", "a.html")
	for _, tc := range []struct {
		gogc    string
		started int
	}{{"", 1}, {"100", 0}, {"off", 0}} {
		started, stopped = 0, 0
		env := func(k string) string {
			if k == "GOGC" {
				return tc.gogc
			}
			return ""
		}
		var stderr bytes.Buffer
		out := filepath.Join(t.TempDir(), "out")
		if code := Main(context.Background(), []string{"--base-url", "https://example.com/", "--out", out, root}, &bytes.Buffer{}, &stderr, env); code != 0 {
			t.Fatalf("GOGC=%q: exit %d: %s", tc.gogc, code, stderr.String())
		}
		if started != tc.started || stopped != tc.started {
			t.Errorf("GOGC=%q: the pacer started %d times and stopped %d, want %d", tc.gogc, started, stopped, tc.started)
		}
	}
}
