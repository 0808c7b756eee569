package gitdates

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// gitEnv skips tb without git and makes git deterministic and blind to the
// user's configuration and to a surrounding repository.
func gitEnv(tb testing.TB) {
	tb.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		tb.Skip("git not installed")
	}
	for k, v := range map[string]string{
		"GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@example.com",
		"GIT_COMMITTER_NAME": "C", "GIT_COMMITTER_EMAIL": "c@example.com",
		"GIT_CONFIG_GLOBAL": os.DevNull, "GIT_CONFIG_NOSYSTEM": "1",
	} {
		tb.Setenv(k, v)
	}
	for _, k := range []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_CEILING_DIRECTORIES"} {
		tb.Setenv(k, "")
		os.Unsetenv(k)
	}
}

// gitRun runs git in dir, with both commit dates set to date unless empty.
func gitRun(tb testing.TB, dir, date string, args ...string) string {
	tb.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	if date != "" {
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		tb.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func writeFile(tb testing.TB, dir, name, content string) {
	tb.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		tb.Fatal(err)
	}
}

func commitAll(tb testing.TB, dir, date string) {
	tb.Helper()
	gitRun(tb, dir, date, "add", "-A")
	gitRun(tb, dir, date, "commit", "-q", "-m", "commit "+date)
}

// lines returns n numbered lines, enough for git to see a one-line edit as
// a rename with changes.
func lines(n int, tag string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "line %d of %s\n", i, tag)
	}
	return b.String()
}

const (
	date1 = "2024-03-01T10:00:00+02:00"
	date2 = "2024-03-02T11:30:00-05:00"
	date3 = "2024-03-03T12:00:00+05:30"
	date4 = "2024-03-04T13:00:00+09:00"
)

func TestLookup(t *testing.T) {
	gitEnv(t)
	dir := t.TempDir()
	gitRun(t, dir, "", "init", "-q")
	spaced := "notes/with space é.md"
	writeFile(t, dir, "a.md", "a1")
	writeFile(t, dir, "pure.md", "pure")
	writeFile(t, dir, "edited.md", lines(20, "edited"))
	writeFile(t, dir, "chain.md", "chain1")
	writeFile(t, dir, "sub/page.md", "page")
	writeFile(t, dir, spaced, "spaced")
	writeFile(t, dir, "modified.md", "m")
	writeFile(t, dir, "removed.md", "r")
	writeFile(t, dir, "gone.md", "g")
	commitAll(t, dir, date1)
	writeFile(t, dir, "only2.md", "2")
	writeFile(t, dir, "chain.md", "chain2")
	commitAll(t, dir, date2)
	writeFile(t, dir, "a.md", "a3")
	gitRun(t, dir, "", "mv", "pure.md", "pure2.md")
	gitRun(t, dir, "", "mv", "edited.md", "edited2.md")
	writeFile(t, dir, "edited2.md", lines(20, "edited")+"one more\n")
	gitRun(t, dir, "", "mv", "chain.md", "chain2.md")
	commitAll(t, dir, date3)
	gitRun(t, dir, "", "mv", "chain2.md", "sub/chain3.md")
	gitRun(t, dir, "", "rm", "-q", "gone.md")
	commitAll(t, dir, date4)
	// The work tree: edited, staged, untracked, deleted.
	writeFile(t, dir, "modified.md", "changed")
	writeFile(t, dir, "staged.md", "new")
	gitRun(t, dir, "", "add", "staged.md")
	writeFile(t, dir, "untracked.md", "u")
	if err := os.Remove(filepath.Join(dir, "removed.md")); err != nil {
		t.Fatal(err)
	}

	d, err := Load(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if d.Shallow() {
		t.Error("Shallow() = true for a full clone")
	}
	tests := []struct {
		name, path string
		want       string // RFC 3339, with the commit's offset
		reason     Reason
	}{
		{name: "changed in 1 and 3", path: "a.md", want: date3},
		{name: "changed only in 2", path: "only2.md", want: date2},
		{name: "only in 1", path: "sub/page.md", want: date1},
		{name: "pure rename", path: "pure2.md", want: date1},
		{name: "rename with changes", path: "edited2.md", want: date3},
		{name: "two pure renames", path: "sub/chain3.md", want: date2},
		{name: "spaces and UTF-8", path: spaced, want: date1},
		{name: "renamed away", path: "pure.md", reason: ReasonUntracked},
		{name: "deleted in a commit", path: "gone.md", reason: ReasonUntracked},
		{name: "modified", path: "modified.md", reason: ReasonUncommitted},
		{name: "staged new file", path: "staged.md", reason: ReasonUncommitted},
		{name: "deleted in work tree", path: "removed.md", reason: ReasonUncommitted},
		{name: "untracked", path: "untracked.md", reason: ReasonUntracked},
		{name: "never existed", path: "nothing.md", reason: ReasonUntracked},
		{name: "outside", path: "../elsewhere.md", reason: ReasonOutside},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, reason := d.Lookup(filepath.Join(dir, filepath.FromSlash(tt.path)))
			if reason != tt.reason {
				t.Fatalf("Lookup(%q) reason = %v, want %v", tt.path, reason, tt.reason)
			}
			if s := got.Format(time.RFC3339); tt.reason == ReasonNone && s != tt.want {
				t.Errorf("Lookup(%q) = %s, want %s", tt.path, s, tt.want)
			}
			if tt.reason != ReasonNone && !got.IsZero() {
				t.Errorf("Lookup(%q) = %v with reason %v, want zero time", tt.path, got, reason)
			}
		})
	}
}

