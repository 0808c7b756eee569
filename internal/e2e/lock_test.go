package e2e

import (
	"bufio"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/dirlock"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/writer"
)

// lines sends each line r gives on the channel returned, which is closed
// at the end.
func lines(r io.Reader) <-chan string {
	ch := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			ch <- sc.Text()
		}
		close(ch)
	}()
	return ch
}

// awaitLine reads lines until one that match accepts, and fails if they
// end first or if none comes within lineWait: a program that stops
// printing fails the test with what it printed, never hangs the run.
func awaitLine(t *testing.T, ch <-chan string, what string, match func(string) bool) {
	t.Helper()
	var seen []string
	deadline := time.After(lineWait)
	for {
		select {
		case l, ok := <-ch:
			if !ok {
				t.Fatalf("no line %s; the output ended:\n%s", what, strings.Join(seen, "\n"))
			}
			if match(l) {
				return
			}
			seen = append(seen, l)
		case <-deadline:
			t.Fatalf("no line %s within %s; the output so far:\n%s", what, lineWait, strings.Join(seen, "\n"))
		}
	}
}

// lineWait bounds the wait for a line a program is expected to print:
// long enough for a loaded machine, short enough that a program that
// will never print it fails its test well within go test's timeout.
const lineWait = 3 * time.Minute

// startWith starts cmd with its standard error as lines.
func startWith(t *testing.T, cmd *exec.Cmd) <-chan string {
	t.Helper()
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return lines(stderr)
}

// TestLockWait: a build that finds the output folder locked says it waits,
// naming the holder's process, writes nothing meanwhile, and writes its
// set once the lock is let go.
func TestLockWait(t *testing.T) {
	site := t.TempDir()
	if err := os.WriteFile(filepath.Join(site, "index.html"), []byte("<title>home</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := dirlock.Acquire(t.Context(), site, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	cmd := command("", "build", site, "--base-url", crashBase)
	stderr := startWith(t, cmd)
	want := "sitemapgen: " + dirlock.Waiting(site, os.Getpid())
	awaitLine(t, stderr, want, func(l string) bool { return l == want })
	if _, err := os.Lstat(filepath.Join(site, "sitemap.xml")); err == nil {
		t.Fatal("sitemap.xml written while another held the lock")
	}
	l.Release()
	for range stderr {
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the build that waited: %v", err)
	}
	sitemaptest.MustValidate(t, filepath.Join(site, "sitemap.xml"))
	if _, err := os.Lstat(filepath.Join(site, dirlock.Name)); err == nil {
		t.Error("the lock file is left")
	}
}

// TestWatchBesideBuild: a build with other settings run beside watch
// writes its set whole between two of watch's writes; watch's next
// rebuild replaces it whole, leaving no file of the build's behind.
func TestWatchBesideBuild(t *testing.T) {
	project := t.TempDir()
	site := filepath.Join(project, "public")
	if err := sitemaptest.GenSite(site, 400, ""); err != nil {
		t.Fatal(err)
	}
	watchFlags := []string{"--base-url", crashBase, "--max-urls", "10", "--robots"}
	buildFlags := []string{"--base-url", crashBase, "--max-urls", "7", "--exclude", "blog/**", "--robots"}
	w := command("", append([]string{"watch", site, "--debounce", "20ms"}, watchFlags...)...)
	stderr := startWith(t, w)
	t.Cleanup(func() {
		w.Process.Kill()
		w.Wait()
	})
	awaitLine(t, stderr, "watching …", func(l string) bool { return strings.HasPrefix(l, "sitemapgen: watching ") })
	watchSet := ownFiles(t, site)

	// Watch, idle (holding no lock), is stopped while the build runs and
	// its set is looked at: else, told of the build's files, it may write
	// its own again before the test looks.
	resume := pause(t, w.Process)
	if out, err := command("", append([]string{"build", site}, buildFlags...)...).CombinedOutput(); err != nil {
		resume()
		t.Fatalf("the build beside watch: %v\n%s", err, out)
	}
	buildSet := ownFiles(t, site)
	if slices.Equal(buildSet, watchSet) {
		resume()
		t.Fatal("the build wrote the set watch had written: the test shows nothing")
	}
	recordIs(t, site, buildSet)
	resume()

	// A page changes: watch writes its set again, whole.
	if err := os.WriteFile(filepath.Join(site, "zz-new.html"), []byte("<title>new</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	awaitLine(t, stderr, "+1 …", func(l string) bool { return strings.HasPrefix(l, "sitemapgen: +1 ") })
	got := ownFiles(t, site)
	recordIs(t, site, got)
	if _, _, err := readSet(site); err != nil {
		t.Fatalf("after watch's rebuild: %v", err)
	}
	// What a build with watch's settings writes now.
	if out, err := command("", append([]string{"build", site, "--check"}, watchFlags...)...).CombinedOutput(); err != nil {
		t.Fatalf("after watch's rebuild, --check with its settings: %v\n%s", err, out)
	}
}

// ownFiles lists the files of ours in dir, sorted.
func ownFiles(t *testing.T, dir string) []string {
	t.Helper()
	return slices.Sorted(maps.Keys(dirFiles(t, dir, func(e os.DirEntry) bool { return writer.IsOwnName(e.Name()) })))
}

// recordIs checks that dir's record lists exactly files.
func recordIs(t *testing.T, dir string, files []string) {
	t.Helper()
	rec, err := writer.Recorded(dir)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(rec)
	if !slices.Equal(rec, files) {
		t.Fatalf("the record lists %q; the files of ours are %q", rec, files)
	}
}
