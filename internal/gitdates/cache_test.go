package gitdates

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// cachedLoad loads dir with o and the cache in cache, checks that every
// file either Dates knows of, and each of names (slash paths from dir),
// is answered as a Load without the cache answers it, and returns the
// cached Dates.
func cachedLoad(t *testing.T, dir, cache string, o Options, names ...string) *Dates {
	t.Helper()
	fresh, err := LoadWith(t.Context(), dir, o)
	if err != nil {
		t.Fatal(err)
	}
	o.Cache = cache
	d, err := LoadWith(t.Context(), dir, o)
	if err != nil {
		t.Fatal(err)
	}
	paths := slices.Clone(names)
	for _, m := range []map[string]int32{d.files, fresh.files} {
		for rel := range m {
			paths = append(paths, strings.TrimPrefix(rel, relTo(t, fresh, dir)))
		}
	}
	for _, name := range paths {
		p := filepath.Join(dir, filepath.FromSlash(name))
		t1, r1 := d.Lookup(p)
		t2, r2 := fresh.Lookup(p)
		if r1 != r2 || !t1.Equal(t2) || t1.String() != t2.String() {
			t.Errorf("%s: cached %v (%v), Load says %v (%v) [%s]", name, t1, r1, t2, r2, d.Origin())
		}
	}
	if n, f := d.BadDates(); n != fresh.bad || f != fresh.badOne {
		t.Errorf("BadDates() = %d, %q; Load says %d, %q", n, f, fresh.bad, fresh.badOne)
	}
	return d
}

// relTo returns dir as a slash path from the top of d's work tree, with
// a final slash ("" for the top).
func relTo(t *testing.T, d *Dates, dir string) string {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	rel, ok := d.rel(filepath.Join(abs, "x"))
	if !ok {
		t.Fatalf("%s is outside %s", dir, d.top)
	}
	return strings.TrimSuffix(rel, "x")
}

// wantOrigin fails unless d's history came from the cache or not, with
// commits commits read by git log (any number when commits is -1).
func wantOrigin(t *testing.T, d *Dates, cached bool, commits int) {
	t.Helper()
	o := d.Origin()
	if o.Cached != cached || commits >= 0 && o.Commits != commits || o.SaveErr != nil || o.Since != (cached && commits != 0) {
		t.Errorf("Origin() = %+v (%s), want cached %v, %d commits", o, o, cached, commits)
	}
}

