package postbuild

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/hashstate"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/writer"
)

const base = "https://example.com/"

func TestDiff(t *testing.T) {
	old := URLSet{base + "a": "1", base + "b": "1", base + "c": "1", base + "d": "", base + "e": "1"}
	new := URLSet{base + "a": "1", base + "b": "2", base + "d": "x", base + "e": "", base + "f": "1"}
	got := string(FormatChanges(DiffChanges(old, new), ""))
	want := "~ " + base + "b\n- " + base + "c\n+ " + base + "f\n"
	if got != want {
		t.Errorf("Diff:\n%s\nwant\n%s", got, want)
	}
	if a, r, c := CountChanges(DiffChanges(old, new)); a != 1 || r != 1 || c != 1 {
		t.Errorf("Count = %d %d %d", a, r, c)
	}
	if cs := DiffChanges(old, old); len(cs) != 0 {
		t.Errorf("the same set: %v", cs)
	}
}

// FromSitemaps reads a set as Write wrote it: one urlset, shards under an
// index (gzip too), several index files, an entry file of the user's
// name (--filename), its record says which.
func TestFromSitemaps(t *testing.T) {
	var urls []sitemap.URL
	for i := range 9 {
		u := sitemap.URL{Loc: base + "p" + string(rune('a'+i)) + "/"}
		if i%3 != 0 {
			u.LastMod = time.Date(2024, 5, i+1, 0, 0, 0, 0, time.UTC)
		}
		urls = append(urls, u)
	}
	for _, o := range []writer.Options{{}, {MaxURLs: 2}, {MaxURLs: 2, Gzip: true}, {MaxBytes: 420, Robots: true}, {Filename: "my-map.xml"}, {Filename: "my-map.xml", MaxURLs: 2, Gzip: true}} {
		dir := t.TempDir()
		o.Dir, o.BaseURL = dir, base
		res, err := writer.Write(sitemap.Slice(urls), o)
		if err != nil {
			t.Fatal(err)
		}
		set, ok, err := PreviousFromSitemaps(dir, base, 0)
		if err != nil || !ok {
			t.Fatalf("%+v: %v %v", o, ok, err)
		}
		if len(set) != len(urls) {
			t.Errorf("%+v (%d entries): %d URLs, want %d", o, len(res.Entries), len(set), len(urls))
		}
		for _, u := range urls {
			want := ""
			if !u.LastMod.IsZero() {
				want = u.LastMod.Format(time.RFC3339)
			}
			if v, ok := set[u.Loc]; !ok || v != want {
				t.Errorf("%+v: %s = %q, %v; want %q", o, u.Loc, v, ok, want)
			}
		}
	}
	if _, ok, err := PreviousFromSitemaps(t.TempDir(), base, 0); ok || err != nil {
		t.Errorf("an empty folder: %v %v", ok, err)
	}
	// Another tool's sitemap.xml (Hugo's, say) is not a previous build.
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "sitemap.xml"), []byte(`<sitemapindex><sitemap><loc>https://example.com/en/sitemap.xml</loc></sitemap></sitemapindex>`), 0o644)
	if _, ok, err := PreviousFromSitemaps(dir, base, 0); ok || err != nil {
		t.Errorf("a sitemap.xml sitemapgen did not write: %v %v", ok, err)
	}
	// Other applications' sitemaps in the index (index.extra), in scope
	// or not, are not the set's.
	extra := []string{base + "shop/sitemap.xml", base + "app-sitemap.xml", "https://example.org/sitemap.xml"}
	if _, err := writer.Write(sitemap.Slice(urls), writer.Options{Dir: dir, BaseURL: base, MaxURLs: 3, Extra: extra}); err != nil {
		t.Fatal(err)
	}
	if set, ok, err := PreviousFromSitemaps(dir, base, 0); !ok || err != nil || len(set) != len(urls) {
		t.Errorf("a set with other sitemaps in its index: %d URLs, %v, %v; want %d", len(set), ok, err, len(urls))
	}
	// Ours, written over by a generator's own index (Hugo writes
	// public/sitemap.xml on every build): not the previous build, and
	// said so, rather than a previous build of no URL.
	hugo := `<sitemapindex><sitemap><loc>https://example.com/en/sitemap.xml</loc></sitemap></sitemapindex>`
	os.WriteFile(filepath.Join(dir, "sitemap.xml"), []byte(hugo), 0o644)
	if set, ok, err := PreviousFromSitemaps(dir, base, 0); ok || err == nil || !strings.Contains(err.Error(), "lists none of the files sitemapgen wrote") {
		t.Errorf("ours written over by another index: %d URLs, %v, %v", len(set), ok, err)
	}
	// Ours, broken: an error.
	os.WriteFile(filepath.Join(dir, "sitemap.xml"), []byte("<urlset><url><loc>x"), 0o644)
	if _, _, err := PreviousFromSitemaps(dir, base, 0); err == nil || !strings.Contains(err.Error(), "sitemap.xml") {
		t.Errorf("a broken sitemap: %v", err)
	}
}

