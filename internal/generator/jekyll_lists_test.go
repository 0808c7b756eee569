package generator

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestJekyllLists: a page lists the collections its text and its layouts
// loop over; a layout that is a link out of the sources' folder (to a
// file beside the project, to /dev/zero), a FIFO or larger than
// limits.settings_bytes is not read, and the error names it.
func TestJekyllLists(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "theme.html")
	write(t, outside, "SECRET-TOKEN {% for p in site.posts %}{% endfor %}")
	for _, tc := range []struct {
		name   string
		layout func(t *testing.T, path string) // makes _layouts/default.html
		want   []string
		err    string // in the error, "" for none
		is     error
	}{
		{
			name: "a layout of the project",
			layout: func(t *testing.T, p string) {
				write(t, p, "---\nlayout: base\n---\n{% for p in site.posts %}{% endfor %}")
			},
			want: []string{"notes", "posts"},
		},
		{
			name:   "a link out of the project",
			layout: func(t *testing.T, p string) { symlink(t, outside, p) },
			want:   []string{"notes"},
			err:    "_layouts/default.html: a symbolic link out of its folder",
			is:     fsx.ErrOutside,
		},
		{
			name:   "a link to /dev/zero",
			layout: func(t *testing.T, p string) { symlink(t, "/dev/zero", p) },
			want:   []string{"notes"},
			err:    "_layouts/default.html: a symbolic link out of its folder",
			is:     fsx.ErrOutside,
		},
		{
			name: "a FIFO",
			layout: func(t *testing.T, p string) {
				if err := syscall.Mkfifo(p, 0o644); err != nil {
					t.Fatal(err)
				}
			},
			want: []string{"notes"},
			err:  "_layouts/default.html: not a regular file (a FIFO)",
			is:   fsx.ErrNotRegular,
		},
		{
			name:   "larger than its bound",
			layout: func(t *testing.T, p string) { write(t, p, strings.Repeat("x", 2000)+"{{ site.posts }}") },
			want:   []string{"notes"},
			err:    "larger than 1024 bytes (limits.settings_bytes)",
			is:     fsx.ErrTooLarge,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, filepath.Join(dir, "_config.yml"), "collections:\n  notes:\n    output: true\n")
			write(t, filepath.Join(dir, "index.html"), "---\nlayout: default\n---\n{% for n in site.notes %}{% endfor %}")
			write(t, filepath.Join(dir, "_layouts", "base.html"), "{{ content }}")
			tc.layout(t, filepath.Join(dir, "_layouts", "default.html"))
			j, err := LoadJekyll(dir, limits.Limits{SettingsBytes: 1024})
			if err != nil {
				t.Fatal(err)
			}
			type result struct {
				lists []string
				err   error
			}
			done := make(chan result, 1)
			go func() {
				lists, err := j.CollectionsListed(dir, "index.html")
				done <- result{lists, err}
			}()
			var r result
			select {
			case r = <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("Lists waits on the layout")
			}
			if !slices.Equal(r.lists, tc.want) {
				t.Errorf("lists %q, want %q", r.lists, tc.want)
			}
			switch {
			case tc.err == "" && r.err != nil:
				t.Errorf("error: %v", r.err)
			case tc.err != "" && (r.err == nil || !strings.Contains(filepath.ToSlash(r.err.Error()), tc.err) || !errors.Is(r.err, tc.is)):
				t.Errorf("error %v, want one saying %q", r.err, tc.err)
			}
			if r.err != nil && strings.Contains(r.err.Error(), "SECRET-TOKEN") {
				t.Errorf("the file outside is quoted: %v", r.err)
			}
		})
	}
}

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
}