func TestLookupPaths(t *testing.T) {
	gitEnv(t)
	dir := t.TempDir()
	gitRun(t, dir, "", "init", "-q")
	writeFile(t, dir, "content/docs/page.md", "p")
	writeFile(t, dir, "other/x.md", "x")
	commitAll(t, dir, date1)

	d, err := Load(t.Context(), filepath.Join(dir, "content", "docs")) // from a subfolder
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(dir, "other"))
	for _, path := range []string{
		filepath.Join(dir, "content", "docs", "page.md"),
		filepath.Join("..", "content", "docs", "page.md"),
		filepath.Join("..", "content", ".", "docs", "..", "docs", "page.md"),
	} {
		if got, reason := d.Lookup(path); reason != ReasonNone || got.Format(time.RFC3339) != date1 {
			t.Errorf("Lookup(%q) = %v, %v; want %s", path, got, reason, date1)
		}
	}
	if _, reason := d.Lookup(filepath.Join("..", "..")); reason != ReasonOutside {
		t.Errorf("Lookup(parent of the repository) reason = %v, want %v", reason, ReasonOutside)
	}
}

func TestShallow(t *testing.T) {
	gitEnv(t)
	dir := t.TempDir()
	gitRun(t, dir, "", "init", "-q")
	var dates []string
	for i := 1; i <= 5; i++ {
		date := fmt.Sprintf("2024-04-0%dT08:00:00+01:00", i)
		dates = append(dates, date)
		if i == 1 {
			writeFile(t, dir, "old.md", "old")
		}
		writeFile(t, dir, "latest.md", fmt.Sprint(i))
		commitAll(t, dir, date)
	}
	clone := filepath.Join(t.TempDir(), "clone")
	gitRun(t, dir, "", "clone", "-q", "--depth", "2", "file://"+filepath.ToSlash(dir), clone)

	d, err := Load(t.Context(), clone)
	if err != nil {
		t.Fatal(err)
	}
	if !d.Shallow() {
		t.Error("Shallow() = false for a clone --depth 2")
	}
	if got, reason := d.Lookup(filepath.Join(clone, "latest.md")); reason != ReasonNone || got.Format(time.RFC3339) != dates[4] {
		t.Errorf("Lookup(latest.md) = %v, %v; want %s", got, reason, dates[4])
	}
	if got, reason := d.Lookup(filepath.Join(clone, "old.md")); reason != ReasonShallow {
		t.Errorf("Lookup(old.md) = %v, %v; want %v", got, reason, ReasonShallow)
	}
	for _, s := range []string{"fetch-depth: 0", "git fetch --unshallow --filter=blob:none"} {
		if !strings.Contains(ShallowWarning, s) {
			t.Errorf("ShallowWarning does not mention %q", s)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	gitEnv(t)
	tests := []struct {
		name  string
		setup func(t *testing.T) (context.Context, string)
		want  error
	}{
		{name: "git missing", want: ErrNoGit, setup: func(t *testing.T) (context.Context, string) {
			dir := t.TempDir()
			t.Setenv("PATH", t.TempDir())
			return t.Context(), dir
		}},
		{name: "not a repository", want: ErrNotRepository, setup: func(t *testing.T) (context.Context, string) {
			dir := t.TempDir()
			t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(dir)) // even if TMPDIR is in a work tree
			return t.Context(), dir
		}},
		{name: "no commits", want: ErrNoCommits, setup: func(t *testing.T) (context.Context, string) {
			dir := t.TempDir()
			gitRun(t, dir, "", "init", "-q")
			writeFile(t, dir, "a.md", "a")
			return t.Context(), dir
		}},
		{name: "canceled", want: context.Canceled, setup: func(t *testing.T) (context.Context, string) {
			ctx, cancel := context.WithCancel(t.Context())
			cancel()
			return ctx, t.TempDir()
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, dir := tt.setup(t)
			d, err := Load(ctx, dir)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Load() = %v, %v; want error %v", d, err, tt.want)
			}
		})
	}
}

