//go:build linux

package e2e

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

// The fault tests run the sitemapgen command (this test binary, through
// testscript.Main) on sites and output folders that fail in one way each.
// Each checks the exit status and the message, which names the file or
// folder; where the build fails, that the sitemaps already in the output
// folder are kept byte for byte; that no temporary file is left; and that
// nothing hangs: every command runs under a deadline and the test fails
// when it has to be killed.

// faultTimeout is how long one command may run.
const faultTimeout = 60 * time.Second

// nobodyID is the user and group id of nobody, whom permissions stop.
const nobodyID = 65534

// faultArgs are the flags of every build: no git, no lint of the dates.
var faultArgs = []string{"--base-url", "https://example.com/", "--lastmod-sources", "none"}

// faultRunner runs the sitemapgen command, as this process's user or, for
// root, whom permissions do not stop, as nobody.
type faultRunner struct {
	bin    string
	nobody bool
	dir    string // where sites and outputs go; the working directory
}

// newRunner returns a runner of the binary under test as this process's
// user, or as nobody: then it runs a copy of it that nobody may execute,
// in a folder nobody may enter.
func newRunner(t *testing.T, nobody bool) *faultRunner {
	t.Helper()
	if !nobody {
		return &faultRunner{bin: bin, dir: t.TempDir()}
	}
	if os.Geteuid() != 0 {
		t.Fatal("only root runs commands as nobody")
	}
	// t.TempDir's folders are 0700: make one every user may enter.
	dir, err := os.MkdirTemp("", "sitemapgen-faults-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for p := filepath.Dir(dir); ; p = filepath.Dir(p) {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm()&0o001 == 0 {
			t.Skipf("%s is not searchable by nobody: cannot run the command as nobody", p)
		}
		if p == filepath.Dir(p) {
			break
		}
	}
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	copied := filepath.Join(dir, "bin", "sitemapgen")
	if err := os.Mkdir(filepath.Dir(copied), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(copied, data, 0o755); err != nil {
		t.Fatal(err)
	}
	return &faultRunner{bin: copied, nobody: true, dir: dir}
}

// mkdir makes the folder name under the runner's folder, the runner's
// user's to write in.
func (r *faultRunner) mkdir(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(r.dir, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	r.own(t, dir)
	return dir
}

// own gives path to the runner's user.
func (r *faultRunner) own(t *testing.T, path string) {
	t.Helper()
	if r.nobody {
		if err := os.Chown(path, nobodyID, nobodyID); err != nil {
			t.Fatal(err)
		}
	}
}

// run runs sitemapgen with args and returns its exit status and standard
// error. With fileBlocks > 0 it runs under "ulimit -f fileBlocks": a file
// larger than that cannot be written (Go ignores SIGXFSZ; the write fails
// with EFBIG).
func (r *faultRunner) run(t *testing.T, fileBlocks int, args ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), faultTimeout)
	defer cancel()
	cmd := commandContext(ctx, r.dir, args...)
	cmd.Path, cmd.Args[0] = r.bin, r.bin // the binary under test, or the copy nobody may run
	if fileBlocks > 0 {
		sh, err := exec.LookPath("sh")
		if err != nil {
			t.Fatal(err)
		}
		script := fmt.Sprintf(`ulimit -f %d && exec "$0" "$@"`, fileBlocks)
		cmd.Path, cmd.Args = sh, append([]string{"sh", "-c", script, r.bin}, args...)
	}
	cmd.Env = append(cmd.Env, "HOME="+r.dir)
	if r.nobody {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobodyID, Gid: nobodyID}}
	}
	res := runCmd(t, cmd)
	if ctx.Err() != nil {
		t.Fatalf("sitemapgen %s: still running after %v, killed; it hangs\n%s", strings.Join(args, " "), faultTimeout, res.stderr)
	}
	return res.code, res.stderr
}