func TestFromState(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	if _, ok, err := PreviousFromState("", path, 0); ok || err != nil {
		t.Fatalf("no file: %v %v", ok, err)
	}
	st, _ := hashstate.Load("", path, 1<<30)
	now := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	st.Date(base+"a", "h1", now)
	if _, err := st.Save("", path); err != nil {
		t.Fatal(err)
	}
	// Saved by a build without a changes file: no URLs recorded.
	if _, ok, err := PreviousFromState("", path, 0); ok || err != nil {
		t.Fatalf("a state without listed URLs: %v %v", ok, err)
	}
	st, _ = hashstate.Load("", path, 1<<30)
	st.Date(base+"a", "h1", now)
	st.SetListed(map[string]string{base + "a": "2024-05-01T00:00:00Z", base + "b": ""})
	if _, err := st.Save("", path); err != nil {
		t.Fatal(err)
	}
	set, ok, err := PreviousFromState("", path, 0)
	// a's hash follows its date: a change of content shows within a second.
	if err != nil || !ok || len(set) != 2 || set[base+"a"] != "2024-05-01T00:00:00Z #h1" || set[base+"b"] != "" {
		t.Errorf("FromState = %v %v %v", set, ok, err)
	}
}

func TestParse(t *testing.T) {
	cs := []Change{{Added, base + "a"}, {Changed, base + "b?x=1&y"}, {Removed, base + "c%20d"}}
	f, err := ParseChanges(strings.NewReader(string(FormatChanges(cs, base))+"# a comment\n\n\r\n"), "changes.txt")
	if err != nil || !slices.Equal(f.Changes, cs) || f.BaseURL != base {
		t.Errorf("Parse = %+v, %v", f, err)
	}
	for _, bad := range []string{"+https://x/\n", "* https://x/\n", "+  https://x/\n", "+ \n", "~ https://x/ \n"} {
		if _, err := ParseChanges(strings.NewReader("+ ok\n"+bad), "changes.txt"); err == nil || !strings.HasPrefix(err.Error(), "changes.txt:2: ") {
			t.Errorf("Parse(%q) = %v, want an error at changes.txt:2", bad, err)
		}
	}
}

func TestWriteFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dir", "changes.txt")
	cs := []Change{{Added, base + "a"}}
	// A killed run's temporary file (of a process that does not exist) goes.
	stray := filepath.Join(filepath.Dir(path), ".sitemapgen-999999999-1.tmp")
	os.MkdirAll(filepath.Dir(path), 0o755)
	os.WriteFile(stray, []byte("x"), 0o644)
	if err := WriteChanges("", "", path, cs, base); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil || string(data) != "# base_url: "+base+"\n+ "+base+"a\n" {
		t.Errorf("%q %v", data, err)
	}
	if _, err := os.Stat(stray); err == nil {
		t.Error("a stray temporary file was left")
	}
}

