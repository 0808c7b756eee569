package pipeline

import (
	"io/fs"
	"slices"
	"strings"
	"sync"
)

// linkedPages are the pages that had more than one name (hard links)
// when they were last read, by slash-separated path under the root. It
// keeps what each page was then. It also keeps, by file, the pages that
// share that file. The walk's goroutines note the pages, and Update
// asks about them.
//
// An edit, a touch or a chmod through one name changes the file of
// every name, but is reported for that name only. So Update judges
// again the pages noted with the file of a name it is told of (others).
// A name it did not know that has other names is a whole build, because
// those names may be pages read before the link was made. A change
// through a name outside the root, or through a name made and removed
// between two batches, is reported for no page. So changed looks at a
// part of the noted pages after every batch.
type linkedPages struct {
	mu    sync.Mutex
	names map[string]linkedPage
	// files gives the first page noted with a file. more holds the
	// others, when a file has several names in the tree. That is rare: in
	// a copy made with cp -al, every page has one name here and one
	// outside.
	files map[fileKey]string
	more  map[fileKey][]string
}

// linkedPage is what a page with other names was when it was read: the
// facts that a change through another name moves.
type linkedPage struct {
	file  fileKey
	size  int64
	mtime int64 // Unix nanoseconds
	mode  fs.FileMode
}

// fileKey names a file: its device and inode.
type fileKey struct{ dev, ino uint64 }

func newLinkedPages() *linkedPages {
	return &linkedPages{names: make(map[string]linkedPage), files: make(map[fileKey]string), more: make(map[fileKey][]string)}
}

// linkedChecks bounds how many pages changed looks at after a batch. In
// a tree where every page has another name (a copy made with cp -al,
// rsync --link-dest, a snapshot), looking at all of them would cost the
// whole site's stats every time. In a watch of 100,000 such pages,
// 4,096 checks made a rebuild 25 ms slower than 1 check did, and 1,024
// kept it within the noise (bench/watch.sh --linked).
const linkedChecks = 1024

// note records what the page at path was when it was read.
func (l *linkedPages) note(path string, info pageInfo) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if was, ok := l.names[path]; ok {
		l.unfile(path, was.file)
	}
	if info.links < 2 {
		delete(l.names, path)
		return
	}
	k := fileKey{info.dev, info.ino}
	l.names[path] = linkedPage{file: k, size: info.size, mtime: info.mtime.UnixNano(), mode: info.mode}
	if _, ok := l.files[k]; ok {
		l.more[k] = append(l.more[k], path)
	} else {
		l.files[k] = path
	}
}

// unfile takes path from the pages noted with the file k.
func (l *linkedPages) unfile(path string, k fileKey) {
	rest := slices.DeleteFunc(l.more[k], func(p string) bool { return p == path })
	switch {
	case l.files[k] != path:
	case len(rest) > 0:
		l.files[k], rest = rest[0], rest[1:]
	default:
		delete(l.files, k)
	}
	if len(rest) > 0 {
		l.more[k] = rest
	} else {
		delete(l.more, k)
	}
}

// inPaths returns whether a slash-separated path is one of paths, or
// under one of them.
func inPaths(paths []string) func(string) bool {
	set := make(map[string]bool, len(paths))
	for _, p := range paths {
		set[p] = true
	}
	return func(name string) bool {
		for {
			if set[name] {
				return true
			}
			i := strings.LastIndexByte(name, '/')
			if i < 0 {
				return false
			}
			name = name[:i]
		}
	}
}

// forget drops the page at path. When the page is judged again, it is
// noted again.
func (l *linkedPages) forget(path string) {
	l.note(path, pageInfo{links: 1})
}

// others returns the pages noted with the file that rel (under the
// root) names now, besides rel, when that file has other names. It
// returns whole when rel is a name the Session did not know (known is
// false): its other names may be pages read before it was made, and
// noted with one name.
func (l *linkedPages) others(root *lazyRoot, rel string, known bool) (pages []string, whole bool) {
	fi, err := root.Lstat(rel)
	if err != nil || !fi.Mode().IsRegular() || links(fi) < 2 {
		return nil, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, noted := l.names[rel]; !known && !noted {
		return nil, true
	}
	dev, ino := fileID(fi)
	k := fileKey{dev, ino}
	first, ok := l.files[k]
	if !ok {
		return nil, false
	}
	for _, p := range append([]string{first}, l.more[k]...) {
		if p != rel {
			pages = append(pages, p)
		}
	}
	return pages, false
}

// changed reports whether one of at most max noted pages under root is
// no longer what it was when it was read: its content, times or mode
// changed through another name. It leaves out the pages at and under
// the batch's paths. Map order makes each call look at another part of
// the pages.
func (l *linkedPages) changed(root *lazyRoot, max int, batch []string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.names) == 0 {
		return false
	}
	skip := inPaths(batch)
	n := 0
	for name, was := range l.names {
		if skip(name) {
			continue
		}
		if n++; n > max {
			break
		}
		st, err := root.Stat(name)
		if err != nil {
			return true
		}
		now := infoOf(st)
		if now.mode != was.mode || now.size != was.size || now.mtime.UnixNano() != was.mtime {
			return true
		}
	}
	return false
}
