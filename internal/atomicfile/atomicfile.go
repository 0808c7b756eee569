// Package atomicfile replaces files so that a reader, or a run killed at
// any instant, finds either the old file or the new one, whole: the data
// goes into a synced temporary file in the same folder, which is then
// renamed over the file.
//
// Every temporary file sitemapgen makes is named .sitemapgen-PID-N.tmp, by
// [CreateTemp], so that a later run can tell a killed run's leftovers
// from a running one's files and remove them ([RemoveStale]). The sitemap
// writer renames a whole set of such files into place; [Write] replaces
// one file: a state file, a changes file, a feed, robots.txt,
// sitemap.yaml.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"time"
)

// tempName matches the names CreateTemp gives.
var tempName = regexp.MustCompile(`^\.sitemapgen-([0-9]+)-[0-9]+\.tmp$`)

// IsTemp reports whether name is one CreateTemp gives.
func IsTemp(name string) bool { return tempName.MatchString(name) }

// CreateTemp creates a new temporary file in dir, named after this
// process, mode 0600. The caller writes, syncs and closes it, and renames
// or removes it.
func CreateTemp(dir string) (*os.File, error) {
	return os.CreateTemp(dir, ".sitemapgen-"+strconv.Itoa(os.Getpid())+"-*.tmp")
}

// Write replaces path with data, with permissions mode, through a synced
// temporary file in the same folder; the temporary file is removed on
// error. Call [SyncDir] to make the rename itself durable.
func Write(path string, data []byte, mode fs.FileMode) error {
	return WriteFunc(path, mode, func(w *bufio.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFunc is [Write] of what write writes to w, for a file that is not
// held in memory whole; a write that fails leaves path as it was.
func WriteFunc(path string, mode fs.FileMode, write func(w *bufio.Writer) error) error {
	tmp, err := CreateTemp(filepath.Dir(path))
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly after the rename
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
	return os.Rename(tmp.Name(), path)
}

// SyncDir makes the renames in dir durable.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return fmt.Errorf("sync %s: %w", dir, err)
	}
	return nil
}

// RemoveStale removes from dir the temporary files of runs that are no
// longer running (killed, crashed): those of a process that does not
// exist, and this process's own that are older than start (a PID can come
// back in a container). It reports what it removed.
func RemoveStale(dir string, start time.Time) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range entries {
		m := tempName.FindStringSubmatch(e.Name())
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
		if os.Remove(filepath.Join(dir, e.Name())) == nil {
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
		if _, err := os.Lstat(dir); !errors.Is(err, fs.ErrNotExist) {
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
