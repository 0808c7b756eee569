package writer

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// stamps returns the modification time and inode of every file in dir.
func stamps(t *testing.T, dir string) map[string]string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, e := range ents {
		fi, err := os.Stat(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		m[e.Name()] = fmt.Sprintf("%v %v", fi.ModTime().UnixNano(), inode(fi))
	}
	return m
}

// sameAsFresh checks that dir holds what a Write without State of urls
// writes into a new folder, byte for byte.
func sameAsFresh(t *testing.T, step string, urls []sitemap.URL, opts Options, dir string) {
	t.Helper()
	fresh := t.TempDir()
	o := opts
	o.Dir, o.State = fresh, nil
	if _, err := Write(Slice(urls), o); err != nil {
		t.Fatal(err)
	}
	got, want := files(t, dir), files(t, fresh)
	if !slices.Equal(names(got), names(want)) {
		t.Fatalf("%s: files %v, want %v", step, names(got), names(want))
	}
	for name, w := range want {
		if got[name] != w {
			t.Fatalf("%s: %s differs from a fresh Write", step, name)
		}
	}
}

func TestStateKeepsUnchangedFiles(t *testing.T) {
	dir := t.TempDir()
	urls := numbered(35)
	opts := Options{Dir: dir, BaseURL: base, MaxURLs: 10, State: NewState()}
	res, err := Write(Slice(urls), opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.URLChanges != nil || len(res.Kept) != 0 || len(res.Written) != 5 {
		t.Fatalf("first: written %v, kept %v, changes %v", res.Written, res.Kept, res.URLChanges)
	}
	before := stamps(t, dir)
	time.Sleep(10 * time.Millisecond) // a rewrite would show in the mtime

	// The same set: nothing written.
	res, err = Write(Slice(urls), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Written) != 0 || len(res.Kept) != 5 || *res.URLChanges != (URLChanges{}) {
		t.Errorf("same: written %v, kept %v, changes %+v", res.Written, res.Kept, *res.URLChanges)
	}
	if after := stamps(t, dir); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("files touched:\n%v\n%v", before, after)
	}

	// One URL's lastmod: its shard, and the index whose entry for it
	// carries the shard's newest date.
	urls[15].LastMod = day(20)
	res, err = Write(Slice(urls), opts)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"sitemap-2.xml", "sitemap.xml"}; !slices.Equal(res.Written, want) {
		t.Errorf("one lastmod: written %v, want %v (kept %v)", res.Written, want, res.Kept)
	}
	if *res.URLChanges != (URLChanges{Changed: 1}) {
		t.Errorf("one lastmod: %+v", *res.URLChanges)
	}
	sameAsFresh(t, "one lastmod", urls, opts, dir)

	// A lastmod older than its shard's newest: the shard only.
	urls[16].LastMod = day(1)
	res, err = Write(Slice(urls), opts)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"sitemap-2.xml"}; !slices.Equal(res.Written, want) {
		t.Errorf("older lastmod: written %v, want %v", res.Written, want)
	}
	sameAsFresh(t, "older lastmod", urls, opts, dir)
}

func TestStateRewritesFilesChangedOnDisk(t *testing.T) {
	dir := t.TempDir()
	urls := numbered(25)
	opts := Options{Dir: dir, BaseURL: base, MaxURLs: 10, State: NewState()}
	if _, err := Write(Slice(urls), opts); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "sitemap-1.xml"))
	if err := os.WriteFile(filepath.Join(dir, "sitemap-3.xml"), []byte("edited by hand"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Write(Slice(urls), opts)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"sitemap-1.xml", "sitemap-3.xml"}; !slices.Equal(res.Written, want) {
		t.Errorf("written %v, want %v", res.Written, want)
	}
	sameAsFresh(t, "after edits on disk", urls, opts, dir)
}

// TestStateRandom makes random sets, one after another, and checks each
// folder against a fresh Write, and the URL counts against a direct
// comparison.
func TestStateRandom(t *testing.T) {
	for _, variant := range []Options{
		{MaxURLs: 7},
		{MaxURLs: 7, Gzip: true},
		{MaxURLs: 5, Text: true, Robots: true},
		{MaxBytes: 900},
		{},
	} {
		t.Run(fmt.Sprintf("%+v", variant), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 8))
			dir := t.TempDir()
			opts := variant
			opts.Dir, opts.BaseURL, opts.State = dir, base, NewState()
			var prev map[string]sitemap.URL
			for step := range 30 {
				cur := map[string]sitemap.URL{}
				for i := range 40 {
					if rng.IntN(3) == 0 {
						continue
					}
					loc := fmt.Sprintf("%sp%02d.html", base, i)
					cur[loc] = sitemap.URL{Loc: loc, LastMod: day(1 + rng.IntN(3))}
				}
				if len(cur) == 0 {
					continue
				}
				var urls []sitemap.URL
				for _, u := range cur {
					urls = append(urls, u)
				}
				slices.SortFunc(urls, func(a, b sitemap.URL) int { return compare(a.Loc, b.Loc) })
				res, err := Write(Slice(urls), opts)
				if err != nil {
					t.Fatal(err)
				}
				if prev != nil {
					var want URLChanges
					for loc, u := range cur {
						if p, ok := prev[loc]; !ok {
							want.Added++
						} else if !p.LastMod.Equal(u.LastMod) {
							want.Changed++
						}
					}
					for loc := range prev {
						if _, ok := cur[loc]; !ok {
							want.Removed++
						}
					}
					if *res.URLChanges != want {
						t.Fatalf("step %d: changes %+v, want %+v", step, *res.URLChanges, want)
					}
				}
				if len(res.Written)+len(res.Kept) == 0 {
					t.Fatalf("step %d: neither written nor kept", step)
				}
				sameAsFresh(t, fmt.Sprintf("step %d", step), urls, opts, dir)
				prev = cur
			}
		})
	}
}

func compare(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// TestStateAfterFailure: a Write that fails leaves the files and a State
// with which the next Write is right.
func TestStateAfterFailure(t *testing.T) {
	dir := t.TempDir()
	urls := numbered(20)
	opts := Options{Dir: dir, BaseURL: base, MaxURLs: 10, State: NewState()}
	if _, err := Write(Slice(urls), opts); err != nil {
		t.Fatal(err)
	}
	before := files(t, dir)
	big := slices.Clone(urls)
	big[3].Loc = base + string(make([]byte, 0)) + "x" + fmt.Sprintf("%0900d", 0)
	slices.SortFunc(big, func(a, b sitemap.URL) int { return compare(a.Loc, b.Loc) })
	small := opts
	small.MaxBytes = 800
	var tooBig *RecordTooBigError
	if _, err := Write(Slice(big), small); !errors.As(err, &tooBig) {
		t.Fatalf("got %v, want a RecordTooBigError", err)
	}
	if after := files(t, dir); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatal("a failed Write changed the files")
	}
	noTempFiles(t, dir)
	urls[0].LastMod = day(9)
	res, err := Write(Slice(urls), opts)
	if err != nil {
		t.Fatal(err)
	}
	if *res.URLChanges != (URLChanges{Changed: 1}) {
		t.Errorf("after the failure: %+v", *res.URLChanges)
	}
	sameAsFresh(t, "after the failure", urls, opts, dir)
}

func noTempFiles(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if tempName.MatchString(e.Name()) {
			t.Errorf("temporary file %s left", e.Name())
		}
	}
}

// inode returns the file's inode number, which a rename over it changes.
func inode(fi os.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Ino
	}
	return 0
}
