//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package dirlock

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// TestMain runs the test binary as a process that holds a lock until it
// is killed, for TestKilledHolder.
func TestMain(m *testing.M) {
	if dir := os.Getenv("DIRLOCK_HOLD"); dir != "" {
		if _, err := Acquire(context.Background(), dir, true, nil); err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		os.Stdout.WriteString("locked\n")
		select {} // until killed
	}
	os.Exit(m.Run())
}

func TestNoWait(t *testing.T) {
	dir := t.TempDir()
	l, err := Acquire(t.Context(), dir, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Acquire(t.Context(), dir, true, nil)
	var le *LockedError
	if !errors.As(err, &le) || le.PID != os.Getpid() || le.Dir != dir {
		t.Fatalf("second Acquire: %v, want a LockedError naming pid %d", err, os.Getpid())
	}
	want := dir + ": another sitemapgen (pid " + strconv.Itoa(os.Getpid()) + ") is writing this folder; not waiting for it (--no-wait)"
	if err.Error() != want {
		t.Errorf("got  %s\nwant %s", err, want)
	}
	l.Release()
	if _, err := os.Lstat(filepath.Join(dir, Name)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the lock file is left after Release: %v", err)
	}
	l, err = Acquire(t.Context(), dir, true, nil)
	if err != nil {
		t.Fatalf("after Release: %v", err)
	}
	l.Release()
}

// TestWait: a second Acquire says it waits, naming the holder, and takes
// the lock when the first is released.
func TestWait(t *testing.T) {
	dir := t.TempDir()
	first, err := Acquire(t.Context(), dir, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	waiting := make(chan int, 1)
	got := make(chan error, 1)
	var second *Lock
	go func() {
		var err error
		second, err = Acquire(t.Context(), dir, false, func(pid int) { waiting <- pid })
		got <- err
	}()
	if pid := <-waiting; pid != os.Getpid() {
		t.Errorf("waiting for pid %d, want %d", pid, os.Getpid())
	}
	select {
	case err := <-got:
		t.Fatalf("the second Acquire returned (%v) while the first held the lock", err)
	default:
	}
	first.Release()
	if err := <-got; err != nil {
		t.Fatal(err)
	}
	if _, err := Acquire(t.Context(), dir, true, nil); err == nil {
		t.Fatal("the second Lock does not hold the file now under the name")
	}
	second.Release()
}

// TestWaitCancelled: a wait ends with the context, and leaves no lock
// behind once the holder lets go.
func TestWaitCancelled(t *testing.T) {
	dir := t.TempDir()
	first, err := Acquire(t.Context(), dir, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	got := make(chan error, 1)
	go func() {
		_, err := Acquire(ctx, dir, false, func(int) { cancel() })
		got <- err
	}()
	if err := <-got; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled wait: %v", err)
	}
	first.Release()
	l, err := Acquire(t.Context(), dir, false, func(int) { t.Error("waits after the cancelled waiter") })
	if err != nil {
		t.Fatal(err)
	}
	l.Release()
}

// TestKilledHolder: the lock of a process killed with SIGKILL, its file
// left behind with its pid, does not block.
func TestKilledHolder(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "DIRLOCK_HOLD="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if line, _ := bufio.NewReader(out).ReadString('\n'); line != "locked\n" {
		t.Fatalf("helper: %q", line)
	}
	if _, err := Acquire(t.Context(), dir, true, nil); err == nil {
		t.Fatal("the helper's lock is not held")
	}
	cmd.Process.Kill()
	cmd.Wait()
	if _, err := os.Lstat(filepath.Join(dir, Name)); err != nil {
		t.Fatalf("the killed holder's file: %v", err)
	}
	l, err := Acquire(t.Context(), dir, true, nil)
	if err != nil {
		t.Fatalf("after the holder was killed: %v", err)
	}
	l.Release()
}

// TestMadeFolders: the folders Acquire made are removed by Release when
// empty, kept when not.
func TestMadeFolders(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "a", "b")
	l, err := Acquire(t.Context(), dir, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	l.Release()
	if _, err := os.Lstat(filepath.Join(base, "a")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the folders made are left: %v", err)
	}
	l, err = Acquire(t.Context(), dir, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sitemap.xml"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	l.Release()
	if _, err := os.Lstat(filepath.Join(dir, "sitemap.xml")); err != nil {
		t.Fatalf("a folder with a file was removed: %v", err)
	}
}
