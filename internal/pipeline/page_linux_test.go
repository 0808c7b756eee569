package pipeline

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// TestOpenBeneath: on a kernel with openat2, a page is opened by it, in
// one call (ok), not by the door's fallback, which looks the path up one
// folder at a time; a path that leaves the root is left to the door (not
// ok), which says why.
func TestOpenBeneath(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "a", "b"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a", "b", "p.html"), []byte("<title>p</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../../outside.html", filepath.Join(dir, "a", "b", "out.html")); err != nil {
		t.Fatal(err)
	}
	r, err := openRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.close()
	how := unix.OpenHow{Flags: unix.O_RDONLY | unix.O_CLOEXEC, Resolve: unix.RESOLVE_BENEATH}
	if fd, err := unix.Openat2(r.fd, ".", &how); errors.Is(err, unix.ENOSYS) {
		t.Logf("this kernel has no openat2: pages go by the door")
		return
	} else if err == nil {
		unix.Close(fd)
	}
	p, info, ok, err := r.openBeneath("a/b/p.html")
	if !ok || err != nil || info.size != 16 {
		t.Fatalf("openBeneath(a/b/p.html) = ok %v, %v, size %d; want it opened by openat2", ok, err, info.size)
	}
	p.Close()
	if _, _, ok, _ := r.openBeneath("a/b/out.html"); ok {
		t.Error("openBeneath followed a link out of the root")
	}
	if _, _, ok, _ := r.openBeneath("../x.html"); ok {
		t.Error("openBeneath took a path above the root")
	}
}
