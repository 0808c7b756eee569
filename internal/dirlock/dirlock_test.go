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
	"strings"
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
	// A file made where a folder Acquire made was, while the lock was
	// held, is left: only empty folders are taken back.
	dir = filepath.Join(base, "c", "d")
	l, err = Acquire(t.Context(), dir, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, []byte("token\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	l.Release()
	if data, err := os.ReadFile(dir); err != nil || string(data) != "token\n" {
		t.Errorf("the file made where a folder Acquire made was: %q, %v", data, err)
	}
}

// TestPlantedLinks: a symbolic link (to a file outside, or dangling) or a
// hard link at the lock's name is refused at once, with the reason; the
// file outside is neither created, truncated nor written, and nothing
// spins.
func TestPlantedLinks(t *testing.T) {
	outside := t.TempDir()
	target := filepath.Join(outside, "precious.txt")
	for _, tt := range []struct {
		name  string
		plant func(lock string) error
		want  string
	}{
		{"symlink to a file", func(lock string) error {
			if err := os.WriteFile(target, []byte("keep me\n"), 0o644); err != nil {
				return err
			}
			return os.Symlink(target, lock)
		}, "a symbolic link"},
		{"dangling symlink", func(lock string) error {
			os.Remove(target)
			return os.Symlink(target, lock)
		}, "a symbolic link"},
		{"hard link", func(lock string) error {
			if err := os.WriteFile(target, []byte("keep me\n"), 0o644); err != nil {
				return err
			}
			return os.Link(target, lock)
		}, "a file with 2 hard links"},
		{"folder", func(lock string) error { return os.Mkdir(lock, 0o755) }, "not a regular file"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := tt.plant(filepath.Join(dir, Name)); err != nil {
				t.Fatal(err)
			}
			before, beforeErr := os.ReadFile(target)
			l, err := Acquire(context.Background(), dir, false, nil)
			if err == nil {
				l.Release()
				t.Fatal("locked through a planted link")
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), Name) {
				t.Errorf("error %q, want it to name %s and say %q", err, Name, tt.want)
			}
			after, afterErr := os.ReadFile(target)
			if string(before) != string(after) || (beforeErr == nil) != (afterErr == nil) {
				t.Errorf("the file outside changed: %q (%v) → %q (%v)", before, beforeErr, after, afterErr)
			}
		})
	}
}
