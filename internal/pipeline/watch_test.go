package pipeline

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/watch"
)

var watchSeed = flag.Uint64("watch.seed", 0, "seed of TestWatchMatchesRun's operations (0: from the clock; the test logs it)")

// TestWatchMatchesRun is the property of watch mode: after any sequence of
// file operations and a quiet debounce, what a Session fed by the real
// watcher wrote equals what a fresh Run writes for the tree as it is, byte
// for byte. The operations are random, from a logged seed (-watch.seed
// replays one): pages written, edited and removed, touched (os.Chtimes:
// the modification time is each page's lastmod here), made unreadable and
// readable again (chmod 000 and back), hard-linked, replaced by a folder
// holding an index.html and back, folders made, renamed and removed; and
// the Session's own output removed or overwritten by someone else (its
// folder is watched, as watch mode watches the site that holds it); a
// folder replaced by a symbolic link to it (mv blog blog.old; ln -s
// blog.old blog), and a link at the root swapped atomically for one to
// another folder (ln -sfn v2 tmp; mv -T tmp cur), with follow_symlinks on
// and off. The folders links point to are left alone afterwards: a change
// inside one is reported at its own path only (docs/watch.md, Limits). Each
// step ends by writing a marker file and waits until the batch that holds
// it is built: the events of one inotify queue come in order, so every
// earlier operation has been seen by then.
func TestWatchMatchesRun(t *testing.T) {
	seed := *watchSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("seed %d (-watch.seed %[1]d replays it)", seed)
	// Each way of watching (docs/watch.md, Limits): inotify; fanotify, as
	// root; the scan of every folder; the upper folders watched and the
	// others scanned.
	// "walked" is inotify with the first build after Ready, its walk
	// adding the watches (watch.Walk), as watch mode builds.
	for _, mode := range []struct {
		name   string
		opts   watch.Options
		walked bool
	}{
		{"inotify", watch.Options{NoFanotify: true}, false},
		{"walked", watch.Options{NoFanotify: true}, true},
		{"fanotify", watch.Options{}, false},
		{"scan", watch.Options{NoFanotify: true, MaxWatches: 1, Poll: 10 * time.Millisecond}, false},
		{"capped", watch.Options{NoFanotify: true, MaxWatches: 5, Poll: 10 * time.Millisecond}, false},
	} {
		t.Run(mode.name, func(t *testing.T) {
			if mode.name == "fanotify" && os.Geteuid() != 0 {
				t.Skip("fanotify needs root (CI runs the tests as root)")
			}
			watchMatchesRun(t, seed, mode.opts, mode.walked)
		})
	}
}

// watchMatchesRun is TestWatchMatchesRun with the watcher so set.
func watchMatchesRun(t *testing.T, seed uint64, wopts watch.Options, walked bool) {
	for _, variant := range []struct {
		name string
		opts func(o *Options)
	}{
		{"default", func(o *Options) {}},
		// The mtime guard judges the whole set: a touch may tip it.
		{"mtime guarded", func(o *Options) { o.GuardMTime = true }},
		{"follow symlinks", func(o *Options) { o.Walk.FollowSymlinks = true }},
	} {
		t.Run(variant.name, func(t *testing.T) {
			root, out := t.TempDir(), t.TempDir()
			c := &opsChanger{siteChanger: siteChanger{t: t, root: root, rng: rand.New(rand.NewPCG(seed, 2))}, out: out}
			c.frozen = map[string]bool{"v1": true, "v2": true}
			c.write("v1/one.html", "<title>one</title>", time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
			c.write("v2/two.html", "<title>two</title>", time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC))
			var s *Session
			var opts Options
			var k *watch.Walk
			if walked {
				var err error
				if k, err = watch.NewWalk(root); err != nil {
					t.Fatal(err)
				}
			} else {
				s, opts = startSite(&c.siteChanger, 22, out, variant.opts)
			}
			started := make(chan struct{}) // s is set
			if !walked {
				close(started)
			}
			built := make(chan []string, 64)
			ready := make(chan struct{})
			ctx, cancel := context.WithCancel(t.Context())
			done := make(chan error, 1)
			passed := make(chan struct{}, 1)
			wo := wopts
			wo.Roots, wo.Debounce, wo.Ready = []string{root, out}, 10*time.Millisecond, func() { close(ready) }
			watching := make(chan struct{})
			wo.Walk, wo.Watching = k, func() { close(watching) }
			wo.Passed = func() {
				select {
				case passed <- struct{}{}:
				default:
				}
			}
			go func() {
				done <- watch.Run(ctx, wo, func(b watch.Batch) {
					<-started
					s.Update(ctx, b.Paths, b.Folders) // an error leaves the next update a whole build
					built <- b.Paths
				})
			}()
			defer func() {
				cancel()
				if err := <-done; err != nil {
					t.Error(err)
				}
			}()
			<-ready
			if walked {
				s, opts = startSite(&c.siteChanger, 22, out, func(o *Options) {
					variant.opts(o)
					o.Walk.Folders = k.Folders
				})
				opts.Walk.Folders = nil
				close(started)
				k.Done(true)
			}
			<-watching
			for step := range 25 {
				_, dirs := c.unfrozen()
				c.watched = append(dirs, "")
				var ops []string
				for range 1 + c.rng.IntN(3) {
					ops = append(ops, c.op())
				}
				// A scan finds the changes in the order it looks at the
				// folders, not as they were made: once the mark is seen,
				// two whole passes more, then a second mark.
				marks := 1
				if wo.MaxWatches > 0 {
					marks = 2
				}
				for m := range marks {
					name := fmt.Sprintf("mark-%d-%d.txt", step, m)
					mark := filepath.Join(root, name)
					c.write(name, "", time.Time{})
					deadline := time.After(30 * time.Second)
					for seen := false; !seen; {
						select {
						case paths := <-built:
							seen = slices.Contains(paths, mark)
						case <-deadline:
							t.Fatalf("seed %d step %d: no rebuild of %s after 30s", seed, step, mark)
						}
					}
					if m+1 < marks {
						drain(passed)
						for range 2 {
							select {
							case <-passed:
							case <-time.After(30 * time.Second):
								t.Fatalf("seed %d step %d: no pass of the scan after 30s", seed, step)
							}
						}
					}
				}
				sameAsRun(t, fmt.Sprintf("seed %d step %d %v", seed, step, ops), opts, out)
			}
		})
	}
}

