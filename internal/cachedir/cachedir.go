package cachedir

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// Kinds are the folders of the cache folder that hold cache files: the
// git histories (gitdates) and the sources' front matter (pipeline).
var Kinds = []string{"git", "frontmatter"}

const (
	// MaxUnused is how long a cache file may go unused before a trim
	// removes it.
	MaxUnused = 30 * 24 * time.Hour
	// trimEvery is how often a trim looks at the folders: at most once a
	// day, whatever the number of builds.
	trimEvery = 24 * time.Hour
	// markAfter is how old a cache file's time must be for a use to move
	// it: a file used again within the hour is not written to.
	markAfter = time.Hour
	// trimName is the file, in the cache folder, that holds when the last
	// trim ran (Unix seconds).
	trimName = "trim.txt"
)

// cacheName reports whether name is one a cache gives its files: 16
// lowercase hex digits.
func cacheName(name string) bool {
	if len(name) != 16 {
		return false
	}
	for _, c := range []byte(name) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// Used marks the cache file rel (a slash path) in the folder dir used at
// now: its modification time is set to now when it is older than an
// hour. It reports whether it moved it; a file it cannot stat or touch
// (a read-only folder) is left as it is: it is only trimmed sooner.
func Used(dir, rel string, now time.Time) bool {
	root, err := fsx.OpenRoot(dir)
	if err != nil {
		return false
	}
	defer root.Close()
	// Chtimes touches only a regular file.
	fi, err := root.Lstat(rel)
	if err != nil || !fi.ModTime().Before(now.Add(-markAfter)) {
		return false
	}
	return root.Chtimes(rel, now) == nil
}

// Trim removes from the folders Kinds of dir the cache files unused
// since MaxUnused before now, unless a trim ran in the day before now
// (dir's trim.txt says when). It returns the files it removed (slash
// paths in dir), and the first error that kept it from trimming; a
// folder that is not there is no error.
func Trim(dir string, now time.Time) ([]string, error) {
	if last, ok := lastTrim(dir); ok && now.Sub(last) < trimEvery && !last.After(now) {
		return nil, nil
	}
	root, err := fsx.OpenRoot(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, fmt.Errorf("cache folder not trimmed: %w", err)
	}
	defer root.Close()
	var removed []string
	for _, kind := range Kinds {
		entries, err := root.ReadDir(kind)
		if err != nil {
			continue // not there yet, or not a folder: nothing of ours
		}
		for _, e := range entries {
			if !cacheName(e.Name()) || !e.Type().IsRegular() {
				continue
			}
			info, err := e.Info()
			if err != nil || !info.ModTime().Before(now.Add(-MaxUnused)) {
				continue
			}
			rel := path.Join(kind, e.Name())
			if root.RemoveRegular(rel) == nil {
				removed = append(removed, rel)
			}
		}
	}
	if err := atomicfile.WriteUnder(dir, trimName, []byte(strconv.FormatInt(now.Unix(), 10)+"\n"), 0o644); err != nil {
		return removed, fmt.Errorf("cache folder not trimmed again: %w", err)
	}
	return removed, nil
}

// lastTrim returns when the last trim of dir ran, as its trim.txt says.
func lastTrim(dir string) (time.Time, bool) {
	data, err := fsx.ReadFile(dir, trimName, 64, "the cache folder's trim.txt")
	if err != nil {
		return time.Time{}, false
	}
	sec, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	if err != nil || sec < 0 {
		return time.Time{}, false
	}
	return time.Unix(sec, 0), true
}
