package watch

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// fileState is what a polling scan compares: a change to any of it is a
// change to the file.
type fileState struct {
	size  int64
	mtime int64 // nanoseconds since 1970
	mode  fs.FileMode
}

func stateOf(info fs.FileInfo) fileState {
	return fileState{size: info.Size(), mtime: info.ModTime().UnixNano(), mode: info.Mode()}
}

// fallback stops fsnotify and starts polling, saying why through Warn. If
// watching was already running, events may have been lost, so the roots
// and files are reported, to be walked again.
func (w *watcher) fallback(ctx context.Context, cause error, running bool) {
	w.close()
	w.limit = nil
	w.dirs = make(map[string]struct{})
	w.polling.Store(true) // before any path of the polling goes out
	w.warn(fallbackWarning(cause, w.opts.Poll))
	w.snap = w.scan(ctx)
	w.ticker = time.NewTicker(w.opts.Poll)
	if running {
		for _, p := range w.everything() {
			w.send(ctx, p)
		}
	}
}

// poll scans again and reports each file added, changed or removed since the
// last scan.
func (w *watcher) poll(ctx context.Context) {
	next := w.scan(ctx)
	if ctx.Err() != nil { // the scan stopped half way
		return
	}
	for p, now := range next {
		if before, ok := w.snap[p]; !ok || before != now {
			w.send(ctx, p)
		}
	}
	for p := range w.snap {
		if _, ok := next[p]; !ok {
			w.send(ctx, p)
		}
	}
	w.snap = next
}

// scan returns the state of every relevant file under the roots and of each
// of Options.Files that exists. It skips what it cannot read without a
// word: a warning every Poll would drown the rest.
func (w *watcher) scan(ctx context.Context) map[string]fileState {
	snap := make(map[string]fileState, len(w.snap))
	for _, root := range w.roots {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if ctx.Err() != nil {
				return filepath.SkipAll
			}
			if err != nil {
				return nil
			}
			if d.IsDir() {
				if p != root && w.skipDir(p) {
					return filepath.SkipDir
				}
				return nil
			}
			if !w.relevant(p) {
				return nil
			}
			if info, err := d.Info(); err == nil {
				snap[p] = stateOf(info)
			}
			return nil
		})
	}
	for f := range w.files {
		if info, err := os.Lstat(f); err == nil {
			snap[f] = stateOf(info)
		}
	}
	return snap
}
