package hashstate

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
)

func TestSum(t *testing.T) {
	stamp := regexp.MustCompile(`Built at [0-9:T-]+Z`)
	const page = "<html>\n  <body>\n    <p>Hello world</p>\n  </body>\n</html>\n"
	for _, tc := range []struct {
		name   string
		ignore []*regexp.Regexp
		a, b   string
		same   bool
	}{
		{name: "identical", a: page, b: page, same: true},
		{name: "indentation", a: page, b: "<html>\n<body>\n\t<p>Hello   world</p>\n</body>\n</html>\n", same: true},
		{name: "CRLF", a: page, b: strings.ReplaceAll(page, "\n", "\r\n"), same: true},
		{name: "no trailing newline", a: page, b: strings.TrimSuffix(page, "\n"), same: true},
		{name: "leading whitespace and form feed", a: "a b", b: " \f\ta\r\n\fb\n\n", same: true},
		{name: "word changed", a: page, b: strings.Replace(page, "world", "World", 1), same: false},
		{name: "space removed", a: "a b", b: "ab", same: false},
		{name: "space added between tags", a: "<a><b>", b: "<a> <b>", same: false},
		{name: "empty and blank", a: "", b: " \n\t", same: true},
		{
			name: "timestamp without ignore",
			a:    "<footer>Built at 2024-05-01T10:00:00Z</footer>",
			b:    "<footer>Built at 2024-06-02T11:30:00Z</footer>",
			same: false,
		},
		{
			name:   "timestamp ignored",
			ignore: []*regexp.Regexp{stamp},
			a:      "<p>x</p>\n<footer>Built at 2024-05-01T10:00:00Z</footer>",
			b:      "<p>x</p>\n<footer>Built at 2024-06-02T11:30:00Z</footer>",
			same:   true,
		},
		{
			name:   "ignored but content changed",
			ignore: []*regexp.Regexp{stamp},
			a:      "<p>x</p><footer>Built at 2024-05-01T10:00:00Z</footer>",
			b:      "<p>y</p><footer>Built at 2024-06-02T11:30:00Z</footer>",
			same:   false,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := Options{Ignore: tc.ignore}
			a, b := o.Sum([]byte(tc.a)), o.Sum([]byte(tc.b))
			if len(a) != 32 {
				t.Errorf("Sum = %q, want 32 hex digits", a)
			}
			if (a == b) != tc.same {
				t.Errorf("Sum(%q) = %s, Sum(%q) = %s, want same = %v", tc.a, a, tc.b, b, tc.same)
			}
		})
	}
}

// TestSumLong crosses Sum's internal buffer with whitespace at its edge.
func TestSumLong(t *testing.T) {
	words := strings.Repeat("word ", 5000)
	a := Options{}.Sum([]byte(words))
	b := Options{}.Sum([]byte(strings.ReplaceAll(words, " ", "\n\t ")))
	if a != b {
		t.Errorf("long page: sums differ with whitespace only")
	}
	if c := (Options{}).Sum([]byte(strings.Replace(words, " ", "", 1))); c == a {
		t.Errorf("long page: removing one space kept the sum")
	}
}

func TestCompile(t *testing.T) {
	res, err := Compile([]string{`Built at \S+`, `\?v=[0-9a-f]+`})
	if err != nil || len(res) != 2 {
		t.Fatalf("Compile = %v, %v", res, err)
	}
	_, err = Compile([]string{`ok`, `Built at (`})
	if err == nil || !strings.Contains(err.Error(), `"Built at ("`) {
		t.Errorf("Compile bad pattern: err = %v, want it to name the pattern", err)
	}
}

func TestRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	t1 := time.Date(2024, 5, 1, 10, 0, 0, 123456789, time.FixedZone("CEST", 2*3600))
	t2 := t1.Add(48 * time.Hour)
	t2s := t2.UTC().Truncate(time.Second)
	const a, b, c, d = "https://example.com/a/", "https://example.com/b/", "https://example.com/c/", "https://example.com/d/"

	s, err := Load("", path, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	// The first build sees each page first: no date (its build time is
	// not when the page changed).
	for _, url := range []string{a, b, c} {
		if date, changed := s.Date(url, "sum-"+url, t1); !date.IsZero() || !changed {
			t.Errorf("first build: Date(%s) = %v, %v; want no date, true", url, date, changed)
		}
	}
	if written, err := s.Save("", path); err != nil || !written {
		t.Fatalf("first Save = %v, %v", written, err)
	}

	s, err = Load("", path, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		url, sum    string
		want        time.Time
		wantChanged bool
	}{
		{url: a, sum: "sum-" + a, want: time.Time{}, wantChanged: false}, // still no date

		{url: b, sum: "changed", want: t2s, wantChanged: true},
		{url: d, sum: "sum-" + d, want: t2s, wantChanged: true}, // new; c is gone
	} {
		if date, changed := s.Date(tc.url, tc.sum, t2); !date.Equal(tc.want) || changed != tc.wantChanged || !date.IsZero() && date.Location() != time.UTC {
			t.Errorf("second build: Date(%s) = %v, %v; want %v, %v", tc.url, date, changed, tc.want, tc.wantChanged)
		}
	}
	if written, err := s.Save("", path); err != nil || !written {
		t.Fatalf("second Save = %v, %v", written, err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "version": 1,
  "pages": {
    "https://example.com/a/": {
      "hash": "sum-https://example.com/a/"
    },
    "https://example.com/b/": {
      "hash": "changed",
      "lastmod": "2024-05-03T08:00:00Z"
    },
    "https://example.com/d/": {
      "hash": "sum-https://example.com/d/",
      "lastmod": "2024-05-03T08:00:00Z"
    }
  }
}
`
	if string(got) != want {
		t.Errorf("state file:\n%s\nwant:\n%s", got, want)
	}
}

func TestSaveUnchanged(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	now := time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC)
	build := func() (bool, []byte) {
		t.Helper()
		s, err := Load("", path, 1<<30)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 50 { // more than one map, so map order would show
			s.Date(fmt.Sprintf("https://example.com/%d/", i), fmt.Sprint(i), now)
		}
		written, err := s.Save("", path)
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return written, data
	}
	written, first := build()
	if !written {
		t.Fatal("first Save: written = false")
	}
	old := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	now = now.Add(time.Hour) // unchanged pages keep their dates
	written, second := build()
	if written {
		t.Error("second Save of the same pages: written = true")
	}
	if !bytes.Equal(first, second) {
		t.Errorf("second Save changed the file:\n%s\nthen:\n%s", first, second)
	}
	if st, err := os.Stat(path); err != nil || !st.ModTime().Equal(old) {
		t.Errorf("modification time = %v (%v), want %v", st.ModTime(), err, old)
	}
}

func TestLoadErrors(t *testing.T) {
	for _, tc := range []struct {
		name, content, want string
	}{
		{name: "missing"},
		{name: "syntax", content: "{\n  \"version\": 1,\n  \"pages\": {,\n}", want: "state.json:3:13: "},
		{name: "truncated", content: `{"version": 1, "pages": {`, want: "state.json:"},
		{name: "wrong type", content: "{\"version\": \"1\"}", want: "state.json:1:"},
		{name: "unknown version", content: `{"version": 2, "pages": {}}`, want: "state.json: unknown version 2"},
		{name: "no version", content: `{"pages": {}}`, want: "state.json: unknown version 0"},
		{name: "no hash", content: `{"version": 1, "pages": {"https://example.com/": {"lastmod": "2024-01-01T00:00:00Z"}}}`, want: `"https://example.com/": no hash`},
		{name: "bad date", content: `{"version": 1, "pages": {"u": {"hash": "x", "lastmod": "yesterday"}}}`, want: "state.json"},
		// A page's key is quoted an excerpt: a file state: names may be anyone's.
		{name: "no hash, a long key", content: `{"version": 1, "pages": {"https://example.com/` + strings.Repeat("a", 1<<20) + `": {"lastmod": "2024-01-01T00:00:00Z"}}}`, want: `aaaa… (1048596 bytes)": no hash`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "state.json")
			if tc.content != "" {
				if err := os.WriteFile(path, []byte(tc.content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			s, err := Load("", path, 1<<30)
			if tc.want == "" && err != nil {
				t.Errorf("Load: %v", err)
			}
			if tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), dir)) {
				t.Errorf("Load error = %v, want one naming %s and containing %q", err, path, tc.want)
			}
			// The State is usable, and empty: every page is seen first,
			// with no date.
			now := time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC)
			if date, changed := s.Date("https://example.com/", "x", now); !date.IsZero() || !changed {
				t.Errorf("Date after failed Load = %v, %v; want no date, true", date, changed)
			}
			if written, err := s.Save("", path); err != nil || !written {
				t.Errorf("Save after Load = %v, %v; want it to replace the file", written, err)
			}
			if _, err := Load("", path, 1<<30); err != nil {
				t.Errorf("Load after Save: %v", err)
			}
		})
	}
}

func TestSaveCreatesFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "work", ".sitemapgen")
	path := filepath.Join(dir, "state.json")
	s, _ := Load("", path, 1<<30)
	s.Date("https://example.com/", "x", time.Now())
	for range 2 {
		if _, err := s.Save("", path); err != nil {
			t.Fatal(err)
		}
		s.Date("https://example.com/", "y", time.Now()) // so that the second Save writes
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{"state.json"}) {
		t.Errorf("folder holds %q, want only state.json", names)
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("state file mode = %v (%v), want 0644", st.Mode(), err)
	}
}

func TestSaveError(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	s, _ := Load("", filepath.Join(dir, "none"), 1<<30)
	path := filepath.Join(blocker, "state.json") // its folder is a file
	if _, err := s.Save("", path); err == nil || !strings.Contains(err.Error(), blocker) {
		t.Errorf("Save under a file: err = %v, want one naming %s", err, blocker)
	}
}

func TestDateConcurrent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	t1 := time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC)
	s, _ := Load("", path, 1<<30)
	for i := range 100 {
		s.Date(fmt.Sprintf("https://example.com/%d/", i), "old", t1)
	}
	if _, err := s.Save("", path); err != nil {
		t.Fatal(err)
	}
	s, err := Load("", path, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	t2 := t1.Add(time.Hour)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := g; i < 100; i += 8 {
				sum := "old"
				if i%2 == 1 {
					sum = "new"
				}
				date, changed := s.Date(fmt.Sprintf("https://example.com/%d/", i), sum, t2)
				if want := map[bool]time.Time{false: {}, true: t2}[changed]; !date.Equal(want) || changed != (i%2 == 1) {
					t.Errorf("Date(%d) = %v, %v", i, date, changed)
				}
			}
		})
	}
	wg.Wait()
	if written, err := s.Save("", path); err != nil || !written {
		t.Fatalf("Save = %v, %v", written, err)
	}
	if s, err = Load("", path, 1<<30); err != nil || len(s.old) != 100 {
		t.Errorf("Load after concurrent build: %d pages, %v; want 100", len(s.old), err)
	}
}

// BenchmarkSum times hashing a 30 KB HTML page with one ignore pattern, as
// a build does for every page.
func BenchmarkSum(b *testing.B) {
	var page bytes.Buffer
	page.WriteString("<!DOCTYPE html>\n<html>\n  <head>\n    <title>Post</title>\n  </head>\n  <body>\n")
	for page.Len() < 30<<10 {
		page.WriteString("    <p>\n      Lorem ipsum dolor sit amet, <a href=\"/x/?v=3f2a\">consectetur</a> adipiscing elit.\n    </p>\n")
	}
	page.WriteString("    <footer>Built at 2024-05-01T10:00:00Z</footer>\n  </body>\n</html>\n")
	for _, tc := range []struct {
		name string
		o    Options
	}{
		{"plain", Options{}},
		{"ignore", Options{Ignore: []*regexp.Regexp{regexp.MustCompile(`Built at [0-9:T-]+Z`)}}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(page.Len()))
			b.ReportAllocs()
			for b.Loop() {
				tc.o.Sum(page.Bytes())
			}
		})
	}
}

