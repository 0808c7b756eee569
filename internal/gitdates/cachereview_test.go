package gitdates

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestCacheMergeSimplified: a merge that a log limited to the folder
// does not show (the folder as one parent has it: here a merge of main
// into a side branch with "-s ours", main then fast-forwarded to it)
// is a merge all the same. The commits since the cached one cannot be
// laid over its history: the walk of the whole history follows the
// merge's other parent and never sees the cached commit's changes, which
// the merge undid. The cache and Reload answer as Load.
func TestCacheMergeSimplified(t *testing.T) {
	root, dir, cache := contentRepo(t)
	writeFile(t, root, "content/x.md", "x0")
	writeFile(t, root, "content/z.md", "z0")
	commitAll(t, root, date1)
	writeFile(t, root, "content/z.md", "z, main")
	commitAll(t, root, date2)
	cachedLoad(t, dir, cache, Options{})
	tracked, err := LoadWith(t.Context(), dir, Options{Track: true})
	if err != nil {
		t.Fatal(err)
	}

	gitRun(t, root, "", "checkout", "-q", "-b", "side", "HEAD~")
	writeFile(t, root, "content/x.md", "x, side")
	commitAll(t, root, date3)
	gitRun(t, root, date4, "merge", "-q", "--no-edit", "-s", "ours", "main")
	gitRun(t, root, "", "checkout", "-q", "main")
	gitRun(t, root, "", "merge", "-q", "--ff-only", "side")

	d := cachedLoad(t, dir, cache, Options{}, "x.md", "z.md")
	if o := d.Origin(); o.Cached {
		t.Errorf("Origin() = %+v (%s): over a merge, want the history read whole", o, o)
	}
	if got, _ := d.Lookup(filepath.Join(dir, "z.md")); got.Format("2006-01-02T15:04:05Z07:00") != date1 {
		t.Errorf("z.md: %v, want %s (the merge undid main's change)", got, date1)
	}
	reloadAsLoad(t, tracked, dir, "x.md", "z.md")
}

// contentRepo makes a repository (branch main) whose folder content is
// the one read, and a cache folder.
func contentRepo(t *testing.T) (root, dir, cache string) {
	t.Helper()
	gitEnv(t)
	root = t.TempDir()
	gitRun(t, root, "", "init", "-q", "-b", "main")
	return root, filepath.Join(root, "content"), filepath.Join(t.TempDir(), "git")
}

// reloadAsLoad reloads d, loaded in dir, and fails unless each of names
// (slash paths from dir) and BadDates are answered as a Load answers them.
func reloadAsLoad(t *testing.T, d *Dates, dir string, names ...string) {
	t.Helper()
	n, _, err := d.Reload(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := Load(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		p := filepath.Join(dir, filepath.FromSlash(name))
		t1, r1 := n.Lookup(p)
		t2, r2 := fresh.Lookup(p)
		if r1 != r2 || !t1.Equal(t2) {
			t.Errorf("%s: Reload says %v (%v), Load %v (%v)", name, t1, r1, t2, r2)
		}
	}
	if c, first := n.BadDates(); c != fresh.bad || first != fresh.badOne {
		t.Errorf("after Reload BadDates() = %d, %q; Load says %d, %q", c, first, fresh.bad, fresh.badOne)
	}
}

// TestCacheBadDates: with commits of unreadable dates both before the
// cached commit and since, BadDates names the first in git log's order,
// the newest, as Load does, from the cache and from Reload.
func TestCacheBadDates(t *testing.T) {
	gitEnv(t)
	dir := t.TempDir()
	cache := filepath.Join(t.TempDir(), "git")
	gitRun(t, dir, "", "init", "-q")
	writeFile(t, dir, "a.md", "a")
	commitAll(t, dir, date1)
	badCommit(t, dir, "1700000000 -9959")
	cachedLoad(t, dir, cache, Options{})
	tracked, err := LoadWith(t.Context(), dir, Options{Track: true})
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "b.md", "b")
	commitAll(t, dir, date2)
	badCommit(t, dir, "1700000001 -9959")
	d := cachedLoad(t, dir, cache, Options{})
	wantOrigin(t, d, true, 1)
	reloadAsLoad(t, tracked, dir)
}

// TestCacheZones: a commit's date comes back from the cache as
// time.Parse gives it for what git printed: in UTC for "Z" (which newer
// gits print for an offset of zero), in the Local zone or one of no name
// for "+00:00", and with any offset Go reads ("+24:60", which a commit
// made by hand may carry: a file refusing it would be read past and
// written again at every build).
func TestCacheZones(t *testing.T) {
	var commits []commit
	for i, s := range []string{"2024-03-05T09:00:00Z", "2024-03-05T09:00:00+00:00", "2024-03-05T09:00:00+24:60", "2024-03-05T09:00:00-23:59"} {
		when, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		commits = append(commits, commit{when: when, hash: strings.Repeat(strconv.Itoa(i), 40)})
	}
	c := &cached{head: strings.Repeat("a", 40), commits: commits, files: map[string]int32{"a.md": 0}}
	got, err := decodeCache(encodeCache(c))
	if err != nil {
		t.Fatal(err)
	}
	sameCached(t, c, got)
	for i, m := range got.commits {
		if want := commits[i].when.Location().String(); m.when.Location().String() != want {
			t.Errorf("%v: zone %s, want %s", m.when, m.when.Location(), want)
		}
	}
}

