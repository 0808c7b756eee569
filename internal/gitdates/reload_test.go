package gitdates

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// sameAsLoad fails unless d answers every name as a fresh Load does.
func sameAsLoad(t *testing.T, dir string, d *Dates, names ...string) {
	t.Helper()
	fresh, err := LoadWith(context.Background(), dir, Options{Track: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		p := filepath.Join(dir, name)
		t1, r1 := d.Lookup(p)
		t2, r2 := fresh.Lookup(p)
		if r1 != r2 || !t1.Equal(t2) || t1.String() != t2.String() {
			t.Errorf("%s: reloaded %v (%v), Load says %v (%v)", name, t1, r1, t2, r2)
		}
	}
}

// TestReload: after an edit, a commit, a rename, a reset and a merge, the
// Dates that Refresh and Reload give answer as a fresh Load does, and
// Reload names the files whose answer changed.
func TestReload(t *testing.T) {
	gitEnv(t)
	ctx := context.Background()
	dir := t.TempDir()
	gitRun(t, dir, "", "init", "-q", "-b", "main")
	writeFile(t, dir, "a.md", lines(20, "a"))
	writeFile(t, dir, "b.md", lines(20, "b"))
	commitAll(t, dir, date1)
	names := []string{"a.md", "b.md", "c.md", "d.md"}
	d, err := LoadWith(ctx, dir, Options{Track: true})
	if err != nil {
		t.Fatal(err)
	}
	abs := func(names ...string) []string {
		var out []string
		for _, n := range names {
			out = append(out, filepath.Join(dir, n))
		}
		return out
	}
	reload := func(want ...string) {
		t.Helper()
		n, changed, err := d.Reload(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range abs(want...) {
			if !slices.Contains(changed, w) {
				t.Errorf("Reload's changes %q miss %s", changed, w)
			}
		}
		d = n
		sameAsLoad(t, dir, d, names...)
	}

	// An edit: uncommitted, then committed.
	writeFile(t, dir, "a.md", lines(20, "a")+"more\n")
	if d, err = d.Refresh(ctx, abs("a.md")); err != nil {
		t.Fatal(err)
	}
	if _, r := d.Lookup(filepath.Join(dir, "a.md")); r != ReasonUncommitted {
		t.Fatalf("edited a.md: %v, want uncommitted", r)
	}
	sameAsLoad(t, dir, d, names...)
	commitAll(t, dir, date2)
	reload("a.md")

	// A file added and a file renamed unchanged: incremental.
	// git mv changes the index, which Reload reads.
	writeFile(t, dir, "d.md", "new\n")
	if d, err = d.Refresh(ctx, abs("d.md")); err != nil {
		t.Fatal(err)
	}
	sameAsLoad(t, dir, d, names...)
	gitRun(t, dir, "", "mv", "b.md", "c.md")
	reload("b.md", "c.md")
	commitAll(t, dir, date3)
	reload("b.md", "c.md", "d.md")
	if got, _ := d.Lookup(filepath.Join(dir, "c.md")); got.Format("2006-01-02") != "2024-03-01" {
		t.Errorf("c.md, renamed unchanged from b.md: %v, want b.md's date", got)
	}

	// A reset moves HEAD back: the whole history.
	gitRun(t, dir, "", "reset", "-q", "--hard", "HEAD~2")
	reload("a.md", "b.md", "c.md", "d.md")

	// A merge: the whole history too.
	gitRun(t, dir, "", "checkout", "-q", "-b", "side")
	writeFile(t, dir, "d.md", "side\n")
	commitAll(t, dir, date2)
	gitRun(t, dir, "", "checkout", "-q", "main")
	reload()
	writeFile(t, dir, "b.md", lines(20, "b")+"main\n")
	commitAll(t, dir, date3)
	reload("b.md")
	gitRun(t, dir, date3, "merge", "-q", "--no-edit", "side")
	reload("d.md")

	// The index alone: git rm --cached leaves a.md untracked.
	gitRun(t, dir, "", "rm", "-q", "--cached", "a.md")
	reload("a.md")
}

// TestWatched names the files a commit and a checkout change, in a
// worktree too.
func TestWatched(t *testing.T) {
	gitEnv(t)
	ctx := context.Background()
	dir := t.TempDir()
	gitRun(t, dir, "", "init", "-q", "-b", "main")
	writeFile(t, dir, "a.md", "a\n")
	commitAll(t, dir, date1)
	wt := filepath.Join(t.TempDir(), "wt")
	gitRun(t, dir, "", "worktree", "add", "-q", "-b", "topic", wt)
	for _, tc := range []struct{ dir, gitDir, common, branch string }{
		{dir, filepath.Join(dir, ".git"), filepath.Join(dir, ".git"), "main"},
		{wt, filepath.Join(dir, ".git", "worktrees", "wt"), filepath.Join(dir, ".git"), "topic"},
	} {
		got := Watched(ctx, tc.dir)
		want := []string{filepath.Join(tc.gitDir, "HEAD"), filepath.Join(tc.gitDir, "index"),
			filepath.Join(tc.gitDir, "logs", "HEAD"), filepath.Join(tc.common, "packed-refs"),
			filepath.Join(tc.common, "refs", "heads", tc.branch)}
		if !slices.Equal(got, want) {
			t.Errorf("Watched(%s) = %q, want %q", tc.dir, got, want)
		}
		d, err := LoadWith(ctx, tc.dir, Options{Track: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range want {
			if !d.Watches(f) {
				t.Errorf("Watches(%s) = false", f)
			}
		}
		if d.Watches(filepath.Join(tc.dir, "a.md")) {
			t.Errorf("Watches(a.md) = true")
		}
	}
}

// TestWatchedRefOutside: a HEAD whose branch climbs out of the
// repository (git takes "ref: refs/heads/../../../../x") makes Watched name
// no file outside it; the HEAD and the ref's folder are read inside the
// git folder, through the one door.
func TestWatchedRefOutside(t *testing.T) {
	gitEnv(t)
	top := t.TempDir()
	dir := filepath.Join(top, "repo")
	gitRun(t, top, "", "init", "-q", "-b", "main", "repo")
	writeFile(t, dir, "a.md", "a\n")
	commitAll(t, dir, date1)
	if err := os.MkdirAll(filepath.Join(top, "elsewhere"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".git", "HEAD"), []byte("ref: refs/heads/../../../../elsewhere/b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := Watched(context.Background(), dir)
	if len(got) == 0 {
		t.Fatal("Watched names nothing: git no longer takes such a HEAD, and the test tests nothing")
	}
	for _, f := range got {
		if !strings.HasPrefix(f, filepath.Join(dir, ".git")+string(filepath.Separator)) {
			t.Errorf("Watched names %s, outside the repository's git folder", f)
		}
	}
}

// BenchmarkRefresh is what watch mode adds to a rebuild after an edit of
// one tracked file: one git status over it.
func BenchmarkRefresh(b *testing.B) {
	dir, name := benchRepo(b)
	d, err := LoadWith(b.Context(), dir, Options{Track: true})
	if err != nil {
		b.Fatal(err)
	}
	p := filepath.Join(dir, name(7))
	writeFile(b, dir, name(7), "edited\n")
	for b.Loop() {
		n, err := d.Refresh(b.Context(), []string{p})
		if err != nil {
			b.Fatal(err)
		}
		if _, r := n.Lookup(p); r != ReasonUncommitted {
			b.Fatalf("edited file: %v", r)
		}
	}
}

// BenchmarkReload is what watch mode adds to a rebuild after a commit of
// one file: the commits since the last one read, and git status.
func BenchmarkReload(b *testing.B) {
	dir, name := benchRepo(b)
	d, err := LoadWith(b.Context(), dir, Options{Track: true})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		writeFile(b, dir, name(i%benchFiles), fmt.Sprintf("edit %d\n", i))
		commitAll(b, dir, date2)
		b.StartTimer()
		if d, _, err = d.Reload(b.Context()); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRefreshFiltersCached: the filter drivers a repository's
// configuration defines are listed (git config) once, not before every
// git status: a Refresh with the configuration unchanged starts no git
// config; one after the repository's configuration, or a file it
// includes, changed lists them again, and switches the new one off.
func TestRefreshFiltersCached(t *testing.T) {
	gitEnv(t)
	dir := t.TempDir()
	gitRun(t, dir, "", "init", "-q")
	writeFile(t, dir, ".gitattributes", "*.c filter=one\n*.d filter=two\n*.e filter=three\n")
	writeFile(t, dir, "a.c", "a")
	writeFile(t, dir, "b.d", "b")
	writeFile(t, dir, "c.e", "c")
	commitAll(t, dir, date1)
	inc := filepath.Join(t.TempDir(), "included")
	writeFile(t, filepath.Dir(inc), "included", "")
	marker := filepath.Join(t.TempDir(), "ran")
	evil := filepath.Join(t.TempDir(), "evil.sh")
	if err := os.WriteFile(evil, []byte("#!/bin/sh\necho \"$0 $*\" >> "+marker+"\ncat\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	gitRun(t, dir, "", "config", "filter.one.clean", evil+" one")
	gitRun(t, dir, "", "config", "include.path", inc)
	d, err := LoadWith(context.Background(), dir, Options{Track: true})
	if err != nil {
		t.Fatal(err)
	}
	var configs int
	startHook = func(args []string) {
		if slices.Contains(args, "config") {
			configs++
		}
	}
	t.Cleanup(func() { startHook = nil })
	touch := func(name string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		later := time.Now().Add(time.Duration(configs+1) * time.Hour)
		if err := os.Chtimes(p, later, later); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for i := range 2 {
		if d, err = d.Refresh(context.Background(), []string{touch("a.c")}); err != nil {
			t.Fatal(err)
		}
		if configs != 0 {
			t.Fatalf("Refresh %d, the configuration unchanged: %d git config, want none", i+1, configs)
		}
	}
	gitRun(t, dir, "", "config", "filter.two.clean", evil+" two")
	if d, err = d.Refresh(context.Background(), []string{touch("b.d")}); err != nil {
		t.Fatal(err)
	}
	if configs != 1 {
		t.Errorf("Refresh after .git/config changed: %d git config, want 1", configs)
	}
	writeFile(t, filepath.Dir(inc), "included", "[filter \"three\"]\n\tclean = "+evil+" three\n")
	if d, err = d.Refresh(context.Background(), []string{touch("c.e")}); err != nil {
		t.Fatal(err)
	}
	if configs != 2 {
		t.Errorf("Refresh after an included file changed: %d git config in all, want 2", configs)
	}
	// A file included on one branch only applies once HEAD is on it.
	writeFile(t, filepath.Dir(inc), "onbranch", "[filter \"four\"]\n\tclean = "+evil+" four\n")
	gitRun(t, dir, "", "config", "includeIf.onbranch:other.path", filepath.Join(filepath.Dir(inc), "onbranch"))
	if d, err = d.Refresh(context.Background(), []string{touch("a.c")}); err != nil {
		t.Fatal(err)
	}
	// HEAD on the branch other, as a checkout leaves it (git checkout
	// itself would run the filters of the files it looks at).
	gitRun(t, dir, "", "update-ref", "refs/heads/other", "HEAD")
	gitRun(t, dir, "", "symbolic-ref", "HEAD", "refs/heads/other")
	writeFile(t, dir, ".gitattributes", "*.c filter=four\n")
	if _, err = d.Refresh(context.Background(), []string{touch("a.c")}); err != nil {
		t.Fatal(err)
	}
	if configs != 4 {
		t.Errorf("Refresh after HEAD moved to the branch of an include: %d git config in all, want 4", configs)
	}
	if b, err := os.ReadFile(marker); err == nil {
		t.Errorf("a filter ran:\n%s", b)
	}
}

// TestRemoved: Removed lists the files deleted or renamed away in the
// work tree or the index, and those the newest commit touching them
// deleted; not a copy's origin, a file edited, or one deleted and made
// again. Refresh over a folder removed with its files, which git never
// knew as a path of its own, finds its files deleted.
func TestRemoved(t *testing.T) {
	gitEnv(t)
	dir := t.TempDir()
	gitRun(t, dir, "", "init", "-q")
	for _, f := range []string{"gone-by-commit.md", "back.md", "edited.md", "staged.md", "worktree.md", "renamed.md", "blog/a.md", "blog/b.md", "kept.md"} {
		writeFile(t, dir, f, lines(10, f))
	}
	commitAll(t, dir, date1)
	for _, f := range []string{"gone-by-commit.md", "back.md"} {
		gitRun(t, dir, "", "rm", "-q", f)
	}
	commitAll(t, dir, date2)
	writeFile(t, dir, "back.md", "made again")
	gitRun(t, dir, "", "add", "back.md")
	commitAll(t, dir, date3)
	writeFile(t, dir, "edited.md", "edited")
	gitRun(t, dir, "", "rm", "-q", "staged.md")
	if err := os.Remove(filepath.Join(dir, "worktree.md")); err != nil {
		t.Fatal(err)
	}
	gitRun(t, dir, "", "mv", "renamed.md", "new-name.md")
	d, err := LoadWith(context.Background(), dir, Options{Track: true})
	if err != nil {
		t.Fatal(err)
	}
	rels := func(paths []string) []string {
		var out []string
		for _, p := range paths {
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, filepath.ToSlash(rel))
		}
		return out
	}
	got, more := d.Removed(100)
	want := []string{"gone-by-commit.md", "renamed.md", "staged.md", "worktree.md"}
	if !slices.Equal(rels(got), want) || more {
		t.Errorf("Removed = %q (more %v), want %q", rels(got), more, want)
	}
	if got, more := d.Removed(2); len(got) != 2 || !more {
		t.Errorf("Removed(2) = %q (more %v), want 2 and more", rels(got), more)
	}
	if _, why := d.Lookup(filepath.Join(dir, "worktree.md")); why != ReasonUncommitted {
		t.Errorf("Lookup of a file deleted in the work tree: %v, want %v", why, ReasonUncommitted)
	}

	if err := os.RemoveAll(filepath.Join(dir, "blog")); err != nil {
		t.Fatal(err)
	}
	if d, err = d.Refresh(context.Background(), []string{filepath.Join(dir, "blog")}); err != nil {
		t.Fatal(err)
	}
	got, _ = d.Removed(100)
	want = []string{"blog/a.md", "blog/b.md", "gone-by-commit.md", "renamed.md", "staged.md", "worktree.md"}
	if !slices.Equal(rels(got), want) {
		t.Errorf("after Refresh of the removed folder blog, Removed = %q, want %q", rels(got), want)
	}
}
