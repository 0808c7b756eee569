package dirlock

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// Name is the lock file's name in the output folder.
const Name = ".sitemapgen-lock"

// Lock is a held lock of a folder.
type Lock struct {
	f    *os.File // nil when the system has no flock
	path string
	made []string // the folders Acquire made, deepest first
}

// LockedError is Acquire's error when another process holds the lock and
// the caller does not wait.
type LockedError struct {
	Dir string
	PID int // 0 when unknown
}

func (e *LockedError) Error() string { return e.Dir + ": " + e.Msg() }

// Msg is the error's message without the folder.
func (e *LockedError) Msg() string {
	return fmt.Sprintf("another sitemapgen%s is writing this folder; not waiting for it (--no-wait)", pidText(e.PID))
}

// pidText is " (pid N)", or nothing when pid is unknown.
func pidText(pid int) string {
	if pid <= 0 {
		return ""
	}
	return " (pid " + strconv.Itoa(pid) + ")"
}

// Waiting returns the message a run prints while it waits for the lock
// of dir held by process pid (0: unknown).
func Waiting(dir string, pid int) string {
	return "waiting for another sitemapgen writing " + dir + pidText(pid) + "…"
}

// Acquire locks dir, making it (and its missing parents) first. When
// another process holds the lock, Acquire returns a *LockedError if
// noWait, else it calls waiting once with the holder's process id (0 when
// unknown) and blocks until the lock is free or ctx is done (it returns
// ctx's error). The caller releases the Lock.
func Acquire(ctx context.Context, dir string, noWait bool, waiting func(pid int)) (*Lock, error) {
	l := &Lock{path: filepath.Join(dir, Name)}
	said, retries := false, 0
	for {
		made := atomicfile.MissingDirs(dir)
		if err := fsx.MkdirAllNamed(dir, 0o755); err != nil {
			return nil, err
		}
		l.made = append(l.made, made...)
		// Never through a link: a symbolic link planted at the lock's name
		// (in a folder others control) is not followed, and a file with
		// other hard links, whose other names may be outside the folder,
		// is neither locked nor written.
		f, err := os.OpenFile(l.path, os.O_RDWR|os.O_CREATE|noFollow, 0o644)
		if err != nil {
			l.removeMade()
			switch fi, lerr := os.Lstat(l.path); {
			case lerr != nil:
			case fi.Mode()&os.ModeSymlink != 0:
				return nil, notOurs(l.path, "a symbolic link")
			case !fi.Mode().IsRegular():
				return nil, notOurs(l.path, "not a regular file")
			}
			return nil, err
		}
		if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() || links(fi) > 1 {
			f.Close()
			l.removeMade()
			what := "not a regular file"
			if err == nil && fi.Mode().IsRegular() {
				what = fmt.Sprintf("a file with %d hard links", links(fi))
			}
			return nil, notOurs(l.path, what)
		}
		locked, err := tryLock(f)
		if err != nil {
			f.Close()
			l.removeMade()
			return nil, err
		}
		if !locked {
			pid := readPID(f)
			if noWait {
				f.Close()
				l.removeMade()
				return nil, &LockedError{Dir: dir, PID: pid}
			}
			if !said && waiting != nil {
				waiting(pid)
				said = true
			}
			if err := wait(ctx, f); err != nil {
				l.removeMade()
				return nil, err // wait closed f
			}
		}
		if !current(f, l.path) {
			f.Close() // removed by the run that held it: the next is there
			if retries++; retries > maxRetries {
				l.removeMade()
				return nil, notOurs(l.path, "a file that changes under every lock taken")
			}
			continue
		}
		if f.Truncate(0) == nil {
			f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
		}
		l.f = f
		return l, nil
	}
}

// maxRetries bounds the files Acquire finds replaced after locking them:
// each is a run that released its lock meanwhile, so a handful is
// plenty; more is something else replacing the file, not to be spun on.
const maxRetries = 1000

// notOurs is the error of a lock file that is not a plain file of its
// own: what is there.
func notOurs(path, what string) error {
	return fmt.Errorf("%s: the lock file is %s, not one sitemapgen made; not followed or written (remove it if it is no other program's)", path, what)
}

// Release removes the lock file and unlocks it, then removes the folders
// Acquire made if they are empty. A nil Lock is released already.
func (l *Lock) Release() {
	if l == nil {
		return
	}
	if l.f != nil {
		os.Remove(l.path) // before the unlock: a waiter finds its file gone
		l.f.Close()
		l.f = nil
	}
	l.removeMade()
}

// removeMade removes the folders Acquire made, deepest first, those that
// are empty: never a file made in the place of one since (rmdir).
func (l *Lock) removeMade() {
	for _, d := range l.made {
		fsx.RemoveEmptyNamed(d)
	}
	l.made = nil
}

// current reports whether f is still the file at path.
func current(f *os.File, path string) bool {
	a, err := f.Stat()
	if err != nil {
		return false
	}
	b, err := os.Lstat(path)
	return err == nil && os.SameFile(a, b)
}

// readPID returns the process id the lock file holds, 0 if none.
func readPID(f *os.File) int {
	b := make([]byte, 20)
	n, _ := f.ReadAt(b, 0)
	pid, err := strconv.Atoi(strings.TrimSpace(string(b[:n])))
	if err != nil {
		return 0
	}
	return pid
}
