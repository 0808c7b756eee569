package pipeline

import (
	"io/fs"
	"slices"
	"strings"
	"sync"
)

// linkedPages are the pages, by slash-separated path under the root, that
// had more than one name (hard links) when they were last read, with what
// they were then, and by their file the pages that share it. The walk's
// goroutines note them; Update asks.
//
// An edit, a touch or a chmod through one name changes the file of every
// name, but is reported for that name only. Update judges again the pages
// noted with the file of a name it is told of (others); a name it did not
// know that has other names is a whole build, as those names may be pages
// read before the link was made. A change through a name outside the
// root, or through one made and removed between two batches, is reported
// for no page: changed looks at a part of the noted pages after every
// batch.
type linkedPages struct {
	mu    sync.Mutex
	names map[string]linkedPage
	// files gives the first page noted with a file; more holds the
	// others, when a file has several names in the tree (rare: in a
	// copy made with cp -al every page has one name here, and one
	// outside).
	files map[fileKey]string
	more  map[fileKey][]string
}

// linkedPage is what a page with other names was when it was read: what
// a change through another name moves.
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

// linkedChecks bounds the pages changed looks at after a batch: in a tree
// whose every page has another name (a copy made with cp -al, rsync
// --link-dest, a snapshot), looking at all of them would cost the whole
// site's stats every time. In a watch of 100,000 such pages, 4,096 made a
// rebuild 25 ms slower than 1 did; 1,024 left it within the noise
// (bench/watch.sh --linked).
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

// forget drops the page at path: judged again, it is noted again.
func (l *linkedPages) forget(path string) {
	l.note(path, pageInfo{links: 1})
}

// others returns the pages noted with the file that rel (under the root)
// names now, besides rel, when that file has other names; whole when rel
// is a name the Session did not know (known false): its other names may
// be pages read before it was made, and noted with one name.
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

// changed reports whether one of at most max pages noted, under root, is
// no longer what it was when it was read: its content, times or mode
// changed through another name. The pages at and under the batch's paths
// are left out. Map order makes each call look at another part of them.
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