// TestCumulative: a cumulative State keeps the pages a rebuild did not
// ask about, and compares the next rebuild with what it saved.
func TestCumulative(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	t1 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	t2, t3 := t1.Add(time.Hour), t1.Add(2*time.Hour)
	s, _ := Load("", path, 1<<30)
	s.Cumulative()
	s.Date("https://example.com/a", "1", t1)
	s.Date("https://example.com/b", "2", t1)
	if _, err := s.Save("", path); err != nil {
		t.Fatal(err)
	}
	// A rebuild asks about b only, changed.
	if d, changed := s.Date("https://example.com/b", "3", t2); !changed || !d.Equal(t2) {
		t.Errorf("b changed: %v %v", d, changed)
	}
	if _, err := s.Save("", path); err != nil {
		t.Fatal(err)
	}
	// The next compares with what was saved; a is still there.
	if d, changed := s.Date("https://example.com/b", "3", t3); changed || !d.Equal(t2) {
		t.Errorf("b again: %v %v", d, changed)
	}
	loaded, err := Load("", path, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	// a, first seen by the first build, has no date; c, first seen by a
	// rebuild after the file was saved, is new then.
	if d, changed := s.Date("https://example.com/c", "4", t3); !changed || !d.Equal(t3) {
		t.Errorf("c, new in a rebuild: %v %v", d, changed)
	}
	if d, changed := loaded.Date("https://example.com/a", "1", t3); changed || !d.IsZero() {
		t.Errorf("a after two saves: %v %v", d, changed)
	}
}

// SumReader gives Sum's hash, reading in pieces: around the piece size, a
// match of an ignore pattern within a piece is removed, one across a
// line end at a piece's end is not.
func TestSumReader(t *testing.T) {
	o := Options{Ignore: []*regexp.Regexp{regexp.MustCompile(`(?s)<x>.*?</x>`)}}
	line := strings.Repeat("a b\t", 15) + "\n" // 61 bytes
	body := strings.Repeat(line, 3*PieceSize/len(line))
	for _, tc := range []struct {
		name string
		page string
	}{
		{"empty", ""},
		{"small", "<p>a <x>1</x> b</p>\n"},
		{"one piece", body[:PieceSize-100] + "<x>\n1</x>"},
		{"across pieces", body + "<x>1\n" + body + "</x>" + body},
		{"no line end", strings.Repeat("ab ", PieceSize)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := o.SumReader(iotest.HalfReader(strings.NewReader(tc.page)))
			if want := o.Sum([]byte(tc.page)); err != nil || got != want {
				t.Errorf("SumReader = %s, %v; want %s", got, err, want)
			}
		})
	}
	// The pattern sees a page of one piece whole, across its lines.
	if a, b := o.Sum([]byte("p <x>1\n2</x>")), o.Sum([]byte("p <x>3\n4</x>")); a != b {
		t.Errorf("a match across lines in one piece is not removed")
	}
}

// SumReader hashes a page of any size in the same memory: a 64 MiB
// page costs its two pieces.
func TestSumReaderMemory(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if _, err := (Options{}).SumReader(io.LimitReader(zeros{}, 64<<20)); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 8<<20 {
		t.Errorf("hashing 64 MiB allocated %d bytes, want at most 8 MiB", n)
	}
}

// zeros reads as endless zero bytes.
type zeros struct{}

func (zeros) Read(b []byte) (int, error) {
	clear(b)
	return len(b), nil
}