// build runs a build that must succeed.
func (r *faultRunner) build(t *testing.T, args ...string) string {
	t.Helper()
	code, stderr := r.run(t, 0, args...)
	if code != 0 {
		t.Fatalf("sitemapgen %s: exit %d, want 0\n%s", strings.Join(args, " "), code, stderr)
	}
	return stderr
}

// buildArgs are faultArgs, more, and the site.
func buildArgs(site string, more ...string) []string {
	return append(append(slices.Clone(faultArgs), more...), site)
}

// faultSite writes index.html and pages p/page-0000.html … up to n under
// dir.
func faultSite(t *testing.T, dir string, n int) {
	t.Helper()
	write(t, filepath.Join(dir, "index.html"), page("home"))
	for i := range n {
		write(t, filepath.Join(dir, "p", fmt.Sprintf("page-%04d.html", i)), page(fmt.Sprint(i)))
	}
}

// folderFiles returns the regular files in dir, hidden ones included, by
// name.
func folderFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	return dirFiles(t, dir, func(e os.DirEntry) bool { return e.Type().IsRegular() })
}

// kept checks that dir holds the files of before, byte for byte, and no
// other, and no temporary file.
func kept(t *testing.T, dir string, before map[string][]byte) {
	t.Helper()
	noTemps(t, dir)
	after := folderFiles(t, dir)
	if !maps.EqualFunc(before, after, bytes.Equal) {
		t.Errorf("%s changed: files %q before, %q after", dir, slices.Sorted(maps.Keys(before)), slices.Sorted(maps.Keys(after)))
	}
	if _, ok := before["sitemap.xml"]; !ok {
		t.Errorf("no previous sitemap.xml in %s to keep", dir)
	}
}

// wantLines fails unless every one of lines is a line of out.
func wantLines(t *testing.T, out string, lines ...string) {
	t.Helper()
	have := strings.Split(out, "\n")
	for _, l := range lines {
		if !slices.Contains(have, l) {
			t.Errorf("no line %q in the output:\n%s", l, out)
		}
	}
}

// failedWrite builds a small site into out, makes the next build's
// sitemaps impossible to write with breakOut, grows the site, and checks
// that the build fails with exit 1 and the message that names out and
// says why, keeping the previous sitemaps.
func failedWrite(t *testing.T, r *faultRunner, out string, pages, fileBlocks int, breakOut func(), why string) {
	t.Helper()
	site := filepath.Join(r.dir, "site")
	faultSite(t, site, 3)
	args := buildArgs(site, "--out", out)
	r.build(t, args...)
	sitemaptest.MustValidate(t, out)
	before := folderFiles(t, out)
	faultSite(t, site, pages)
	if breakOut != nil {
		breakOut()
	}
	code, stderr := r.run(t, fileBlocks, args...)
	if code != 1 {
		t.Errorf("exit %d, want 1\n%s", code, stderr)
	}
	wantLines(t, stderr, out+": cannot write the sitemaps: "+why)
	kept(t, out, before)
}

// A full disk: exit 1, a message naming the output folder and the
// system's reason, the previous sitemaps kept, no temporary file left.
// Root mounts a 64 KiB tmpfs; any user can limit the file size a process
// may write (RLIMIT_FSIZE), which the command meets the same way.
func TestFaultsDiskFull(t *testing.T) {
	t.Run("tmpfs", func(t *testing.T) {
		if os.Geteuid() != 0 {
			t.Skip("mounting a tmpfs needs root; the RLIMIT_FSIZE case stands in for it")
		}
		r := newRunner(t, false)
		out := r.mkdir(t, "out")
		if err := syscall.Mount("tmpfs", out, "tmpfs", 0, "size=64k"); err != nil {
			t.Skipf("mount -t tmpfs -o size=64k: %v; the RLIMIT_FSIZE case stands in for it", err)
		}
		t.Cleanup(func() {
			if err := syscall.Unmount(out, 0); err != nil {
				t.Errorf("umount %s: %v", out, err)
			}
		})
		// 1,500 URLs take about 100 KiB.
		failedWrite(t, r, out, 1500, 0, nil, "no space left on device")
	})
	t.Run("RLIMIT_FSIZE", func(t *testing.T) {
		r := newRunner(t, false)
		// 500 URLs take about 35 KiB; the limit is 8 or 16 KiB, as sh
		// counts blocks of 512 bytes or 1 KiB.
		failedWrite(t, r, r.mkdir(t, "out"), 500, 16, nil, "file too large")
	})
}