// TestTopLevel: the top of the work tree that holds a subfolder, as the
// history Load reads there says it, and Load's error outside one.
func TestTopLevel(t *testing.T) {
	gitEnv(t)
	dir := t.TempDir()
	sub := filepath.Join(dir, "docs")
	writeFile(t, sub, "index.rst", "x")
	gitRun(t, dir, "", "init", "-q")
	commitAll(t, dir, "2024-01-01T00:00:00Z")
	d, err := Load(t.Context(), sub)
	if err != nil {
		t.Fatal(err)
	}
	if top, err := TopLevel(t.Context(), sub); err != nil || top != d.Top() {
		t.Errorf("TopLevel(docs) = %q, %v; want %q, Load's", top, err, d.Top())
	}
	out := t.TempDir()
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(out))
	if top, err := TopLevel(t.Context(), out); !errors.Is(err, ErrNotRepository) {
		t.Errorf("TopLevel outside a work tree = %q, %v; want %v", top, err, ErrNotRepository)
	}
}

// BenchmarkLoad loads a repository of 10,000 files and 1,000 commits, each
// after the first touching 10 to 30 files:
//
//	go test ./gitdates -run '^$' -bench Load -benchtime 3x
func BenchmarkLoad(b *testing.B) {
	dir, name := benchRepo(b)
	b.ReportAllocs()
	for b.Loop() {
		d, err := Load(b.Context(), dir)
		if err != nil {
			b.Fatal(err)
		}
		if _, reason := d.Lookup(filepath.Join(dir, name(benchFiles-1))); reason != ReasonNone {
			b.Fatalf("Lookup(%s) reason = %v", name(benchFiles-1), reason)
		}
	}
}

const benchFiles = 10000

// benchRepo makes a repository of 10,000 files in 1,000 commits, each of
// the 999 after the first changing 10 to 30 of them, and returns it and
// the name of file i.
func benchRepo(b *testing.B) (string, func(int) string) {
	return benchRepoOf(b, benchFiles, 1000)
}

// benchRepoOf is benchRepo with files files in commits commits.
func benchRepoOf(b *testing.B, files, commits int) (string, func(int) string) {
	gitEnv(b)
	start := time.Now()
	dir := b.TempDir()
	gitRun(b, dir, "", "init", "-q")
	var stream strings.Builder
	rng := rand.New(rand.NewPCG(1, 2))
	name := func(i int) string { return fmt.Sprintf("section%02d/part%d/page %05d.md", i%50, i%7, i) }
	for c := range commits {
		fmt.Fprintf(&stream, "commit refs/heads/main\ncommitter C <c@example.com> %d +0200\ndata 7\ncommit\n", 1700000000+c*3600)
		touch := rng.IntN(21) + 10
		if c == 0 {
			touch = files
		}
		for i := range touch {
			f := i
			if c > 0 {
				f = rng.IntN(files)
			}
			content := fmt.Sprintf("page %d, revision %d\n", f, c)
			fmt.Fprintf(&stream, "M 100644 inline %s\ndata %d\n%s\n", name(f), len(content), content)
		}
	}
	cmd := exec.Command("git", "-C", dir, "fast-import", "--quiet")
	cmd.Stdin = strings.NewReader(stream.String())
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("git fast-import: %v\n%s", err, out)
	}
	gitRun(b, dir, "", "symbolic-ref", "HEAD", "refs/heads/main")
	gitRun(b, dir, "", "reset", "-q", "--hard")
	b.Logf("created %d files in %d commits in %v", files, commits, time.Since(start).Round(time.Millisecond))
	return dir, name
}

// TestAuthorDates: with Options.AuthorDates a file is dated by its newest
// commit's author date, as Hugo's GitInfo dates it; by default by the
// committer date (they differ after a rebase or a cherry-pick).
func TestAuthorDates(t *testing.T) {
	gitEnv(t)
	dir := t.TempDir()
	gitRun(t, dir, "2024-01-01T00:00:00Z", "init", "-q")
	writeFile(t, dir, "a.md", "a")
	gitRun(t, dir, "2024-01-01T00:00:00Z", "add", "a.md")
	cmd := exec.Command("git", "commit", "-q", "-m", "a")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE=2024-02-02T00:00:00Z", "GIT_COMMITTER_DATE=2024-03-03T00:00:00Z")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git commit: %v\n%s", err, out)
	}
	for _, tt := range []struct {
		opts Options
		want string
	}{{Options{}, "2024-03-03"}, {Options{AuthorDates: true}, "2024-02-02"}} {
		d, err := LoadWith(context.Background(), dir, tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		if got, r := d.Lookup(filepath.Join(dir, "a.md")); r != ReasonNone || got.UTC().Format(time.DateOnly) != tt.want {
			t.Errorf("%+v: %v (%v), want %s", tt.opts, got, r, tt.want)
		}
	}
}