// TestCache: a Load with the cache answers every file as one without it
// does, after no change (the cache alone, no git log), new commits (a
// pure rename, a rename with a change, a delete, a file moved into the
// folder from outside: only those commits read), a merge, a reset, a
// rebase (the whole history again), and with each option (a cache file
// of its own).
func TestCache(t *testing.T) {
	gitEnv(t)
	const date5 = "2024-03-05T09:00:00Z"
	root := t.TempDir()
	cache := filepath.Join(t.TempDir(), "git")
	dir := filepath.Join(root, "content")
	gitRun(t, root, "", "init", "-q", "-b", "main")
	writeFile(t, root, "content/a.md", lines(20, "a"))
	writeFile(t, root, "content/b.md", "b")
	writeFile(t, root, "content/c.md", lines(20, "c"))
	writeFile(t, root, "content/d.md", "d")
	writeFile(t, root, "src/e.md", "e")
	commitAll(t, root, date1)
	writeFile(t, root, "src/e.md", "e, again")
	writeFile(t, root, "content/a.md", lines(20, "a")+"more\n")
	commitAll(t, root, date2)
	names := []string{"a.md", "b.md", "b2.md", "c.md", "c2.md", "d.md", "e.md", "f.md"}

	d := cachedLoad(t, dir, cache, Options{}, names...)
	wantOrigin(t, d, false, 2)
	if !d.Origin().Saved {
		t.Fatalf("Origin() = %+v: not saved", d.Origin())
	}
	// No change: the cache, and no git log (the source says so, and a
	// git that logs its commands in the PATH too).
	d = cachedLoad(t, dir, cache, Options{}, names...)
	wantOrigin(t, d, true, 0)
	if runtime.GOOS != "windows" {
		real := strings.TrimSpace(gitRun(t, root, "", "--exec-path")) + "/git"
		bin := t.TempDir()
		logged := filepath.Join(bin, "commands")
		writeFile(t, bin, "git", "#!/bin/sh\necho \"$@\" >>'"+logged+"'\nexec '"+real+"' \"$@\"\n")
		if err := os.Chmod(filepath.Join(bin, "git"), 0o755); err != nil {
			t.Fatal(err)
		}
		t.Setenv("PATH", bin+string(filepath.ListSeparator)+os.Getenv("PATH"))
		if _, err := LoadWith(t.Context(), dir, Options{Cache: cache}); err != nil {
			t.Fatal(err)
		}
		out, err := os.ReadFile(logged)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out), "status") || strings.Contains(string(out), " log ") {
			t.Errorf("a Load from the cache ran:\n%s", out)
		}
	}

	// New commits: only they are read.
	gitRun(t, root, "", "mv", "content/b.md", "content/b2.md")
	gitRun(t, root, "", "mv", "content/c.md", "content/c2.md")
	writeFile(t, root, "content/c2.md", lines(20, "c")+"one more\n")
	gitRun(t, root, "", "rm", "-q", "content/d.md")
	commitAll(t, root, date3)
	gitRun(t, root, "", "mv", "src/e.md", "content/e.md")
	writeFile(t, root, "content/f.md", "f")
	commitAll(t, root, date4)
	d = cachedLoad(t, dir, cache, Options{}, names...)
	wantOrigin(t, d, true, 2)
	if got, _ := d.Lookup(filepath.Join(dir, "e.md")); got.Format(time.RFC3339) != date2 {
		t.Errorf("e.md, moved in unchanged: %v, want %s", got, date2)
	}
	d = cachedLoad(t, dir, cache, Options{}, names...)
	wantOrigin(t, d, true, 0)
	// A commit outside the folder: none read, the cache moved on.
	writeFile(t, root, "src/g.md", "g")
	commitAll(t, root, date4)
	d = cachedLoad(t, dir, cache, Options{}, names...)
	if o := d.Origin(); !o.Cached || !o.Since || o.Commits != 0 || !o.Saved {
		t.Errorf("after a commit outside the folder, Origin() = %+v (%s)", o, o)
	}
	d = cachedLoad(t, dir, cache, Options{}, names...)
	wantOrigin(t, d, true, 0)

	// A merge: the whole history.
	gitRun(t, root, "", "checkout", "-q", "-b", "side")
	writeFile(t, root, "content/b2.md", "b, side")
	commitAll(t, root, date3)
	gitRun(t, root, "", "checkout", "-q", "main")
	writeFile(t, root, "content/a.md", "a, main")
	commitAll(t, root, date4)
	gitRun(t, root, date5, "merge", "-q", "--no-edit", "side")
	d = cachedLoad(t, dir, cache, Options{}, names...)
	wantOrigin(t, d, false, -1)
	d = cachedLoad(t, dir, cache, Options{}, names...)
	wantOrigin(t, d, true, 0)

	// A reset to an older commit, then a rebase (a commit amended): the
	// cached commit is no ancestor.
	gitRun(t, root, "", "reset", "-q", "--hard", "HEAD~4")
	d = cachedLoad(t, dir, cache, Options{}, names...)
	wantOrigin(t, d, false, -1)
	gitRun(t, root, date5, "commit", "-q", "--amend", "-m", "amended")
	d = cachedLoad(t, dir, cache, Options{}, names...)
	wantOrigin(t, d, false, -1)

	// Each option has a file of its own; so has the whole repository.
	for _, o := range []Options{{AuthorDates: true}, {RenamesChange: true}, {AuthorDates: true, RenamesChange: true}} {
		d = cachedLoad(t, dir, cache, o, names...)
		wantOrigin(t, d, false, -1)
		d = cachedLoad(t, dir, cache, o, names...)
		wantOrigin(t, d, true, 0)
	}
	d = cachedLoad(t, root, cache, Options{}, names...)
	wantOrigin(t, d, false, -1)
	if files, err := os.ReadDir(cache); err != nil || len(files) != 5 {
		t.Errorf("the cache holds %d files (%v), want 5", len(files), err)
	}
}