func TestParseLines(t *testing.T) {
	in := "\uFEFF# written by sitemapgen\n+ https://example.com/new/\r\n\n   \n~ https://example.com/changed?q=1&b=2\n- https://example.com/gone/\n#- https://example.com/commented/\n"
	f, err := ParseChanges(strings.NewReader(in), "changes.txt")
	if err != nil {
		t.Fatal(err)
	}
	got := f.Changes
	want := []Change{
		{Added, "https://example.com/new/"},
		{Changed, "https://example.com/changed?q=1&b=2"},
		{Removed, "https://example.com/gone/"},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	if s := want[1].String(); s != "~ https://example.com/changed?q=1&b=2" {
		t.Errorf("String() = %q", s)
	}
	f, err = ParseChanges(strings.NewReader(""), "empty.txt")
	if err != nil || len(f.Changes) != 0 || f.BaseURL != "" {
		t.Errorf("empty file: %+v, %v", f, err)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"+ https://example.com/\nhttps://example.com/b\n", `changes.txt:2: want "+ URL"`},
		{"\n\n* https://example.com/\n", `changes.txt:3: want`},
		{"+https://example.com/\n", `changes.txt:1: want "+ URL" (added), "~ URL" (changed) or "- URL" (removed) (one space after the sign)`},
		{"+  https://example.com/\n", `changes.txt:1: exactly one space after '+'`},
		{"~\thttps://example.com/\n", `changes.txt:1: want`},
		{"- \n", `changes.txt:1: no URL after '-'`},
		{"+\n", `changes.txt:1: no URL after '+'`},
		{"+ https://example.com/a b\n", `changes.txt:1: a space in the URL`},
		{"+ https://example.com/\n " + "+ https://example.com/\n", `changes.txt:2: want`},
		{"+ https://example.com/" + strings.Repeat("a", maxLine) + "\n", `changes.txt:1: line longer than`},
	} {
		_, err := ParseChanges(strings.NewReader(tc.in), "changes.txt")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.40q: got error %v, want %q", tc.in, err, tc.want)
		}
	}
}

// The changes file's removal never removes a folder, not even an empty one
// made where the file goes after Prepare looked (os.Remove would rmdir it).
func TestRemoveFileNotFolder(t *testing.T) {
	dir := t.TempDir()
	empty, file := filepath.Join(dir, "empty"), filepath.Join(dir, "changes.txt")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte("+ https://example.com/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := removeFile("", "", empty); err == nil {
		t.Error("removeFile of an empty folder: no error")
	}
	if st, err := os.Stat(empty); err != nil || !st.IsDir() {
		t.Errorf("the empty folder is gone: %v", err)
	}
	if err := removeFile("", "", file); err != nil {
		t.Errorf("removeFile of a file: %v", err)
	}
	if err := removeFile("", "", file); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("removeFile of a missing file: %v, want fs.ErrNotExist", err)
	}
}

// A removed URL is gone, and warned about, unless a page the build left
// out is still at it or a redirect rule answers it; past maxGone, one
// warning counts the rest.
func TestWarnGone(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "_redirects"), []byte("/moved /new 301\n/old/* /archive/:splat 301\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rules, _, err := host.LoadRedirects(true, limits.Default, dir)
	if err != nil {
		t.Fatal(err)
	}
	var warned []string
	o := &Outputs{opts: Options{Warn: func(err error) { warned = append(warned, err.Error()) }}}
	cs := []Change{
		{Added, base + "added"},
		{Removed, base + "gone"},
		{Removed, base + "moved"},
		{Removed, base + "noindex"},
		{Removed, base + "old/a/"},
		{Changed, base + "x"},
	}
	o.warnGone(cs, Answers{LeftOut: []string{base + "a", base + "noindex"}, Redirects: rules})
	want := []string{base + "gone was listed by the last build and is gone with no redirect; add a redirect rule (_redirects, netlify.toml or vercel.json) or keep a page there"}
	if !slices.Equal(warned, want) {
		t.Errorf("warned %q, want %q", warned, want)
	}

	warned = nil
	cs = nil
	for i := range maxGone + 3 {
		cs = append(cs, Change{Removed, fmt.Sprintf("%sp%02d", base, i)})
	}
	o.warnGone(cs, Answers{})
	if len(warned) != maxGone+1 || warned[maxGone] != "3 more URLs listed by the last build are gone with no redirect; the changes file lists every removed URL" {
		t.Errorf("%d warnings, the last %q", len(warned), warned[len(warned)-1])
	}
}
