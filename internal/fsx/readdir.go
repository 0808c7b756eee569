package fsx

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// readDir lists the folder rel inside r, sorted by name. An entry's Info
// is asked through at, or, when at is nil (a folder opened for this
// listing alone, closed since), through a Root opened again on r's
// folder: either way inside it, never by a path that could leave it.
func (r *Root) readDir(rel string, at *Root) ([]fs.DirEntry, error) {
	name := slashRel(rel)
	f, err := r.r.OpenFile(filepath.FromSlash(name), os.O_RDONLY|dirFlags, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ents, err := listDir(f)
	if err != nil {
		return nil, err
	}
	in := &listing{at: at, dir: r.dir, rel: name}
	for i, e := range ents {
		ents[i] = dirEntry{e, in}
	}
	slices.SortFunc(ents, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return ents, nil
}

// listing is the folder a dirEntry was listed in.
type listing struct {
	at       *Root // nil: open dir again
	dir, rel string
}

// dirEntry is an entry of a folder listed by readDir: its name and type
// as listed, its Info asked inside the folder.
type dirEntry struct {
	fs.DirEntry
	in *listing
}

func (e dirEntry) Info() (fs.FileInfo, error) {
	rel := path.Join(e.in.rel, e.Name())
	if e.in.at != nil {
		return e.in.at.Lstat(rel)
	}
	return Lstat(e.in.dir, rel)
}

func (e dirEntry) String() string { return fs.FormatDirEntry(e) }