// TestRenamesChange: with Options.RenamesChange, as Hugo's GitInfo dates
// pages, a file renamed without a change is dated by the rename; without
// it, by the last change made under its old name.
func TestRenamesChange(t *testing.T) {
	gitEnv(t)
	dir := t.TempDir()
	gitRun(t, dir, "", "init", "-q")
	writeFile(t, dir, "old.md", "text")
	writeFile(t, dir, "chain.md", "chain")
	commitAll(t, dir, date1)
	gitRun(t, dir, "", "mv", "old.md", "new.md")
	gitRun(t, dir, "", "mv", "chain.md", "chain2.md")
	commitAll(t, dir, date2)
	gitRun(t, dir, "", "mv", "chain2.md", "chain3.md")
	commitAll(t, dir, date3)
	for _, tt := range []struct {
		opts       Options
		new, chain string
	}{
		{Options{}, date1, date1},
		{Options{RenamesChange: true}, date2, date3},
	} {
		d, err := LoadWith(t.Context(), dir, tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		for path, want := range map[string]string{"new.md": tt.new, "chain3.md": tt.chain} {
			if got, r := d.Lookup(filepath.Join(dir, path)); r != ReasonNone || got.Format(time.RFC3339) != want {
				t.Errorf("%+v: %s: %v (%v), want %s", tt.opts, path, got, r, want)
			}
		}
	}
}

// renameHistory makes, in dir, a history whose rename detection must read
// file contents: a.md renamed to b.md with a change (date2), beside a pure
// rename (pure.md to pure2.md, date2) and files that are never renamed.
// It returns the hash of a.md's blob, which only rename detection reads.
func renameHistory(t *testing.T, dir string) string {
	t.Helper()
	writeFile(t, dir, "a.md", lines(20, "a"))
	writeFile(t, dir, "pure.md", "pure")
	writeFile(t, dir, "keep.md", "keep 1")
	writeFile(t, dir, "sub/old.md", "old")
	commitAll(t, dir, date1)
	gitRun(t, dir, "", "mv", "a.md", "b.md")
	writeFile(t, dir, "b.md", lines(20, "a")+"one more\n")
	gitRun(t, dir, "", "mv", "pure.md", "pure2.md")
	commitAll(t, dir, date2)
	writeFile(t, dir, "keep.md", "keep 3")
	commitAll(t, dir, date3)
	return strings.TrimSpace(gitRun(t, dir, "", "rev-parse", "HEAD~2:a.md"))
}

// checkDates checks the date Lookup gives each file of want (slash paths
// in dir).
func checkDates(t *testing.T, d *Dates, dir string, want map[string]string) {
	t.Helper()
	for path, date := range want {
		got, reason := d.Lookup(filepath.Join(dir, filepath.FromSlash(path)))
		if reason != ReasonNone || got.Format(time.RFC3339) != date {
			t.Errorf("Lookup(%q) = %v, %v; want %s", path, got, reason, date)
		}
	}
}

// TestUnreadableBlob deletes, from a repository's objects, the blob of a
// file that was later renamed with a change: git log -M cannot read it.
// The history is read again without rename detection: every file keeps
// its date but the pure rename, dated by the rename, and Unreadable names
// the object.
func TestUnreadableBlob(t *testing.T) {
	gitEnv(t)
	dir := t.TempDir()
	gitRun(t, dir, "", "init", "-q")
	blob := renameHistory(t, dir)
	if err := os.Remove(filepath.Join(dir, ".git", "objects", blob[:2], blob[2:])); err != nil {
		t.Fatal(err) // a fresh repository keeps its objects loose
	}
	d, err := Load(t.Context(), dir)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if d.Unreadable() != blob {
		t.Errorf("Unreadable() = %q, want %s", d.Unreadable(), blob)
	}
	checkDates(t, d, dir, map[string]string{
		"keep.md": date3, "sub/old.md": date1, "b.md": date2,
		"pure2.md": date2, // renames not followed: its rename's date, not date1
	})
	if w := UnreadableWarning(blob); !strings.Contains(w, blob) || !strings.Contains(w, "renamed without a change is dated by its rename") {
		t.Errorf("UnreadableWarning = %q", w)
	}

	// Hugo's rule dates a rename by the rename: nothing is lost, and
	// rename detection, which reads the blob, is not needed at all.
	d, err = LoadWith(t.Context(), dir, Options{RenamesChange: true})
	if err != nil {
		t.Fatalf("LoadWith RenamesChange: %v", err)
	}
	if d.Unreadable() != "" {
		t.Errorf("with RenamesChange, Unreadable() = %q, want none", d.Unreadable())
	}
	checkDates(t, d, dir, map[string]string{"keep.md": date3, "b.md": date2, "pure2.md": date2})
}

// TestPartialClone reads the history of a partial clone (--filter=blob:none)
// of a repository with a rename with changes: the old blobs are not there,
// and git must not fetch them (which would need the network). Load reads
// the dates without them, and the clone lacks as many objects after as
// before.
func TestPartialClone(t *testing.T) {
	gitEnv(t)
	src := filepath.Join(t.TempDir(), "src")
	gitRun(t, "", "", "init", "-q", src)
	gitRun(t, src, "", "config", "uploadpack.allowFilter", "true")
	blob := renameHistory(t, src)
	clone := filepath.Join(t.TempDir(), "clone")
	gitRun(t, "", "", "clone", "-q", "--filter=blob:none", "file://"+filepath.ToSlash(src), clone)
	missing := func() string {
		var ids []string
		for _, ln := range strings.Split(gitRun(t, clone, "", "rev-list", "--objects", "--all", "--missing=print"), "\n") {
			if id, ok := strings.CutPrefix(ln, "?"); ok {
				ids = append(ids, id)
			}
		}
		return strings.Join(ids, " ")
	}
	before := missing()
	if !strings.Contains(before, blob) {
		t.Fatalf("the partial clone has a.md's blob %s; missing: %q", blob, before)
	}
	d, err := Load(t.Context(), clone)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if after := missing(); after != before {
		t.Errorf("git fetched objects: missing before %q, after %q", before, after)
	}
	if d.Unreadable() == "" || !strings.Contains(before, d.Unreadable()) {
		t.Errorf("Unreadable() = %q, want one of the missing %q", d.Unreadable(), before)
	}
	checkDates(t, d, clone, map[string]string{"keep.md": date3, "sub/old.md": date1, "b.md": date2, "pure2.md": date2})
}

// TestRepositoryCommandsNotRun: a repository whose configuration names
// commands (core.fsmonitor, which git status runs; hooks; a pager; an
// external diff and a textconv driver for its pages; ssh; a clean, a
// smudge and a process filter its attributes give its files, one named
// with an "=" that -c cannot name; a submodule's own clean filter; a
// gpg.program that log.showSignature runs on its signed HEAD) gets its
// dates read, and none of the commands runs, though its filtered files
// are touched, so that git status must read them again.
func TestRepositoryCommandsNotRun(t *testing.T) {
	gitEnv(t)
	dir := t.TempDir()
	gitRun(t, dir, "", "init", "-q")
	writeFile(t, dir, "a.md", "a1")
	writeFile(t, dir, ".gitattributes", "*.md diff=evil\n*.c filter=cl\n*.p filter=pr\n*.q filter=a=b\n")
	commitAll(t, dir, date1)
	writeFile(t, dir, "a.md", "a2")
	for _, name := range []string{"f.c", "f.p", "f.q"} {
		writeFile(t, dir, name, "filtered "+name)
	}
	// A submodule, its work tree inside the repository: git status asks
	// it about its own files, with its own configuration.
	sub := filepath.Join(dir, "sub")
	gitRun(t, dir, "", "init", "-q", "sub")
	writeFile(t, sub, ".gitattributes", "*.c filter=subcl\n")
	writeFile(t, sub, "s.c", "s")
	commitAll(t, sub, date1)
	commitAll(t, dir, date2)
	// HEAD signed (a signature git cannot check: it runs gpg.program to
	// try), for log.showSignature.
	raw := gitRun(t, dir, "", "cat-file", "commit", "HEAD")
	head, msg, _ := strings.Cut(raw, "\n\n")
	cmd := exec.Command("git", "-C", dir, "hash-object", "-t", "commit", "-w", "--literally", "--stdin")
	cmd.Stdin = strings.NewReader(head + "\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n\n" + msg)
	signed, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	gitRun(t, dir, "", "update-ref", "HEAD", strings.TrimSpace(string(signed)))
	marker := filepath.Join(t.TempDir(), "ran")
	evil := filepath.Join(t.TempDir(), "evil.sh")
	if err := os.WriteFile(evil, []byte("#!/bin/sh\necho \"$0 $*\" >> "+marker+"\ncat\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	hooks := filepath.Join(dir, ".git", "hooks")
	for _, h := range []string{"post-checkout", "post-index-change", "reference-transaction"} {
		if err := os.WriteFile(filepath.Join(hooks, h), []byte("#!/bin/sh\necho hook >> "+marker+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, kv := range [][2]string{
		{"core.fsmonitor", evil}, {"core.pager", evil}, {"pager.log", evil}, {"pager.status", evil},
		{"diff.external", evil}, {"diff.evil.textconv", evil}, {"diff.evil.command", evil},
		{"core.sshCommand", evil}, {"core.hooksPath", hooks},
		{"filter.cl.clean", evil + " clean"}, {"filter.cl.smudge", evil + " smudge"}, {"filter.cl.required", "true"},
		{"filter.pr.process", evil + " process"},
		{"filter.a=b.clean", evil + " eqclean"}, {"filter.a=b.required", "true"},
		{"log.showSignature", "true"}, {"gpg.program", evil},
	} {
		gitRun(t, dir, "", "config", kv[0], kv[1])
	}
	gitRun(t, sub, "", "config", "filter.subcl.clean", evil+" subclean")
	// Touched, the filtered files' content must be read again to tell
	// whether it changed: git status's moment to run their filters.
	later := time.Now().Add(time.Hour)
	for _, p := range []string{filepath.Join(dir, "f.c"), filepath.Join(dir, "f.p"), filepath.Join(dir, "f.q"), filepath.Join(sub, "s.c")} {
		if err := os.Chtimes(p, later, later); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, dir, "untracked.md", "u") // git status looks at the worktree: fsmonitor's moment
	d, err := LoadWith(context.Background(), dir, Options{Track: true})
	if err != nil {
		t.Fatal(err)
	}
	checkDates(t, d, dir, map[string]string{"a.md": date2, "f.c": date2, "f.p": date2, "f.q": date2})
	// The whole history's dates and its last commit are read by git logs
	// of their own: they show the signed HEAD too.
	if _, err := d.RepoCommits(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := d.LastCommit(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Refresh(context.Background(), []string{filepath.Join(dir, "f.c"), filepath.Join(dir, "f.p"), filepath.Join(dir, "sub")}); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "a.md", "a3")
	if _, _, err := d.Reload(context.Background()); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(marker); err == nil {
		t.Errorf("the repository's commands ran:\n%s", b)
	}
	// The control: plain git status and git log, as the repository
	// configures them, do run its fsmonitor, its filters and its gpg;
	// without it the check above could not fail.
	for _, args := range [][]string{{"status"}, {"log", "-1"}} {
		cmd := exec.Command("git", append([]string{"-C", dir, "--no-pager"}, args...)...)
		cmd.Env = os.Environ()
		cmd.Run()
	}
	ran, _ := os.ReadFile(marker)
	for what, want := range map[string]string{
		"core.fsmonitor": `evil\.sh [12] `, // the hook's version, then its token
		"clean filter":   `evil\.sh clean`, "process filter": `evil\.sh process`,
		"filter named with =": `evil\.sh eqclean`, "submodule's clean filter": `evil\.sh subclean`,
		"gpg.program": `evil\.sh .*--verify`,
	} {
		if !regexp.MustCompile(want).Match(ran) {
			t.Errorf("plain git status ran no %s: the test no longer tests it; it ran:\n%s", what, ran)
		}
	}
}

// TestBadCommitDate: a commit whose date git accepts and Go's parser
// does not (a zone of -9959; a year past 9999) costs only the files it
// last changed their date; the rest keep theirs, and BadDates says so.
func TestBadCommitDate(t *testing.T) {
	gitEnv(t)
	dir := t.TempDir()
	gitRun(t, dir, "", "init", "-q")
	writeFile(t, dir, "a.md", "a1")
	writeFile(t, dir, "b.md", "b1")
	writeFile(t, dir, "c.md", "c1")
	commitAll(t, dir, date1)
	writeFile(t, dir, "b.md", "b2")
	commitAll(t, dir, date2)
	badCommit(t, dir, "1700000000 -9959") // git log: 2023-11-10T18:14:20-99:59
	writeFile(t, dir, "c.md", "c2")
	commitAll(t, dir, date2)
	badCommit(t, dir, "300000000000 +0000") // git log: 11476-08-15T05:20:00+00:00
	d, err := Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	checkDates(t, d, dir, map[string]string{"a.md": date1})
	for _, name := range []string{"b.md", "c.md"} {
		if when, why := d.Lookup(filepath.Join(dir, name)); !when.IsZero() || why != ReasonBadDate {
			t.Errorf("%s: %v, %v; want no date, %v", name, when, why, ReasonBadDate)
		}
	}
	n, first := d.BadDates()
	if n != 2 || first == "" {
		t.Errorf("BadDates = %d, %q; want 2 and the first", n, first)
	}
	if w := BadDatesWarning(n, first); !strings.Contains(w, "2 commits") || !strings.Contains(w, "the rest keep theirs") {
		t.Errorf("warning %q", w)
	}
}

// badCommit replaces HEAD of the repository in dir by a commit of its
// content with the committer's date stamp ("1700000000 -9959"). git
// commit refuses such dates; such commits are made by other tools (or
// by hand), and git log prints them as they are.
func badCommit(t *testing.T, dir, stamp string) {
	t.Helper()
	raw := gitRun(t, dir, "", "cat-file", "commit", "HEAD")
	raw = regexp.MustCompile(`(?m)^committer (.*>) \d+ [+-]\d{4}$`).ReplaceAllString(raw, "committer $1 "+stamp)
	cmd := exec.Command("git", "-C", dir, "hash-object", "-t", "commit", "-w", "--literally", "--stdin")
	cmd.Stdin = strings.NewReader(raw)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	gitRun(t, dir, "", "update-ref", "HEAD", strings.TrimSpace(string(out)))
}

// TestParseErrorsQuoteExcerpts: output git should not give (an entry of
// git status, a token of git log) megabytes long is an error of bounded
// length: it quotes an excerpt.
func TestParseErrorsQuoteExcerpts(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	_, err := parseStatus([]byte(long + "\x00"))
	h := &history{files: map[string]int32{}, waiting: map[string][]waiter{}}
	lerr := h.parse(strings.NewReader(long[:64<<10]+"\x00"), nil)
	for _, err := range []error{err, lerr} {
		if err == nil || len(err.Error()) > 200 {
			t.Errorf("error %.200q (%d bytes), want one of at most 200 bytes", err, len(fmt.Sprint(err)))
		}
	}
}

// TestFolderMoved: Load over a folder (a generator's source folder) that
// was moved into place by git mv, whose log over the folder alone shows
// its files as added by the move: a file renamed in unchanged keeps the
// date of its last change under its old path, as in a log over the whole
// repository (issue 55, found by the corpus on federicosimonetta), across
// two moves; one renamed in with a change, or edited after the move, is
// dated by that change. With RenamesChange (Hugo's GitInfo), the move
// dates them all, as before.
func TestFolderMoved(t *testing.T) {
	gitEnv(t)
	const date6 = "2024-03-06T09:00:00Z"
	dir := t.TempDir()
	gitRun(t, dir, "", "init", "-q")
	writeFile(t, dir, "src/content/a.md", "a")
	writeFile(t, dir, "src/content/deep/b.md", "b")
	writeFile(t, dir, "src/content/c.md", lines(20, "c"))
	writeFile(t, dir, "src/content/d.md", "d")
	commitAll(t, dir, date1)
	writeFile(t, dir, "src/content/a.md", "a, again")
	commitAll(t, dir, date2)
	gitRun(t, dir, "", "mv", "src/content", "site")
	writeFile(t, dir, "site/c.md", lines(20, "c")+"one more\n")
	commitAll(t, dir, date3)
	gitRun(t, dir, "", "mv", "site", "content")
	commitAll(t, dir, date4)
	writeFile(t, dir, "content/d.md", "d, again")
	commitAll(t, dir, date6)
	for _, tt := range []struct {
		opts Options
		want map[string]string
	}{
		{Options{}, map[string]string{"content/a.md": date2, "content/deep/b.md": date1, "content/c.md": date3, "content/d.md": date6}},
		{Options{RenamesChange: true}, map[string]string{"content/a.md": date4, "content/deep/b.md": date4, "content/c.md": date4, "content/d.md": date6}},
	} {
		d, err := LoadWith(t.Context(), filepath.Join(dir, "content"), tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%+v", tt.opts)
		checkDates(t, d, dir, tt.want)
	}
}

// TestCommitted: Committed knows the date of each commit read, to the
// second, in any zone, and no other time: not a second later, not the
// same second with a fraction, not a commit made after the Dates were
// read until they are read again (Refresh keeps the history; Reload
// reads the new commit).
func TestCommitted(t *testing.T) {
	gitEnv(t)
	dir := t.TempDir()
	gitRun(t, dir, "", "init", "-q")
	writeFile(t, dir, "a.md", "a")
	commitAll(t, dir, "2024-01-01T10:00:00Z")
	writeFile(t, dir, "b.md", "b")
	commitAll(t, dir, "2024-02-02T10:00:00+02:00")
	d, err := LoadWith(context.Background(), dir, Options{Track: true})
	if err != nil {
		t.Fatal(err)
	}
	second := time.Date(2024, 2, 2, 8, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		t    time.Time
		want bool
	}{
		{time.Date(2024, 1, 1, 10, 0, 0, 0, time.UTC), true},
		{second, true},
		{second.In(time.FixedZone("", -5*3600)), true},
		{second.Add(time.Second), false},
		{second.Add(time.Millisecond), false},
	} {
		if got := d.Committed(tt.t); got != tt.want {
			t.Errorf("Committed(%v) = %v, want %v", tt.t, got, tt.want)
		}
	}
	writeFile(t, dir, "c.md", "c")
	commitAll(t, dir, "2024-03-03T10:00:00Z")
	third := time.Date(2024, 3, 3, 10, 0, 0, 0, time.UTC)
	n, err := d.Refresh(context.Background(), []string{filepath.Join(dir, "c.md")})
	if err != nil {
		t.Fatal(err)
	}
	if n.Committed(third) || !n.Committed(second) {
		t.Errorf("after Refresh: Committed(%v) %v, Committed(%v) %v; want false, true", third, n.Committed(third), second, n.Committed(second))
	}
	n, _, err = n.Reload(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !n.Committed(third) || !n.Committed(second) {
		t.Errorf("after Reload: Committed(%v) %v, Committed(%v) %v; want both", third, n.Committed(third), second, n.Committed(second))
	}
}

// builtRepo makes a repository whose output folder dist/ git ignores,
// with one commit of a source, src/a.md, on 2024-01-01 at 10:00 UTC.
func builtRepo(t *testing.T) string {
	t.Helper()
	gitEnv(t)
	dir := t.TempDir()
	gitRun(t, dir, "", "init", "-q")
	writeFile(t, dir, ".gitignore", "dist/\n")
	writeFile(t, dir, "src/a.md", "a")
	commitAll(t, dir, "2024-01-01T10:00:00Z")
	return dir
}

// TestLastCommit: the newest commit of the folder's history, or, for a
// folder no commit touched (an ignored output folder), HEAD's; after
// Reload, the commits made since count.
func TestLastCommit(t *testing.T) {
	dir := builtRepo(t)
	writeFile(t, dir, "README", "r")
	commitAll(t, dir, "2024-02-02T10:00:00+02:00")
	writeFile(t, dir, "dist/index.html", "built")
	for _, tt := range []struct {
		folder string
		want   time.Time
	}{
		{"src", time.Date(2024, 1, 1, 10, 0, 0, 0, time.UTC)}, // its own history
		{".", time.Date(2024, 2, 2, 8, 0, 0, 0, time.UTC)},    // the whole tree
		{"dist", time.Date(2024, 2, 2, 8, 0, 0, 0, time.UTC)}, // none: HEAD's
	} {
		d, err := LoadWith(context.Background(), filepath.Join(dir, tt.folder), Options{Track: true})
		if err != nil {
			t.Fatal(err)
		}
		got, err := d.LastCommit(context.Background())
		if err != nil || !got.Equal(tt.want) {
			t.Errorf("%s: LastCommit() = %v, %v; want %v", tt.folder, got, err, tt.want)
		}
		if tt.folder != "dist" {
			continue
		}
		writeFile(t, dir, "README", "r2")
		commitAll(t, dir, "2024-03-03T10:00:00Z")
		n, _, err := d.Reload(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if got, err := n.LastCommit(context.Background()); err != nil || !got.Equal(time.Date(2024, 3, 3, 10, 0, 0, 0, time.UTC)) {
			t.Errorf("dist after a commit and Reload: LastCommit() = %v, %v; want 2024-03-03T10:00:00Z", got, err)
		}
	}
}

// TestRepoCommits: for a folder no commit touched, the author's and the
// committer's dates of every commit of HEAD's history, whatever files it
// changed.
func TestRepoCommits(t *testing.T) {
	dir := builtRepo(t)
	writeFile(t, dir, "src/fr/a.md", "a")
	gitRun(t, dir, "", "add", "-A")
	cmd := exec.Command("git", "-C", dir, "commit", "-q", "-m", "translation")
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE=2024-02-02T10:00:00Z", "GIT_COMMITTER_DATE=2024-03-03T10:00:00Z")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git commit: %v\n%s", err, out)
	}
	writeFile(t, dir, "dist/index.html", "built")
	d, err := Load(context.Background(), filepath.Join(dir, "dist"))
	if err != nil {
		t.Fatal(err)
	}
	committed, err := d.RepoCommits(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		date string
		want bool
	}{
		{"2024-01-01T10:00:00Z", true},
		{"2024-02-02T10:00:00Z", true}, // the author's
		{"2024-03-03T10:00:00Z", true}, // the committer's
		{"2024-03-03T10:00:01Z", false},
	} {
		at, _ := time.Parse(time.RFC3339, tt.date)
		if got := committed(at.Unix()); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.date, got, tt.want)
		}
	}
}

// TestCommitFiles: how many files the commits of a date changed, each
// file once, up to the limit: two commits of one date (as a rebase
// gives) count together, an empty commit changes none, and a date no
// commit has is not answered.
func TestCommitFiles(t *testing.T) {
	dir := builtRepo(t) // .gitignore and src/a.md, 2024-01-01T10:00:00Z
	writeFile(t, dir, "src/b.md", "b")
	writeFile(t, dir, "src/c.md", "c")
	commitAll(t, dir, "2024-02-02T10:00:00Z")
	writeFile(t, dir, "src/c.md", "c2")
	writeFile(t, dir, "src/d.md", "d")
	commitAll(t, dir, "2024-02-02T10:00:00Z")
	gitRun(t, dir, "2024-03-03T10:00:00Z", "commit", "-q", "--allow-empty", "-m", "empty")
	writeFile(t, dir, "dist/index.html", "built")
	d, err := Load(context.Background(), filepath.Join(dir, "dist"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.RepoCommits(context.Background()); err != nil {
		t.Fatal(err)
	}
	at := func(s string) int64 {
		tm, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return tm.Unix()
	}
	jan, feb, mar, apr := at("2024-01-01T10:00:00Z"), at("2024-02-02T10:00:00Z"), at("2024-03-03T10:00:00Z"), at("2024-04-04T10:00:00Z")
	for _, tt := range []struct {
		limit int
		want  map[int64]int
	}{
		{10, map[int64]int{jan: 2, feb: 3, mar: 0}}, // jan: .gitignore and a; feb: b, c and d, c once
		{2, map[int64]int{jan: 2, feb: 2, mar: 0}},
		{10, map[int64]int{jan: 2, feb: 3, mar: 0}}, // counted again past the limit before
	} {
		got, err := d.CommitFiles(context.Background(), []int64{jan, feb, mar, apr}, tt.limit)
		if err != nil {
			t.Fatal(err)
		}
		if !maps.Equal(got, tt.want) {
			t.Errorf("limit %d: CommitFiles = %v, want %v", tt.limit, got, tt.want)
		}
	}
}