// TestCacheDamaged: a cache file truncated, changed, of another version,
// of another repository or folder, or not a file is passed over (the
// history read whole, the answers right) and written again.
func TestCacheDamaged(t *testing.T) {
	gitEnv(t)
	dir := t.TempDir()
	cache := filepath.Join(t.TempDir(), "git")
	gitRun(t, dir, "", "init", "-q")
	writeFile(t, dir, "a.md", "a")
	writeFile(t, dir, "sub/b.md", "b")
	commitAll(t, dir, date1)
	writeFile(t, dir, "a.md", "a, again")
	commitAll(t, dir, date2)
	cachedLoad(t, dir, cache, Options{})
	files, err := os.ReadDir(cache)
	if err != nil || len(files) != 1 {
		t.Fatalf("the cache holds %d files (%v), want 1", len(files), err)
	}
	file := filepath.Join(cache, files[0].Name())
	good, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// Another folder's cache file, of the same repository.
	cachedLoad(t, filepath.Join(dir, "sub"), cache, Options{})
	var foreign []byte
	for _, f := range must(os.ReadDir(cache)) {
		if p := filepath.Join(cache, f.Name()); p != file {
			foreign = must(os.ReadFile(p))
		}
	}
	flipped := bytes.Clone(good)
	flipped[len(flipped)-2] ^= 1
	version := bytes.Replace(good, []byte(cacheMagic), []byte("sitemapgen git history 0\n"), 1)
	for name, data := range map[string][]byte{
		"empty": {}, "truncated": good[:len(good)/2], "one byte short": good[:len(good)-1],
		"flipped": flipped, "version": version, "foreign": foreign, "text": []byte("not a cache\n"),
	} {
		t.Run(name, func(t *testing.T) {
			if err := os.WriteFile(file, data, 0o644); err != nil {
				t.Fatal(err)
			}
			wantOrigin(t, cachedLoad(t, dir, cache, Options{}), false, 2)
			if got := must(os.ReadFile(file)); !bytes.Equal(got, good) {
				t.Errorf("the cache file was not written again")
			}
			wantOrigin(t, cachedLoad(t, dir, cache, Options{}), true, 0)
		})
	}
	t.Run("folder", func(t *testing.T) {
		if err := os.Remove(file); err != nil {
			t.Fatal(err)
		}
		if err := os.Mkdir(file, 0o755); err != nil {
			t.Fatal(err)
		}
		d := cachedLoad(t, dir, cache, Options{})
		if o := d.Origin(); o.Cached || o.Saved || o.SaveErr == nil {
			t.Errorf("Origin() = %+v, want read whole and a save's error", o)
		}
	})
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestCacheShallow: a shallow clone's history is not cached, nor taken
// from a cache.
func TestCacheShallow(t *testing.T) {
	gitEnv(t)
	dir := t.TempDir()
	gitRun(t, dir, "", "init", "-q")
	for i, date := range []string{date1, date2, date3} {
		writeFile(t, dir, "a.md", date)
		if i == 0 {
			writeFile(t, dir, "old.md", "old")
		}
		commitAll(t, dir, date)
	}
	clone := filepath.Join(t.TempDir(), "clone")
	gitRun(t, dir, "", "clone", "-q", "--depth", "2", "file://"+filepath.ToSlash(dir), clone)
	cache := filepath.Join(t.TempDir(), "git")
	for range 2 {
		d := cachedLoad(t, clone, cache, Options{}, "a.md", "old.md")
		if o := d.Origin(); o.Cached || o.Saved {
			t.Errorf("Origin() = %+v, want neither cached nor saved", o)
		}
	}
	if _, err := os.Stat(cache); !os.IsNotExist(err) {
		t.Errorf("the cache folder was made for a shallow clone: %v", err)
	}
}

// TestCacheUnreadable: a history read without rename detection because
// an object was missing is not cached; with Hugo's rule, which needs no
// rename detection, it is.
func TestCacheUnreadable(t *testing.T) {
	gitEnv(t)
	dir := t.TempDir()
	gitRun(t, dir, "", "init", "-q")
	blob := renameHistory(t, dir)
	if err := os.Remove(filepath.Join(dir, ".git", "objects", blob[:2], blob[2:])); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(t.TempDir(), "git")
	for range 2 {
		d := cachedLoad(t, dir, cache, Options{})
		if o := d.Origin(); o.Cached || o.Saved || d.Unreadable() != blob {
			t.Errorf("Origin() = %+v, Unreadable() = %q: want neither cached nor saved, %s", o, d.Unreadable(), blob)
		}
	}
	cachedLoad(t, dir, cache, Options{RenamesChange: true})
	wantOrigin(t, cachedLoad(t, dir, cache, Options{RenamesChange: true}), true, 0)
}

// TestCacheRoundTrip: a history encoded decodes to itself, dates with
// their offsets and zones, bad and boundary commits, deleted files.
func TestCacheRoundTrip(t *testing.T) {
	zones := map[int]*time.Location{}
	c := &cached{key: "k\x00", head: strings.Repeat("ab", 20), bad: 1, badOne: "x", noRenames: true,
		commits: []commit{
			{when: commitTime(1700000000, 3600, zones), hash: strings.Repeat("1", 40)},
			{bad: true, hash: strings.Repeat("2", 64)},
			{when: commitTime(-62167219200, 0, zones), boundary: true, hash: strings.Repeat("3", 40)},
			{when: commitTime(1600000000, -3600, zones), moved: true, hash: strings.Repeat("4", 40)},
		},
		files: map[string]int32{"a.md": 0, "b/c d.md": 2, "gone.md": deleted, "ü.md": 1, "in.md": 3},
	}
	data := encodeCache(c)
	got, err := decodeCache(data)
	if err != nil {
		t.Fatal(err)
	}
	sameCached(t, c, got)
}

// sameCached fails unless a and b hold the same history.
func sameCached(t testing.TB, a, b *cached) {
	t.Helper()
	if a.key != b.key || a.head != b.head || a.bad != b.bad || a.badOne != b.badOne || a.noRenames != b.noRenames ||
		len(a.commits) != len(b.commits) || len(a.files) != len(b.files) {
		t.Fatalf("decoded %+v, want %+v", b, a)
	}
	for i, c := range a.commits {
		g := b.commits[i]
		if c.hash != g.hash || c.bad != g.bad || c.boundary != g.boundary || c.moved != g.moved || !c.when.Equal(g.when) || c.when.String() != g.when.String() {
			t.Errorf("commit %d: decoded %+v, want %+v", i, g, c)
		}
	}
	for p, i := range a.files {
		if j, ok := b.files[p]; !ok || i != j {
			t.Errorf("file %q: decoded %d (%v), want %d", p, j, ok, i)
		}
	}
}

// BenchmarkLoadCached loads a repository of 20,000 files and 2,000
// commits (bench/hugo.sh's history) without the cache and from it:
//
//	go test ./internal/gitdates -run '^$' -bench LoadCached -benchtime 5x
func BenchmarkLoadCached(b *testing.B) {
	dir, name := benchRepoOf(b, 20000, 2000)
	// An index written after the files, not racily clean: git status
	// need not read every file again, as in a checkout of any age.
	time.Sleep(1100 * time.Millisecond)
	gitRun(b, dir, "", "update-index", "-q", "--refresh")
	cache := filepath.Join(b.TempDir(), "git")
	check := func(d *Dates) {
		if _, reason := d.Lookup(filepath.Join(dir, name(19999))); reason != ReasonNone {
			b.Fatalf("Lookup(%s) reason = %v", name(19999), reason)
		}
	}
	b.Run("git", func(b *testing.B) {
		for b.Loop() {
			d, err := LoadWith(b.Context(), dir, Options{})
			if err != nil {
				b.Fatal(err)
			}
			check(d)
		}
	})
	b.Run("cache", func(b *testing.B) {
		if _, err := LoadWith(b.Context(), dir, Options{Cache: cache}); err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			d, err := LoadWith(b.Context(), dir, Options{Cache: cache})
			if err != nil {
				b.Fatal(err)
			}
			if !d.Origin().Cached {
				b.Fatalf("Origin() = %+v", d.Origin())
			}
			check(d)
		}
	})
	b.Run("decode", func(b *testing.B) {
		files := must(os.ReadDir(cache))
		data := must(os.ReadFile(filepath.Join(cache, files[0].Name())))
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := decodeCache(data); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestCacheMarkedUsed: a history taken from the cache as it is (HEAD
// unchanged: its file is not written again) marks the file used, for the
// cache folder's trim (internal/cachedir): its time moves to now.
func TestCacheMarkedUsed(t *testing.T) {
	gitEnv(t)
	root := t.TempDir()
	cache := filepath.Join(t.TempDir(), "git")
	dir := filepath.Join(root, "content")
	gitRun(t, root, "", "init", "-q", "-b", "main")
	writeFile(t, root, "content/a.md", "a")
	commitAll(t, root, date1)
	cachedLoad(t, dir, cache, Options{}, "a.md")
	entries, err := os.ReadDir(cache)
	if err != nil || len(entries) != 1 {
		t.Fatalf("cache folder: %v, %v", entries, err)
	}
	file := filepath.Join(cache, entries[0].Name())
	old := time.Now().Add(-48 * time.Hour)
	if err := os.Chtimes(file, old, old); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	d := cachedLoad(t, dir, cache, Options{}, "a.md")
	wantOrigin(t, d, true, 0)
	fi, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if fi.ModTime().Before(start.Add(-time.Second)) {
		t.Errorf("the cache file's time is %v after a build took it, not marked used", fi.ModTime())
	}
}