// A read-only output folder: exit 1, a message naming it, the previous
// sitemaps kept. Permissions do not stop root: root remounts a tmpfs
// read-only, and runs the command as nobody in a folder of mode 0555.
func TestFaultsReadOnlyOutput(t *testing.T) {
	t.Run("read-only mount", func(t *testing.T) {
		if os.Geteuid() != 0 {
			t.Skip("mounting needs root; the mode 0555 case stands in for it")
		}
		r := newRunner(t, false)
		out := r.mkdir(t, "out")
		if err := syscall.Mount("tmpfs", out, "tmpfs", 0, "size=1m"); err != nil {
			t.Skipf("mount -t tmpfs: %v; the mode 0555 case stands in for it", err)
		}
		t.Cleanup(func() {
			if err := syscall.Unmount(out, 0); err != nil {
				t.Errorf("umount %s: %v", out, err)
			}
		})
		failedWrite(t, r, out, 10, 0, func() {
			if err := syscall.Mount("tmpfs", out, "tmpfs", syscall.MS_REMOUNT|syscall.MS_RDONLY, ""); err != nil {
				t.Fatalf("mount -o remount,ro: %v", err)
			}
		}, "read-only file system")
	})
	t.Run("mode 0555", func(t *testing.T) {
		r := newRunner(t, os.Geteuid() == 0)
		out := r.mkdir(t, "out")
		t.Cleanup(func() { os.Chmod(out, 0o755) })
		failedWrite(t, r, out, 10, 0, func() {
			if err := os.Chmod(out, 0o555); err != nil {
				t.Fatal(err)
			}
		}, "permission denied")
	})
}

