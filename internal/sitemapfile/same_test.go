package sitemapfile_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/sitemapfile"
	"github.com/sitemapgen/sitemapgen/internal/validate"
)

// A feed is a sitemap to package validate, which reads its entries; Read
// reads none, and says so.
const feedSaid = "(a feed, which is read only when checked)"

// read is what one reader makes of a file: its entries, whether it is
// an index, its error.
type read struct {
	entries []sitemapfile.Entry
	index   bool
	err     string
}

// both reads the file rel of dir with Read and with validate's ReadIn,
// within lim, stopping each after stopAt entries when it is above 0.
func both(dir, rel string, lim sitemapfile.Limits, stopAt int) (got, want read) {
	each := func(r *read, cancel func()) func(sitemapfile.Entry) {
		return func(e sitemapfile.Entry) {
			if r.entries = append(r.entries, e); len(r.entries) == stopAt {
				cancel()
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	index, err := sitemapfile.Read(ctx, dir, rel, lim, each(&got, cancel))
	got.index, got.err = index, errText(err)
	cancel()
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	opts := validate.Options{MaxBytes: lim.MaxBytes, MaxDepth: lim.MaxDepth, MaxElements: lim.MaxElements}
	index, err = validate.ReadIn(ctx, dir, rel, opts, each(&want, cancel))
	want.index, want.err = index, errText(err)
	return got, want
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// same reports whether Read read what validate's ReadIn did: the same
// entries and the same error, but of a feed, which it does not read.
func same(got, want read) bool {
	if strings.Contains(got.err, feedSaid) {
		return true
	}
	return reflect.DeepEqual(got, want)
}

// Read and validate's ReadIn read the same entries of a file and fail
// alike, on Read's corpus and on the files of validate's own tests
// (other tools' sitemaps, hostile ones), within the default limits and
// small ones, and stopped early by their callers: so the two cannot
// drift apart.
func TestSameAsValidate(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, tt := range readCases {
		rel := strings.ReplaceAll(tt.name, " ", "-") + "-" + tt.file
		write(t, dir, rel, tt.data)
		files = append(files, rel)
	}
	others := filepath.Join("..", "validate", "testdata")
	err := filepath.WalkDir(others, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".xml") && !strings.HasSuffix(p, ".txt") && !strings.HasSuffix(p, ".gz") {
			return err
		}
		data, err := os.ReadFile(p)
		rel := strings.ReplaceAll(filepath.ToSlash(strings.TrimPrefix(p, others+string(filepath.Separator))), "/", "_")
		write(t, dir, rel, string(data))
		files = append(files, rel)
		return err
	})
	if err != nil || len(files) < len(readCases)+40 {
		t.Fatalf("%d files (%v): validate's test files not found", len(files), err)
	}
	feeds := 0
	for _, rel := range files {
		for _, lim := range []sitemapfile.Limits{{}, {MaxBytes: 2000, MaxDepth: 5, MaxElements: 40}} {
			for _, stopAt := range []int{0, 2} {
				got, want := both(dir, rel, lim, stopAt)
				if strings.Contains(got.err, feedSaid) {
					feeds++
				}
				if !same(got, want) {
					t.Errorf("%s within %+v, stopped after %d:\nRead   %+v\nReadIn %+v", rel, lim, stopAt, got, want)
				}
			}
		}
	}
	if feeds == 0 {
		t.Error("no feed among the files: the feeds left out of the comparison are not tested")
	}
}

// FuzzRead reads arbitrary bytes as a sitemap file, XML or text, plain
// or gzipped: Read must not panic, must stay within the project's bound
// for any input, and must read the same entries as validate's ReadIn
// and fail alike (but for a feed, which it does not read).
func FuzzRead(f *testing.F) {
	for _, tt := range readCases {
		data, gz := []byte(tt.data), false
		if z, err := gzip.NewReader(bytes.NewReader(data)); err == nil {
			var b bytes.Buffer
			if _, err := b.ReadFrom(z); err == nil {
				data, gz = b.Bytes(), true
			}
		}
		f.Add(data, gz, strings.HasSuffix(strings.TrimSuffix(tt.file, ".gz"), ".txt"))
	}
	dir := f.TempDir() // a worker runs one input at a time: one folder will do
	f.Fuzz(func(t *testing.T, data []byte, gz, text bool) {
		defer fuzzbound.Check(t)()
		name := "sitemap.xml"
		if text {
			name = "sitemap.txt"
		}
		if gz {
			var b bytes.Buffer
			w := gzip.NewWriter(&b)
			w.Write(data)
			w.Close()
			data, name = b.Bytes(), name+".gz"
		}
		write(t, dir, name, string(data))
		defer os.Remove(filepath.Join(dir, name))
		for _, lim := range []sitemapfile.Limits{{}, {MaxBytes: 512, MaxDepth: 4, MaxElements: 16}} {
			got, want := both(dir, name, lim, 0)
			if !same(got, want) {
				t.Errorf("within %+v:\nRead   %+v\nReadIn %+v", lim, got, want)
			}
			if got.err != "" && !strings.HasPrefix(got.err, filepath.Join(dir, name)) {
				t.Errorf("error %q does not name the file", got.err)
			}
		}
	})
}

// BenchmarkRead reads a 50,000-URL sitemap, every URL dated and with
// two alternates, as a build reads a generator's: with Read, and with
// validate's ReadIn, which a build read it with before.
func BenchmarkRead(b *testing.B) {
	dir := b.TempDir()
	write(b, dir, "sitemap.xml", urlset(datedURLs(50000)))
	for _, r := range []struct {
		name string
		read func(fn func(sitemapfile.Entry)) error
	}{
		{"sitemapfile", func(fn func(sitemapfile.Entry)) error {
			_, err := sitemapfile.Read(context.Background(), dir, "sitemap.xml", sitemapfile.Limits{}, fn)
			return err
		}},
		{"validate", func(fn func(sitemapfile.Entry)) error {
			_, err := validate.ReadIn(context.Background(), dir, "sitemap.xml", validate.Options{}, fn)
			return err
		}},
	} {
		b.Run(r.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				n := 0
				if err := r.read(func(sitemapfile.Entry) { n++ }); err != nil || n != 50000 {
					b.Fatal(err, n)
				}
			}
		})
	}
}
