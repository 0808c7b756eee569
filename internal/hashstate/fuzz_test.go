package hashstate

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
)

// FuzzLoad reads arbitrary bytes as a state file: Load must not panic,
// must return a usable State with or without an error, and a file it
// accepts must come back the same from Save and Load.
func FuzzLoad(f *testing.F) {
	for _, s := range []string{
		`{"version": 1, "pages": {"https://example.com/": {"hash": "ab", "lastmod": "2024-05-01T10:00:00Z"}}}`,
		`{"version": 2, "pages": {}}`, `{"version": 1}`, `[]`, `{`, ``,
		`{"version": 1, "pages": {"u": {"hash": "", "lastmod": "2024-05-01T10:00:00Z"}}}`,
	} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzbound.Check(t)()
		path := filepath.Join(dir, "state.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := Load("", path, 1<<30)
		if s == nil {
			t.Fatalf("Load returned no State (err %v)", err)
		}
		now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
		// No date only on a first build (no file read) or for a page the
		// file recorded with none.
		if d, _ := s.Date("https://example.com/x", "sum", now); d.IsZero() && err == nil && !bytes.Contains(data, []byte("example.com/x")) {
			t.Fatal("Date returned no date for a page new since the file")
		}
		if err != nil {
			return
		}
		if _, err := s.Save("", path); err != nil {
			t.Fatalf("Save: %v", err)
		}
		if _, err := Load("", path, 1<<30); err != nil {
			t.Fatalf("a file Save wrote does not load: %v", err)
		}
	})
}