// TestCacheCommittedMovedIn: the date of a change made outside the
// folder to a file moved into it unchanged is a commit's of the history
// (Committed) while the file keeps it, and no longer once the file
// changed in the folder: from the cache and Reload as from Load.
func TestCacheCommittedMovedIn(t *testing.T) {
	root, dir, cache := contentRepo(t)
	writeFile(t, root, "content/a.md", "a")
	commitAll(t, root, date1)
	writeFile(t, root, "src/e.md", lines(20, "e"))
	commitAll(t, root, date2) // outside the folder
	gitRun(t, root, "", "mv", "src/e.md", "content/e.md")
	commitAll(t, root, date3)
	moved, err := time.Parse(time.RFC3339, date2)
	if err != nil {
		t.Fatal(err)
	}
	d := cachedLoad(t, dir, cache, Options{}, "e.md")
	if !d.Committed(moved) {
		t.Fatalf("Committed(%v) = false: e.md is dated by it", moved)
	}
	tracked, err := LoadWith(t.Context(), dir, Options{Track: true})
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, root, "content/e.md", lines(20, "e")+"changed\n")
	commitAll(t, root, date4)
	fresh, err := Load(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	d = cachedLoad(t, dir, cache, Options{}, "e.md")
	wantOrigin(t, d, true, 1)
	n, _, err := tracked.Reload(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string]*Dates{"the cache": d, "Reload": n} {
		if got.Committed(moved) != fresh.Committed(moved) {
			t.Errorf("from %s Committed(%v) = %v, Load says %v", name, moved, got.Committed(moved), fresh.Committed(moved))
		}
	}
}

// TestCacheMovesUnreadable: a history whose files moved into the folder
// could not be followed back (the log of the commit that moved them in
// could not read an object rename detection needed) dates them by their
// move, and is not kept: the object back, Load follows them, and so does
// the next build's.
func TestCacheMovesUnreadable(t *testing.T) {
	root, dir, cache := contentRepo(t)
	writeFile(t, root, "content/a.md", "a")
	writeFile(t, root, "src/e.md", lines(20, "e"))
	writeFile(t, root, "src/f.md", lines(20, "f"))
	commitAll(t, root, date1)
	// e.md moved in unchanged; beside it f.md deleted and g.md added,
	// which rename detection reads to compare.
	gitRun(t, root, "", "mv", "src/e.md", "content/e.md")
	gitRun(t, root, "", "rm", "-q", "src/f.md")
	writeFile(t, root, "content/g.md", lines(20, "g"))
	commitAll(t, root, date2)
	blob := strings.TrimSpace(gitRun(t, root, "", "rev-parse", "HEAD~:src/f.md"))
	object := filepath.Join(root, ".git", "objects", blob[:2], blob[2:])
	saved, err := os.ReadFile(object)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(object); err != nil {
		t.Fatal(err)
	}
	d := cachedLoad(t, dir, cache, Options{}, "e.md")
	if got, _ := d.Lookup(filepath.Join(dir, "e.md")); got.Format(time.RFC3339) != date2 {
		t.Fatalf("e.md: %v, want its move's date %s: the object is missing", got, date2)
	}
	if err := os.WriteFile(object, saved, 0o444); err != nil {
		t.Fatal(err)
	}
	d = cachedLoad(t, dir, cache, Options{}, "e.md")
	if got, _ := d.Lookup(filepath.Join(dir, "e.md")); got.Format(time.RFC3339) != date1 {
		t.Errorf("e.md: %v, want its last change's date %s [%s]", got, date1, d.Origin())
	}
}

// TestCacheTrack: a Dates taken from the cache (whole, and with the
// commits since) reloads as one Load read: after a commit, a rename, a
// reset.
func TestCacheTrack(t *testing.T) {
	root, dir, cache := contentRepo(t)
	writeFile(t, root, "content/a.md", lines(20, "a"))
	writeFile(t, root, "content/b.md", "b")
	commitAll(t, root, date1)
	names := []string{"a.md", "a2.md", "b.md", "c.md"}
	o := Options{Track: true}
	cachedLoad(t, dir, cache, o, names...)
	d := cachedLoad(t, dir, cache, o, names...)
	wantOrigin(t, d, true, 0)
	writeFile(t, root, "content/b.md", "b, again")
	commitAll(t, root, date2)
	reloadAsLoad(t, d, dir, names...)
	d = cachedLoad(t, dir, cache, o, names...)
	wantOrigin(t, d, true, 1)
	gitRun(t, root, "", "mv", "content/a.md", "content/a2.md")
	writeFile(t, root, "content/c.md", "c")
	commitAll(t, root, date3)
	reloadAsLoad(t, d, dir, names...)
	gitRun(t, root, "", "reset", "-q", "--hard", "HEAD~2")
	reloadAsLoad(t, d, dir, names...)
}