// A folder that cannot be listed, or a page that cannot be read for
// another reason than its mode, could drop pages silently: the build
// fails with exit 1, names each, writes nothing and keeps the previous
// sitemaps. A page whose mode lets nobody read it is left out with a
// warning instead: no web server could serve it. The folder becomes
// unreadable before the run and the walk meets it; root, whom
// permissions do not stop, runs the command as nobody. (The same faults
// mid-walk and mid-read are injected in the walker's and build's own
// tests: TestWalkUnreadableFolder, TestWalkVanishedFile,
// TestRunChangedWhileRead.)
func TestFaultsUnreadable(t *testing.T) {
	r := newRunner(t, os.Geteuid() == 0)
	setup := func(t *testing.T, name string) (site, out string, args []string, before map[string][]byte) {
		t.Helper()
		site = filepath.Join(r.dir, name, "site")
		for _, p := range []string{"index.html", "a.html", "locked/index.html", "locked/deeper/x.html", "secret.html"} {
			write(t, filepath.Join(site, p), page(p))
		}
		out = r.mkdir(t, filepath.Join(name, "out"))
		args = buildArgs(site, "--out", out)
		r.build(t, args...)
		return site, out, args, folderFiles(t, out)
	}
	t.Run("folder", func(t *testing.T) {
		site, out, args, before := setup(t, "folder")
		locked := filepath.Join(site, "locked")
		if err := os.Chmod(locked, 0); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(locked, 0o755) })
		for _, heads := range []string{"--read-heads=true", "--read-heads=false"} {
			code, stderr := r.run(t, 0, append([]string{heads}, args...)...)
			if code != 1 {
				t.Errorf("%s: exit %d, want 1\n%s", heads, code, stderr)
			}
			wantLines(t, stderr,
				locked+"/: error: cannot list the folder: permission denied",
				"sitemapgen: 1 file or folder could not be read; nothing written")
			kept(t, out, before)
		}
	})
	t.Run("page", func(t *testing.T) {
		site, out, args, before := setup(t, "page")
		secret := filepath.Join(site, "secret.html")
		// Read bits for the group and others, none for the owner, who
		// runs the build.
		r.own(t, secret)
		if err := os.Chmod(secret, 0o044); err != nil {
			t.Fatal(err)
		}
		code, stderr := r.run(t, 0, args...)
		if code != 1 {
			t.Errorf("exit %d, want 1\n%s", code, stderr)
		}
		wantLines(t, stderr,
			secret+": error: cannot read the page: permission denied",
			"sitemapgen: 1 file or folder could not be read; nothing written")
		kept(t, out, before)
	})
	t.Run("no read bits", func(t *testing.T) {
		site, out, args, _ := setup(t, "nobits")
		secret := filepath.Join(site, "secret.html")
		if err := os.Chmod(secret, 0); err != nil {
			t.Fatal(err)
		}
		stderr := r.build(t, args...)
		wantLines(t, stderr, secret+": warning: cannot read the page: no read permission for anyone; a web server cannot serve it (mode ----------); not listed")
		locs, _, err := sitemaptest.Locs(out, "https://example.com/")
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"https://example.com/", "https://example.com/a.html", "https://example.com/locked/", "https://example.com/locked/deeper/x.html"}
		if !slices.Equal(locs, want) {
			t.Errorf("URLs %q, want %q", locs, want)
		}
		noTemps(t, out)
	})
}

// A symbolic link that loops, links that point out of the site folder and
// absolute links to a page and a folder inside it, with links followed and
// not: each named in a warning with the reason, not followed, the rest
// listed, exit 0, and no endless walk.
func TestFaultsSymlinks(t *testing.T) {
	r := newRunner(t, false)
	outside := filepath.Join(r.dir, "outside")
	write(t, filepath.Join(outside, "secret.html"), page("secret"))
	site := filepath.Join(r.dir, "site")
	for _, p := range []string{"index.html", "a.html", "sub/index.html"} {
		write(t, filepath.Join(site, p), page(p))
	}
	for name, target := range map[string]string{
		"sub/up":    "..",    // a loop: back to the site folder
		"self":      "self",  // a link to itself
		"away":      outside, // a folder outside
		"leak.html": filepath.Join(outside, "secret.html"),
		"abs.html":  filepath.Join(site, "a.html"), // absolute, inside: never followed
		"absdir":    filepath.Join(site, "sub"),
	} {
		if err := os.Symlink(target, filepath.Join(site, name)); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		flag string
		want []string
	}{
		{"--follow-symlinks=false", []string{
			site + "/abs.html: warning: symbolic link not followed (follow_symlinks is off); not listed",
			site + "/absdir: warning: symbolic link to a folder not followed (follow_symlinks is off); the pages under it are not listed",
			site + "/away: warning: symbolic link to a folder not followed (follow_symlinks is off); the pages under it are not listed",
			site + "/leak.html: warning: symbolic link not followed (follow_symlinks is off); not listed",
			site + "/self: warning: symbolic link loop; not followed",
			site + "/sub/up: warning: symbolic link to a folder not followed (follow_symlinks is off); the pages under it are not listed",
		}},
		{"--follow-symlinks", []string{
			site + "/abs.html: warning: an absolute symbolic link: not followed; make it relative",
			site + "/absdir: warning: an absolute symbolic link: not followed; make it relative",
			site + "/away: warning: symbolic link points outside the site folder; not followed",
			site + "/leak.html: warning: symbolic link points outside the site folder; not followed",
			site + "/self: warning: symbolic link loop; not followed",
			site + "/sub/up: warning: symbolic link loop; not followed",
		}},
	} {
		t.Run(tc.flag, func(t *testing.T) {
			out := r.mkdir(t, "out"+tc.flag)
			stderr := r.build(t, buildArgs(site, tc.flag, "--out", out)...)
			wantLines(t, stderr, tc.want...)
			if n := strings.Count(stderr, ": warning: "); n != len(tc.want) {
				t.Errorf("%d warnings, want %d:\n%s", n, len(tc.want), stderr)
			}
			locs, _, err := sitemaptest.Locs(out, "https://example.com/")
			if err != nil {
				t.Fatal(err)
			}
			want := []string{"https://example.com/", "https://example.com/a.html", "https://example.com/sub/"}
			if !slices.Equal(locs, want) {
				t.Errorf("URLs %q, want %q", locs, want)
			}
			noTemps(t, out)
		})
	}
}