// TestStateFileBounded: a state file past limits.state_bytes (a sparse
// file of 3 GB, which costs nothing on disk) is refused before it is
// read, with an error naming it and the key, and left as it is; Save
// compares the file on disk within the size of what it writes.
func TestStateFileBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	fuzzbound.Sparse(t, path, 3<<30)
	var err error
	if n := fuzzbound.Allocated(func() { _, err = Load("", path, 64<<20) }); n > 8<<20 {
		t.Errorf("Load: %d bytes allocated: the file was read", n)
	}
	if err == nil || !strings.Contains(err.Error(), path+": ") || !strings.Contains(err.Error(), "limits.state_bytes") {
		t.Errorf("Load: err = %v, want one naming the file and limits.state_bytes", err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() != 3<<30 {
		t.Errorf("the file changed (%v)", err)
	}

	fuzzbound.Sparse(t, path, 256<<20)
	st, _ := Load("", filepath.Join(t.TempDir(), "none.json"), 1<<20)
	st.Date("https://example.com/", "0123", time.Now())
	var written bool
	if n := fuzzbound.Allocated(func() { written, err = st.Save("", path) }); n > 8<<20 {
		t.Errorf("Save: %d bytes allocated: the file on disk was read", n)
	}
	if !written || err != nil {
		t.Fatalf("Save: %v, %v", written, err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() > 1<<10 {
		t.Errorf("Save: the file not replaced (%v)", err)
	}
}

// The default state file is a file of the project: read and written only
// inside the folder it is in. Linked out of it (the file, or its folder
// .sitemapgen), it is not read, and the state is not written through the
// link: the file outside is left as it was.
func TestStateInsideItsFolder(t *testing.T) {
	top := t.TempDir()
	project, outside := filepath.Join(top, "project"), filepath.Join(top, "outside")
	for _, d := range []string{project, outside} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	secret := `{"version": 1, "pages": {"https://secret.example/": {"hash": "x", "lastmod": "2001-01-01T00:00:00Z"}}}` + "\n"
	if err := os.WriteFile(filepath.Join(outside, "state.json"), []byte(secret), 0o644); err != nil {
		t.Fatal(err)
	}
	rel := filepath.Join(".sitemapgen", "state.json")
	t.Run("folder linked out", func(t *testing.T) {
		if err := os.Symlink("../outside", filepath.Join(project, ".sitemapgen")); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(filepath.Join(project, ".sitemapgen"))
		s, err := Load(project, rel, 1<<20)
		if !errors.Is(err, fsx.ErrOutside) || len(s.old) != 0 {
			t.Errorf("Load: %d pages, %v; want none and a link out", len(s.old), err)
		}
		s.Date("https://example.com/", "h", time.Now())
		if _, err := s.Save(project, rel); !errors.Is(err, fsx.ErrOutside) {
			t.Errorf("Save: %v; want a link out", err)
		}
	})
	t.Run("file linked out", func(t *testing.T) {
		if err := os.Mkdir(filepath.Join(project, ".sitemapgen"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("../../outside/state.json", filepath.Join(project, rel)); err != nil {
			t.Fatal(err)
		}
		s, err := Load(project, rel, 1<<20)
		if !errors.Is(err, fsx.ErrOutside) || len(s.old) != 0 {
			t.Errorf("Load: %d pages, %v; want none and a link out", len(s.old), err)
		}
		// Saved, the link is replaced by the file, its target untouched.
		s.Date("https://example.com/", "h", time.Now())
		if _, err := s.Save(project, rel); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Lstat(filepath.Join(project, rel)); err != nil || !fi.Mode().IsRegular() {
			t.Errorf("after Save: %v, %v; want a regular file", fi, err)
		}
	})
	if data, _ := os.ReadFile(filepath.Join(outside, "state.json")); string(data) != secret {
		t.Errorf("the file outside changed: %q", data)
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 1 {
		t.Errorf("files written outside: %v", ents)
	}
}
