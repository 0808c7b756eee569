package writer

import (
	"cmp"
	"io/fs"
	"path/filepath"
	"slices"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// The output folder as a Write sees it: the files of its set, the record
// kept of them, what may be placed, taken over or removed, and the
// abort that leaves the folder as it was.

// hasFile reports whether name is a file of the set or of its aliases.
func (t *txn) hasFile(name string) bool {
	for _, f := range t.files {
		if f.name == name {
			return true
		}
	}
	for _, a := range t.aliases {
		if a.name == name {
			return true
		}
	}
	return false
}

// openRoot opens the output folder that a Write or a Withdraw holds
// ([fsx.OpenRoot]): each of their steps reads and writes its files
// through it. Tests swap the folder for a link once it is open.
var openRoot = fsx.OpenRoot

// RecordFolder returns the folder the record of Dir is kept in: RecordDir,
// else Dir.
func (o *Options) RecordFolder() string { return cmp.Or(o.RecordDir, o.Dir) }

// rename renames a file inside the output folder ([fsx.Root.Rename]);
// tests make it fail part way through a commit, as a full disk or a
// removed folder can.
var rename = (*fsx.Root).Rename

// placeable returns an error when a file of t cannot be renamed to its
// name in the output folder it holds: a folder has it.
func (t *txn) placeable() error {
	for _, f := range t.files {
		if f.kept {
			continue
		}
		if st, err := t.root.Lstat(f.name); err == nil && st.IsDir() {
			return &diag.Diagnostic{File: t.root.Path(f.name), Msg: "a folder is where this sitemap file goes; nothing written"}
		}
	}
	return nil
}

// takenOver returns the names robots.txt's lines for which give way to
// the set's: the other tools' sitemaps removed and those that answer
// with an alias, and the set's own entry file under a name of the
// user's, and an earlier one's (IsOwnName knows the others).
func (t *txn) takenOver() []string {
	names := slices.Clone(t.foreign)
	for _, a := range t.aliases {
		names = append(names, a.name)
	}
	if t.opts.Filename != "" {
		names = append(names, t.opts.entry())
	}
	for _, name := range t.recorded {
		if t.recordKind[name] == kindEntry {
			names = append(names, name)
		}
	}
	return names
}

// kind is the record's kind of the file f: kindAlias for the files of an
// alias, kindEntry for the entry file of a name of the user's, "" for
// the others.
func (t *txn) kind(f *file) string {
	switch {
	case f.alias:
		return kindAlias
	case t.opts.Filename != "" && f.name == t.opts.entry() && !IsOwnName(f.name):
		return kindEntry
	case t.opts.Text && isTextName(f.name, t.opts.TextName) && !IsOwnName(f.name):
		return kindText
	}
	return ""
}

// stale reports whether the file name of the record, which this Write
// does not write, is still the file an earlier Write made there, to be
// removed: any of the names IsOwnName knows; an alias's only while it
// has its mark (the generator may have written its own sitemap there
// again, which is not ours to remove); an entry file of a name of the
// user's only while it is a sitemap, a text sitemap's only while it is
// one.
func (t *txn) stale(name string) bool {
	return t.inRoot(func(r *fsx.Root) bool { return stillOurs(r, t.recordKind[name], name) })
}

// stillOurs reports whether the file name of the folder r, recorded with
// kind, is still what an earlier Write made there: any name of ours is;
// an alias only while it has its mark; an entry file of a name of the
// user's only while it is a sitemap, and a text sitemap of a name of the
// user's only while it is a text sitemap.
func stillOurs(r *fsx.Root, kind, name string) bool {
	switch kind {
	case kindAlias:
		return marked(r, name)
	case kindEntry:
		return isSitemapFile(r, name)
	case kindText:
		return isTextSitemapFile(r, name)
	}
	return true
}

// lstat is [fsx.Root.Lstat] of name in the output folder (inRoot); an
// fs.ErrNotExist error when there is no folder.
func (t *txn) lstat(name string) (fs.FileInfo, error) {
	var fi fs.FileInfo
	err := error(&fs.PathError{Op: "lstat", Path: filepath.Join(t.opts.Dir, name), Err: fs.ErrNotExist})
	t.inRoot(func(r *fsx.Root) bool { fi, err = r.Lstat(name); return true })
	return fi, err
}

// inRoot calls fn with the output folder held as a root: the Write's,
// or, in a dry run or a check, one opened for the call. Without a
// folder, fn is not called: false.
func (t *txn) inRoot(fn func(*fsx.Root) bool) bool {
	if t.root != nil {
		return fn(t.root)
	}
	r, err := fsx.OpenRoot(t.opts.Dir)
	if err != nil {
		return false
	}
	defer r.Close()
	return fn(r)
}

// abort removes the temporary files that were not committed.
func (t *txn) abort() {
	for _, f := range t.files {
		f.hashWait()
		if f.tmp != nil {
			f.tmp.Close()
			t.root.Remove(f.tmpRel)
			f.tmp = nil
		}
	}
}