// A FIFO and a device named x.html: a warning that names it and what it
// is, left out, exit 0. Nobody writes to the FIFO: opening it for reading
// without O_NONBLOCK would wait forever. Making a device needs root (or
// CAP_MKNOD); without it that case is skipped.
func TestFaultsSpecialFiles(t *testing.T) {
	for _, kind := range []string{"a FIFO", "a device"} {
		t.Run(kind, func(t *testing.T) {
			r := newRunner(t, false)
			site := filepath.Join(r.dir, "site")
			for _, p := range []string{"index.html", "a.html"} {
				write(t, filepath.Join(site, p), page(p))
			}
			x := filepath.Join(site, "x.html")
			if kind == "a FIFO" {
				if err := syscall.Mkfifo(x, 0o644); err != nil {
					t.Fatal(err)
				}
			} else {
				var null syscall.Stat_t
				if err := syscall.Stat("/dev/null", &null); err != nil {
					t.Fatal(err)
				}
				if err := syscall.Mknod(x, syscall.S_IFCHR|0o644, int(null.Rdev)); err != nil {
					t.Skipf("mknod x.html c (as /dev/null): %v; making a device needs root", err)
				}
			}
			if err := os.Symlink("x.html", filepath.Join(site, "link.html")); err != nil {
				t.Fatal(err)
			}
			for _, tc := range []struct {
				flags []string
				want  []string
			}{
				{nil, []string{
					site + "/link.html: warning: symbolic link not followed (follow_symlinks is off); not listed",
					site + "/x.html: warning: not a regular file (" + kind + ")",
				}},
				{[]string{"--read-heads=false"}, []string{site + "/x.html: warning: not a regular file (" + kind + ")"}},
				{[]string{"--follow-symlinks"}, []string{
					site + "/link.html: warning: not a regular file (" + kind + ")",
					site + "/x.html: warning: not a regular file (" + kind + ")",
				}},
			} {
				out := r.mkdir(t, fmt.Sprint("out", len(tc.flags), strings.Join(tc.flags, "")))
				stderr := r.build(t, buildArgs(site, append(tc.flags, "--out", out)...)...)
				wantLines(t, stderr, tc.want...)
				locs, _, err := sitemaptest.Locs(out, "https://example.com/")
				if err != nil {
					t.Fatal(err)
				}
				if want := []string{"https://example.com/", "https://example.com/a.html"}; !slices.Equal(locs, want) {
					t.Errorf("%q: URLs %q, want %q", tc.flags, locs, want)
				}
				noTemps(t, out)
			}
		})
	}
}