// drain empties c.
func drain(c chan struct{}) {
	for {
		select {
		case <-c:
		default:
			return
		}
	}
}

// opsChanger makes the random operations of TestWatchMatchesRun.
type opsChanger struct {
	siteChanger
	// watched are the folders at the start of the step, whose watches the
	// watcher has added: a hard link is made in one of them. Made in a
	// folder made in the same step, written through and removed before
	// the watcher adds the folder's watch, it changes its other name
	// unseen: inotify reports the write to the folder the name is in, and
	// nothing to the folder of the other name (docs/watch.md, Limits).
	watched []string
	out     string // the Session's output folder
	// frozen are the folders links point to, left alone: v1 and v2, and
	// each folder a link replaced.
	frozen map[string]bool
}

// unfrozen returns the files and folders outside the frozen folders.
func (c *opsChanger) unfrozen() (files, dirs []string) {
	files, dirs = c.files()
	in := func(rel string) bool {
		for i := range len(rel) + 1 {
			if (i == len(rel) || rel[i] == '/') && c.frozen[rel[:i]] {
				return true
			}
		}
		return false
	}
	return slices.DeleteFunc(files, in), slices.DeleteFunc(dirs, in)
}

// op makes one random operation and says what it did.
func (c *opsChanger) op() string {
	files, dirs := c.unfrozen()
	files = slices.DeleteFunc(files, func(f string) bool { return filepath.Ext(f) == ".txt" })
	abs := func(rel string) string { return filepath.Join(c.root, filepath.FromSlash(rel)) }
	day := time.Date(2024, 1, 1+c.rng.IntN(2), 0, 0, 0, 0, time.UTC)
	pick := func(list []string) string { return list[c.rng.IntN(len(list))] }
	switch op := c.rng.IntN(14); {
	case op == 12 && slices.ContainsFunc(dirs, isTop): // a folder replaced by a link to it
		// At the top, where no folder of ours is renamed: the frozen
		// folder keeps its name.
		rel := pick(slices.DeleteFunc(slices.Clone(dirs), func(d string) bool { return !isTop(d) }))
		old := fmt.Sprintf("%s.old%d", rel, c.n)
		c.n++
		if err := os.Rename(abs(rel), abs(old)); err != nil {
			c.t.Fatal(err)
		}
		if err := os.Symlink(path.Base(old), abs(rel)); err != nil {
			c.t.Fatal(err)
		}
		c.frozen[old] = true
		return "folder to link " + rel + " " + old
	case op == 13: // a link at the root swapped atomically
		target := fmt.Sprintf("v%d", 1+c.rng.IntN(2))
		if fi, err := os.Lstat(abs("cur")); err == nil && fi.Mode()&os.ModeSymlink == 0 {
			return "none" // cur is a page or a folder now
		}
		os.Remove(abs("tmp-link"))
		if err := os.Symlink(target, abs("tmp-link")); err != nil {
			c.t.Fatal(err)
		}
		if err := os.Rename(abs("tmp-link"), abs("cur")); err != nil {
			c.t.Fatal(err)
		}
		return "swap link cur " + target
	case op == 10 || op == 11: // our own output removed, or overwritten
		outs, err := filepath.Glob(filepath.Join(c.out, "*.xml"))
		if err != nil || len(outs) == 0 {
			return "none"
		}
		f := pick(outs)
		if op == 10 {
			os.Remove(f)
			return "remove output " + filepath.Base(f)
		}
		if err := os.WriteFile(f, []byte("<urlset></urlset>\n"), 0o644); err != nil {
			c.t.Fatal(err)
		}
		return "overwrite output " + filepath.Base(f)
	case op == 0 || len(files) == 0:
		rel := folders[c.rng.IntN(len(folders))] + fmt.Sprintf("p%d.html", c.rng.IntN(8))
		if !c.tryWrite(rel, day) {
			return "none"
		}
		return "write " + rel
	case op == 1:
		rel := pick(files)
		c.write(rel, c.body(), day)
		return "edit " + rel
	case op == 2:
		rel := pick(files)
		os.Remove(abs(rel))
		return "remove " + rel
	case op == 3: // touch -d
		rel := pick(files)
		when := day.Add(time.Duration(c.rng.IntN(24)) * time.Hour)
		if err := os.Chtimes(abs(rel), when, when); err != nil {
			c.t.Fatal(err)
		}
		return "touch " + rel
	case op == 4: // chmod 000, or back
		rel := pick(files)
		fi, err := os.Stat(abs(rel))
		if err != nil {
			c.t.Fatal(err)
		}
		mode := os.FileMode(0)
		if fi.Mode().Perm() == 0 {
			mode = 0o644
		}
		if err := os.Chmod(abs(rel), mode); err != nil {
			c.t.Fatal(err)
		}
		return fmt.Sprintf("chmod %v %s", mode, rel)
	case op == 5: // a hard link
		rel := pick(files)
		dir := pick(c.watched)
		to := path.Join(dir, fmt.Sprintf("l%d.html", c.rng.IntN(4)))
		if _, err := os.Lstat(abs(to)); err == nil {
			return "none"
		}
		if fi, err := os.Lstat(abs(dir)); err != nil || !fi.IsDir() || c.throughLink(to) {
			return "none" // removed, a file or a link now, in this step
		}
		if err := os.Link(abs(rel), abs(to)); err != nil {
			c.t.Fatal(err)
		}
		return "link " + rel + " " + to
	case op == 6: // a file replaced by a folder holding an index.html
		rel := pick(files)
		os.Remove(abs(rel))
		c.write(rel+"/index.html", c.body(), day)
		return "file to folder " + rel
	case op == 7 && len(dirs) > 0: // a folder replaced by a file
		rel := pick(dirs)
		os.RemoveAll(abs(rel))
		c.write(rel, c.body(), day)
		return "folder to file " + rel
	case op == 8 && len(dirs) > 0:
		from, to := pick(dirs), fmt.Sprintf("r%d", c.rng.IntN(4))
		if _, err := os.Lstat(abs(to)); err == nil {
			return "none"
		}
		if err := os.Rename(abs(from), abs(to)); err != nil {
			c.t.Fatal(err)
		}
		return "rename " + from + " " + to
	case op == 9 && len(dirs) > 0:
		rel := pick(dirs)
		os.RemoveAll(abs(rel))
		return "remove folder " + rel
	default:
		dir := fmt.Sprintf("n%d", c.rng.IntN(3))
		for i := range 2 {
			if !c.tryWrite(fmt.Sprintf("%s/x%d/index.html", dir, i), day) {
				return "none"
			}
		}
		return "new folder " + dir
	}
}

