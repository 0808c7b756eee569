package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
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

// TestWatchPaced: a watch session paces the collector from its first
// build to its end, rebuilds included: started once before the first
// build's write, stopped when the session ends; with GOGC set in the
// environment, not at all.
func TestWatchPaced(t *testing.T) {
	defer func(s func() func()) { startSessionPacer = s }(startSessionPacer)
	var mu sync.Mutex
	var started, stopped int
	startSessionPacer = func() func() {
		mu.Lock()
		defer mu.Unlock()
		started++
		return func() {
			mu.Lock()
			defer mu.Unlock()
			stopped++
		}
	}
	count := func() (int, int) {
		mu.Lock()
		defer mu.Unlock()
		return started, stopped
	}
	for _, tc := range []struct {
		gogc    string
		started int
	}{{"", 1}, {"50", 0}} {
		started, stopped = 0, 0
		env := func(k string) string {
			if k == "GOGC" {
				return tc.gogc
			}
			return ""
		}
		root := site(t, "index.html")
		ctx, cancel := context.WithCancel(context.Background())
		stderr := &lines{ch: make(chan string, 100)}
		done := make(chan int, 1)
		go func() {
			done <- Main(ctx, []string{"watch", "--debounce", "10ms", "--base-url", "https://example.com/", root}, &bytes.Buffer{}, stderr, env)
		}()
		for line := stderr.await(t, "", done); !strings.Contains(line, "watching "); line = stderr.await(t, "", done) {
		}
		if err := os.WriteFile(filepath.Join(root, "a.html"), []byte("<title>A</title>"), 0o644); err != nil {
			t.Fatal(err)
		}
		for line := stderr.await(t, "", done); !strings.Contains(line, "URLs,"); line = stderr.await(t, "", done) {
		}
		if s, p := count(); s != tc.started || p != 0 {
			t.Errorf("GOGC=%q: after a rebuild the pacer started %d times and stopped %d, want %d and 0", tc.gogc, s, p, tc.started)
		}
		cancel()
		if code := <-done; code != 0 {
			t.Fatalf("GOGC=%q: watch: exit %d", tc.gogc, code)
		}
		if s, p := count(); s != tc.started || p != tc.started {
			t.Errorf("GOGC=%q: at the session's end the pacer started %d times and stopped %d, want %d", tc.gogc, s, p, tc.started)
		}
	}
}