// A FIFO named like a page, made while watch runs: a warning that names
// it, and watching goes on: the next change to a page is rebuilt, and
// SIGINT ends it with exit 0.
func TestFaultsWatchFIFO(t *testing.T) {
	dir, public := newSite(t, map[string]string{"index.html": page("home"), "a.html": page("a")})
	p := startWatch(t, dir, watchArgs...)
	if err := syscall.Mkfifo(filepath.Join(public, "y.html"), 0o644); err != nil {
		t.Fatal(err)
	}
	p.waitFor(regexp.MustCompile(`^public/y\.html: warning: not a regular file \(a FIFO\)$`), 1)
	write(t, filepath.Join(public, "b.html"), page("b"))
	if got := p.next(0); !strings.Contains(got, "+1 −0 ~0 URLs, 1 file written") {
		t.Errorf("after a new page: %q", got)
	}
	p.stop(public)
	want := []string{"https://example.com/", "https://example.com/a.html", "https://example.com/b.html"}
	if got := urlsIn(t, filepath.Join(public, "sitemap.xml")); !slices.Equal(got, want) {
		t.Errorf("URLs %q, want %q", got, want)
	}
	sameAsBuild(t, dir, public, watchArgs...)
}

// TestFaultsSettingsFIFO: FIFOs in the place of the files sitemapgen reads
// its settings from (sitemap.yaml, _headers) or merges into (robots.txt)
// are refused at once, naming them, never waited on; nothing is written.
// Redirect rules only ever warn: a FIFO _redirects is a warning.
func TestFaultsSettingsFIFO(t *testing.T) {
	for _, tc := range []struct {
		fifo string // relative to the runner's folder
		args []string
		code int
		msg  string
	}{
		{"sitemap.yaml", nil, 2, "sitemap.yaml: not a regular file (a FIFO)"},
		{"site/_headers", nil, 1, "site/_headers: not a regular file (a FIFO)"},
		{"site/_redirects", nil, 0, "site/_redirects: warning: redirect rules not checked: not a regular file (a FIFO); the file is not read"},
		{"site/robots.txt", []string{"--robots"}, 1, "site/robots.txt: not a regular file"},
		{"site/sitemap.xml", []string{"--changes", "c.txt"}, 0, "site/sitemap.xml: warning: --changes: not a regular file (a FIFO); every URL counts as new"},
	} {
		t.Run(tc.fifo, func(t *testing.T) {
			r := newRunner(t, false)
			site := filepath.Join(r.dir, "site")
			for _, p := range []string{"index.html", "a.html"} {
				write(t, filepath.Join(site, p), page(p))
			}
			r.build(t, buildArgs("site", tc.args...)...) // the previous sitemaps
			os.Remove(filepath.Join(r.dir, tc.fifo))     // robots.txt, just written
			if err := syscall.Mkfifo(filepath.Join(r.dir, tc.fifo), 0o644); err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(site, "b.html"), page("b")) // a new page
			before := folderFiles(t, site)
			code, stderr := r.run(t, 0, buildArgs("site", tc.args...)...)
			if code != tc.code || !strings.Contains(stderr, tc.msg) {
				t.Errorf("exit %d, want %d with %q\n%s", code, tc.code, tc.msg, stderr)
			}
			if code != 0 {
				kept(t, site, before)
			}
			noTemps(t, site)
		})
	}
}

// TestFaultsSubmitFIFO: submit refuses a FIFO as its changes file or key
// file at once.
func TestFaultsSubmitFIFO(t *testing.T) {
	r := newRunner(t, false)
	fifo := filepath.Join(r.dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(r.dir, "changes.txt"), "+ https://example.com/a\n")
	write(t, filepath.Join(r.dir, "key.txt"), "0123456789abcdef\n")
	for _, args := range [][]string{
		{"submit", "--changes", "fifo", "--dry-run", "--key-from", "key.txt"},
		{"submit", "--changes", "changes.txt", "--dry-run", "--key-from", "fifo"},
	} {
		code, stderr := r.run(t, 0, args...)
		if code == 0 || !strings.Contains(stderr, "fifo: not a regular file (a FIFO)") {
			t.Errorf("%q: exit %d\n%s", args, code, stderr)
		}
	}
}