// throughLink reports whether a folder on the way to rel is a link (to a
// frozen folder).
func (c *opsChanger) throughLink(rel string) bool {
	for i := range len(rel) {
		if rel[i] != '/' {
			continue
		}
		if fi, err := os.Lstat(filepath.Join(c.root, filepath.FromSlash(rel[:i]))); err == nil && fi.Mode()&os.ModeSymlink != 0 {
			return true
		}
	}
	return false
}

// isTop reports whether rel is a name at the root.
func isTop(rel string) bool { return !strings.Contains(rel, "/") }

// tryWrite writes a new page at rel, unless a folder has its name or a
// file or a link (to a frozen folder) the name of a folder on its way.
func (c *opsChanger) tryWrite(rel string, mtime time.Time) bool {
	if c.throughLink(rel) {
		return false
	}
	p := filepath.Join(c.root, filepath.FromSlash(rel))
	if fi, err := os.Stat(p); err == nil && fi.IsDir() || os.MkdirAll(filepath.Dir(p), 0o755) != nil {
		return false
	}
	c.write(rel, c.body(), mtime)
	return true
}

// TestWatchOpsLeaveFrozenAlone: the operations of TestWatchMatchesRun
// leave the folders links point to as they were once frozen, as its
// property assumes (a name made inside one is reported at its own path
// only): none makes, links or removes a name through a link, even to a
// folder that became one earlier in the same step. (A page edited
// through another name, a hard link outside, changes there: Update
// judges again the pages noted with its file.)
func TestWatchOpsLeaveFrozenAlone(t *testing.T) {
	for seed := range uint64(60) {
		root, out := t.TempDir(), t.TempDir()
		c := &opsChanger{siteChanger: siteChanger{t: t, root: root, rng: rand.New(rand.NewPCG(seed, 2))}, out: out}
		c.frozen = map[string]bool{"v1": true, "v2": true}
		c.write("index.html", "<title>home</title>", time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
		c.write("v1/one.html", "<title>one</title>", time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
		c.write("v2/two.html", "<title>two</title>", time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC))
		was := make(map[string]string)
		for step := range 25 {
			_, dirs := c.unfrozen()
			c.watched = append(dirs, "")
			var ops []string
			for range 1 + c.rng.IntN(3) {
				ops = append(ops, c.op())
				for dir := range c.frozen {
					now := listing(t, filepath.Join(root, dir))
					if before, ok := was[dir]; !ok {
						was[dir] = now
					} else if now != before {
						t.Fatalf("seed %d step %d %v: %s changed:\n%s\nwas:\n%s", seed, step, ops, dir, now, before)
					}
				}
			}
		}
	}
}

// listing returns what is under dir: each path and its inode.
func listing(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %d\n", p, fi.Sys().(*syscall.Stat_t).Ino)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestWatchScanFileFolderFile is TestWatchMatchesRun/scan's failure
// under load (seed 1795674700787502886, step 23: touch p5.html, file to
// folder p5.html, folder to file p5.html) made to happen: the scan reports
// the page touched; before the update reads it, it becomes a folder
// holding a page, and after, a file again. The scan, which saw a file and
// then a file again, reports it without Batch.Folders; the page read in
// the folder must go. (The Session's side alone, made exact:
// TestSessionFileFolderFile.)
func TestWatchScanFileFolderFile(t *testing.T) {
	root, out := t.TempDir(), t.TempDir()
	c := &siteChanger{t: t, root: root, rng: rand.New(rand.NewPCG(1, 2))}
	day := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	p := filepath.Join(root, "p5.html")
	c.write("p5.html", "<title>five</title>", day)
	s, opts := startSite(c, 4, out, func(*Options) {})
	built := make(chan []string, 64)
	ready := make(chan struct{})
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	wo := watch.Options{NoFanotify: true, MaxWatches: 1, Poll: 10 * time.Millisecond}
	wo.Roots, wo.Debounce, wo.Ready = []string{root, out}, 10*time.Millisecond, func() { close(ready) }
	between := false
	go func() {
		done <- watch.Run(ctx, wo, func(b watch.Batch) {
			if !between && slices.Contains(b.Paths, p) {
				between = true
				os.Remove(p)
				c.write("p5.html/index.html", "<title>inside</title>", day)
				s.Update(ctx, b.Paths, b.Folders)
				os.RemoveAll(p)
				c.write("p5.html", "<title>five again</title>", day)
			} else {
				s.Update(ctx, b.Paths, b.Folders)
			}
			built <- b.Paths
		})
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	<-ready
	when := day.Add(time.Hour)
	if err := os.Chtimes(p, when, when); err != nil {
		t.Fatal(err)
	}
	for m := range 2 {
		name := fmt.Sprintf("mark-%d.txt", m)
		c.write(name, "", time.Time{})
		mark := filepath.Join(root, name)
		deadline := time.After(30 * time.Second)
		for seen := false; !seen; {
			select {
			case paths := <-built:
				seen = slices.Contains(paths, mark)
			case <-deadline:
				t.Fatalf("no rebuild of %s after 30s", mark)
			}
		}
	}
	if !between {
		t.Fatal("p5.html touched was not reported before the first mark")
	}
	sameAsRun(t, "a file, a folder, a file again", opts, out)
}
