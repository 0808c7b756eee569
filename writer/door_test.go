package writer

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// sparse makes the file at path a sparse file of size bytes: nothing on
// disk, every byte read a zero.
func sparse(t *testing.T, path string, size int64) {
	t.Helper()
	os.Remove(path)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// allocated returns the bytes fn allocates.
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestOwnFilesBounded: the files of its own that Write reads back from
// the output folder, past their bound (a sparse file, which costs nothing
// on disk), are refused before they are read, with a message naming the
// file and the setting, and nothing of the set already written is lost:
// the record (limits.output_bytes), robots.txt under Robots
// (limits.robots_bytes), a sitemap.html it did not record
// (limits.output_bytes).
func TestOwnFilesBounded(t *testing.T) {
	tests := []struct {
		name, file string
		size       int64
		opts       Options
		key        string
	}{
		{"record", RecordName, 3 << 30, Options{}, "limits.output_bytes"},
		{"record past a lower limit", RecordName, 100 << 10, Options{OutputBytes: 64 << 10}, "limits.output_bytes"},
		{"robots.txt", "robots.txt", 3 << 30, Options{Robots: true}, "limits.robots_bytes"},
		{"robots.txt past the default", "robots.txt", 600 << 10, Options{Robots: true}, "limits.robots_bytes"},
		{"sitemap.html", ViewerName, 3 << 30, Options{Viewer: true}, "limits.output_bytes"},
		{"sitemap.html past the default", ViewerName, 100 << 20, Options{Viewer: true}, "limits.output_bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if _, err := Write(sitemap.Slice(sample), Options{Dir: dir, BaseURL: base}); err != nil {
				t.Fatal(err)
			}
			before, err := os.ReadFile(filepath.Join(dir, "sitemap.xml"))
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, tt.file)
			sparse(t, path, tt.size)
			opts := tt.opts
			opts.Dir, opts.BaseURL, opts.Gzip = dir, base, true // a new set: sitemap.xml.gz
			var werr error
			if n := allocated(func() { _, werr = Write(sitemap.Slice(sample), opts) }); n > 16<<20 {
				t.Errorf("%d bytes allocated: the file was read", n)
			}
			if werr == nil || !strings.HasPrefix(werr.Error(), path+": ") || !strings.Contains(werr.Error(), tt.key) || !errors.Is(werr, fsx.ErrTooLarge) {
				t.Fatalf("err = %v, want one naming %s and %s", werr, path, tt.key)
			}
			if after, err := os.ReadFile(filepath.Join(dir, "sitemap.xml")); err != nil || !bytes.Equal(after, before) {
				t.Errorf("the previous sitemap.xml changed (%v)", err)
			}
			if _, err := os.Stat(filepath.Join(dir, "sitemap.xml.gz")); err == nil {
				t.Error("the new set written beside it")
			}
			if fi, err := os.Stat(path); err != nil || fi.Size() != tt.size {
				t.Errorf("%s changed (%v)", tt.file, err)
			}
		})
	}
}

// TestRecordLinkOut: a record planted as a link to a file outside the
// output folder is not read: its names are not removed, and the Write
// fails naming it before anything is written.
func TestRecordLinkOut(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	victim := filepath.Join(dir, "victim")
	for _, d := range []string{out, victim} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(victim, "sitemap-7.xml"), []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "record"), []byte("sitemap-7.xml\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "record"), filepath.Join(out, RecordName)); err != nil {
		t.Fatal(err)
	}
	_, err := Write(sitemap.Slice(sample), Options{Dir: out, BaseURL: base})
	if !errors.Is(err, fsx.ErrOutside) || !strings.Contains(err.Error(), filepath.Join(out, RecordName)) {
		t.Fatalf("err = %v, want the link refused, named", err)
	}
	if _, err := os.Stat(filepath.Join(out, "sitemap.xml")); err == nil {
		t.Error("sitemap.xml written despite the error")
	}
	if _, err := os.Stat(filepath.Join(victim, "sitemap-7.xml")); err != nil {
		t.Error(err)
	}
}
