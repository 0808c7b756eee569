package audit

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// A robots.txt that is a link to /dev/zero, or a FIFO, is refused at
// once, said once, whether the build reads it for its rules or only the
// audit for its Sitemap: lines: the audit returns, its findings whole.
func TestRobotsRefused(t *testing.T) {
	for _, tt := range []struct {
		name, want string
		make       func(path string) error
	}{
		{"dev-zero", "a symbolic link out of its folder (or to an absolute path): not followed", func(p string) error { return os.Symlink("/dev/zero", p) }},
		{"fifo", "not a regular file (a FIFO)", func(p string) error { return syscall.Mkfifo(p, 0o644) }},
	} {
		for _, rules := range []bool{true, false} {
			name := tt.name + "/audit only"
			if rules {
				name = tt.name + "/build too"
			}
			t.Run(name, func(t *testing.T) {
				root := writeSite(t, map[string]string{
					"index.html": `<!doctype html><title>home</title><a href="a.html">a</a>`,
					"a.html":     `<!doctype html><title>a</title><a href="/">home</a>`,
				})
				if err := tt.make(filepath.Join(root, "robots.txt")); err != nil {
					t.Fatal(err)
				}
				opts := pipeline.Options{Root: root, Heads: pipeline.Heads{Read: true}, Map: mapping.Options{BaseURL: base}}
				if rules {
					opts.Robots = pipeline.Robots{Dir: root}
				}
				type result struct {
					res *Result
					err error
				}
				done := make(chan result, 1)
				go func() {
					res, err := Run(context.Background(), Options{Build: opts})
					done <- result{res, err}
				}()
				var r result
				select {
				case r = <-done:
				case <-time.After(20 * time.Second):
					t.Fatal("the audit did not return")
				}
				if r.err != nil {
					t.Fatal(r.err)
				}
				var said []string
				for _, f := range r.res.Findings {
					if strings.Contains(f.Msg, tt.want) {
						said = append(said, f.File+"|"+f.Path+": "+f.Msg)
					}
				}
				if len(said) != 1 || !strings.Contains(said[0], "robots.txt") || r.res.Pages != 2 {
					t.Errorf("said %q (want once, of robots.txt); %d pages read", said, r.res.Pages)
				}
			})
		}
	}
}
