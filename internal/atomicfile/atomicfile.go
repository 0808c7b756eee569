package atomicfile

import (
	"bufio"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// tempName matches the names CreateTempIn gives.
var tempName = lazyre.MustCompile(`^\.sitemapgen-([0-9]+)-[0-9]+\.tmp$`)

// IsTemp reports whether name is one CreateTempIn gives.
func IsTemp(name string) bool { return tempName().MatchString(name) }

// CreateTempIn creates a new temporary file in the folder dir inside
// root, named after this process, mode 0600: a new file (O_EXCL), never
// one that exists, nor through a link. It returns the file, whose Name is
// its path, and its path inside root, with slashes. The caller writes,
// syncs and closes it, and renames or removes it through root.
func CreateTempIn(root *fsx.Root, dir string) (*os.File, string, error) {
	prefix := ".sitemapgen-" + strconv.Itoa(os.Getpid()) + "-"
	for try := 0; ; try++ {
		rel := path.Join(filepath.ToSlash(dir), prefix+strconv.FormatUint(uint64(rand.Uint32()), 10)+".tmp")
		f, err := root.Create(rel, 0o600)
		if errors.Is(err, fs.ErrExist) && try < 10000 {
			continue
		}
		return f, rel, err
	}
}

// Write replaces path with data, with permissions mode, through a synced
// temporary file in the same folder; the temporary file is removed on
// error. The folder is path's as named; the file and the temporary file
// are made, renamed and removed inside it ([WriteIn]). Call [SyncDir] to
// make the rename itself durable.
func Write(path string, data []byte, mode fs.FileMode) error {
	return WriteFunc(path, mode, func(w *bufio.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFunc is [Write] of what write writes to w, for a file that is not
// held in memory whole; a write that fails leaves path as it was.
func WriteFunc(path string, mode fs.FileMode, write func(w *bufio.Writer) error) error {
	root, err := fsx.OpenRoot(filepath.Dir(path))
	if err != nil {
		return err
	}
	defer root.Close()
	return WriteFuncIn(root, filepath.Base(path), mode, write)
}

// WriteIn replaces the file rel inside root with data, as [Write] does,
// every step inside root: never through a link out of it.
func WriteIn(root *fsx.Root, rel string, data []byte, mode fs.FileMode) error {
	return WriteFuncIn(root, rel, mode, func(w *bufio.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteUnder replaces the file rel (a slash path) inside the folder dir
// with data, as [WriteIn] does: dir is made if missing (as named, as
// [fsx.MkdirAllNamed] makes it), rel's folders inside it, never through
// a link out of it, and the temporary files that killed runs left
// beside rel are removed first ([RemoveStaleIn]). For a file a program
// keeps for its next run (a cache) in a folder its user names.
func WriteUnder(dir, rel string, data []byte, mode fs.FileMode) error {
	if err := fsx.MkdirAllNamed(dir, 0o755); err != nil {
		return err
	}
	root, err := fsx.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	if err := root.MkdirAll(path.Dir(rel), 0o755); err != nil {
		return err
	}
	RemoveStaleIn(root, path.Dir(rel), time.Now()) // a killed run's
	return WriteIn(root, rel, data, mode)
}

// WriteFuncIn is [WriteIn] of what write writes to w.
func WriteFuncIn(root *fsx.Root, rel string, mode fs.FileMode, write func(w *bufio.Writer) error) error {
	tmp, tmpRel, err := CreateTempIn(root, path.Dir(filepath.ToSlash(rel)))
	if err != nil {
		return err
	}
	renamed := false
	defer func() {
		if !renamed {
			root.Remove(tmpRel)
		}
	}()
	w := bufio.NewWriter(tmp)
	if err := write(w); err != nil {
		tmp.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := root.Rename(tmpRel, rel); err != nil {
		return err
	}
	renamed = true
	return nil
}

// SyncDir makes the renames in dir, a folder as named, durable.
func SyncDir(dir string) error {
	root, err := fsx.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	return root.SyncDir(".")
}

// RemoveStaleIn removes from the folder dir inside root the temporary
// files of runs that are no longer running (killed, crashed): those of a
// process that does not exist, and this process's own that are older than
// start (a PID can come back in a container). Only regular files go, each
// removed inside root ([fsx.Root.RemoveRegular]): never through a link
// out of it. It reports the names it removed.
func RemoveStaleIn(root *fsx.Root, dir string, start time.Time) []string {
	entries, err := root.ReadDir(dir)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range entries {
		m := tempName().FindStringSubmatch(e.Name())
		if m == nil || !e.Type().IsRegular() {
			continue
		}
		pid, err := strconv.Atoi(m[1])
		if err != nil {
			continue
		}
		if pid == os.Getpid() {
			info, err := e.Info()
			if err != nil || !info.ModTime().Before(start) {
				continue
			}
		} else if processRunning(pid) {
			continue
		}
		if root.RemoveRegular(path.Join(filepath.ToSlash(dir), e.Name())) == nil {
			removed = append(removed, e.Name())
		}
	}
	return removed
}

// MissingDirs returns dir and those of its parents that do not exist,
// deepest first.
func MissingDirs(dir string) []string {
	var missing []string
	for dir != "" {
		if _, err := fsx.LstatNamed(dir); !errors.Is(err, fs.ErrNotExist) {
			break
		}
		missing = append(missing, dir)
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return missing
}
