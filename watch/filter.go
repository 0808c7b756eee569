package watch

import (
	"os"
	"path/filepath"
	"strings"
)

// noise reports whether a file or folder name is one that editors and
// sitemapgen itself create for a moment and that never matters to a build:
//
//   - name~ (Emacs, Vim, nano backups)
//   - .name.swp, .name.swx, .name.swo (Vim swap files)
//   - .#name (Emacs lock files) and #name# (Emacs auto-save files)
//   - 4913 (Vim's probe of whether it may write in a folder)
//   - name.tmp, including .sitemapgen-PID-N.tmp (the writer's atomic
//     replace)
func noise(name string) bool {
	switch {
	case name == "4913":
		return true
	case strings.HasSuffix(name, "~"):
		return true
	case strings.HasPrefix(name, ".#"):
		return true
	case len(name) > 1 && strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#"):
		return true
	case strings.HasPrefix(name, ".") && (strings.HasSuffix(name, ".swp") ||
		strings.HasSuffix(name, ".swx") || strings.HasSuffix(name, ".swo")):
		return true
	case strings.HasSuffix(name, ".tmp"):
		return true
	}
	return false
}

// hidden reports whether a file or folder name starts with a dot, as .git,
// .cache and .sitemapgen-files do. The walker skips such names, so a change
// to them can never change a sitemap.
func hidden(name string) bool { return strings.HasPrefix(name, ".") }

// within reports whether path is dir or inside it. Both are clean. It
// allocates nothing: fanotify's reader asks it of every event.
func within(path, dir string) bool {
	if !strings.HasPrefix(path, dir) {
		return false
	}
	return len(path) == len(dir) || strings.HasSuffix(dir, string(filepath.Separator)) || path[len(dir)] == filepath.Separator
}

// rootOf returns the innermost root that holds path, or "" if none does.
func (w *watcher) rootOf(path string) string {
	var best string
	for _, r := range w.roots {
		if within(path, r) && len(r) > len(best) {
			best = r
		}
	}
	return best
}

// skipDir reports whether the folder dir, found under a root, is left out of
// the watches and the polling scans.
func (w *watcher) skipDir(dir string) bool {
	name := filepath.Base(dir)
	return hidden(name) || noise(name) || w.ignore(dir)
}

// relevant reports whether a change to path is handed to the callback: path
// is one of Options.Files, or it is a root or inside one, with no hidden
// folder or file on the way from the root, not an editor's or sitemapgen's
// temporary file, and not ignored by Options.Ignore.
func (w *watcher) relevant(path string) bool {
	if w.files[path] {
		return !w.ignore(path)
	}
	root := w.rootOf(path)
	if root == "" {
		return false
	}
	if path == root {
		return true
	}
	rel := strings.TrimPrefix(path[len(root):], string(filepath.Separator))
	for _, name := range strings.Split(rel, string(filepath.Separator)) {
		if hidden(name) {
			return false
		}
	}
	return !noise(filepath.Base(path)) && !w.ignore(path)
}

// inSkipped reports whether path is under a folder that skipDir leaves
// out: fanotify reports what happens there, which a watch a folder never
// sees.
func (w *watcher) inSkipped(path string) bool {
	root := w.rootOf(path)
	if root == "" {
		return false
	}
	for dir := filepath.Dir(path); len(dir) > len(root) && within(dir, root); dir = filepath.Dir(dir) {
		if w.skipDir(dir) {
			return true
		}
	}
	return false
}

// ignore calls Options.Ignore, if there is one.
func (w *watcher) ignore(path string) bool {
	return w.opts.Ignore != nil && w.opts.Ignore(path)
}

// isRoot reports whether path is one of the roots.
func (w *watcher) isRoot(path string) bool {
	for _, r := range w.roots {
		if path == r {
			return true
		}
	}
	return false
}

// exists reports whether path can be found with lstat.
func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
