package sitediff

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/internal/validate"
	"github.com/sitemapgen/sitemapgen/writer"
)

// URL is one URL of a set and its values.
type URL struct {
	Loc string
	// vals holds lastmod, changefreq, priority and the alternates
	// ("lang\x02href" sorted, joined by "\x01"), joined by "\x00".
	vals string
}

// Values are a URL's values as its sitemap writes them, "" for none;
// Alternates maps a language to its href.
func (u URL) Values() (lastmod, changefreq, priority string, alternates map[string]string) {
	f := strings.SplitN(u.vals, "\x00", 4)
	for len(f) < 4 {
		f = append(f, "")
	}
	if f[3] != "" {
		alternates = map[string]string{}
		for _, a := range strings.Split(f[3], "\x01") {
			lang, href, _ := strings.Cut(a, "\x02")
			alternates[lang] = href
		}
	}
	return f[0], f[1], f[2], alternates
}

// newURL makes the URL of an entry.
func newURL(e validate.Entry) URL {
	alts := make([]string, len(e.Alternates))
	for i, a := range e.Alternates {
		alts[i] = a.Lang + "\x02" + a.Href
	}
	slices.Sort(alts)
	vals := e.LastMod + "\x00" + e.ChangeFreq + "\x00" + e.Priority + "\x00" + strings.Join(alts, "\x01")
	if vals == "\x00\x00\x00" {
		vals = ""
	}
	return URL{Loc: e.Loc, vals: vals}
}

// entryNames are the files a folder's set starts from, when its
// robots.txt names none: the first that exists.
var entryNames = []string{"sitemap.xml", "sitemap.xml.gz", "sitemap_index.xml", "sitemap_index.xml.gz", "sitemap.txt"}

// Load reads the sitemap set at p, a file or a folder. Its errors, a
// [*diag.Diagnostic] where there is a place, are about the input: a file
// that cannot be read, is no sitemap, or passes a limit of opts (those of
// [validate.Options]), an index entry whose file is not beside the index;
// or a run of a large set that cannot be written. Close the set when done
// with it, to remove its runs.
//
// p is a path the user named, followed where it points; the files of the
// set found from it (a folder's robots.txt and sitemaps, an index's
// files) are read inside the folder p is or lies in (package fsx): a
// symbolic link out of it is refused, and nothing of its target read.
func Load(ctx context.Context, p string, opts validate.Options) (*Set, error) {
	return loadBatches(ctx, p, opts, batchBytes)
}

// loadBatches is Load with batches of max bytes.
func loadBatches(ctx context.Context, p string, opts validate.Options, max int) (*Set, error) {
	fi, err := fsx.StatNamed(p)
	if err != nil {
		return nil, &diag.Diagnostic{File: p, Msg: "no such file or folder"}
	}
	l := &loader{ctx: ctx, opts: opts, done: map[string]bool{}, set: newSet(max), roots: map[string]*fsx.Root{}}
	defer l.close()
	var files []setFile
	switch {
	case fi.IsDir():
		if files, err = l.folderEntries(p); err != nil {
			return nil, err
		}
	case fi.Mode().IsRegular():
		files = []setFile{{path: p}}
	default:
		return nil, &diag.Diagnostic{File: p, Msg: "not a regular file (" + fsx.Describe(fi.Mode()) + ")"}
	}
	for _, f := range files {
		if err := l.load(f); err != nil {
			l.set.Close()
			return nil, err
		}
	}
	l.set.sortBatch() // the last run, kept in memory
	return l.set, nil
}

// setFile is a file of a set: the one the user named (dir empty), or the
// file rel inside the folder dir.
type setFile struct {
	path     string // as messages name it
	dir, rel string
}

// in returns the file rel inside the folder dir.
func in(dir, rel string) setFile {
	return setFile{path: filepath.Join(dir, filepath.FromSlash(rel)), dir: dir, rel: rel}
}

// folder returns the folder the files f names are looked for inside, and
// f's own folder in it, with slashes: an index's files lie beside it.
func (f setFile) folder() (dir, rel string) {
	if f.dir == "" {
		return filepath.Dir(f.path), "."
	}
	return f.dir, path.Dir(f.rel)
}

// loader reads the files of one set.
type loader struct {
	ctx   context.Context
	opts  validate.Options
	done  map[string]bool // absolute paths read
	set   *Set
	err   error                // of the set's runs
	roots map[string]*fsx.Root // the folders files are looked for in
}

// root returns the folder dir, opened once.
func (l *loader) root(dir string) (*fsx.Root, error) {
	if r, ok := l.roots[dir]; ok {
		return r, nil
	}
	r, err := fsx.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	l.roots[dir] = r
	return r, nil
}

// close releases the folders.
func (l *loader) close() {
	for _, r := range l.roots {
		r.Close()
	}
}

// add adds u to the set, unless a run could not be written.
func (l *loader) add(u URL) {
	if l.err == nil {
		l.err = l.set.add(u)
	}
}

// load reads the file f, once, and the files an index lists: a sitemap
// (XML, or text by its name .txt) or a feed, as validate reads them.
func (l *loader) load(f setFile) error {
	abs, err := filepath.Abs(f.path)
	if err != nil {
		return err
	}
	if l.done[abs] {
		return nil
	}
	l.done[abs] = true
	var shards []validate.Entry // an index's entries are its files
	each := func(e validate.Entry) {
		if e.Index {
			shards = append(shards, validate.Entry{Loc: e.Loc, Line: e.Line})
		} else {
			l.add(newURL(e))
		}
	}
	var index bool
	if f.dir == "" {
		index, err = validate.Read(l.ctx, f.path, l.opts, each)
	} else {
		index, err = validate.ReadIn(l.ctx, f.dir, f.rel, l.opts, each)
	}
	if err = cmp.Or(err, l.err); err != nil || !index {
		return err
	}
	dir, rel := f.folder()
	r, err := l.root(dir)
	if err != nil {
		return err
	}
	locs := make([]string, len(shards))
	for i, e := range shards {
		locs[i] = e.Loc
	}
	m := validate.LocateEntries(r, path.Join(rel, filepath.Base(f.path)), locs)
	for i, e := range shards {
		file := m.Files[i]
		if !file.Found && l.outside(f.path, e.Loc) {
			continue // another application's sitemap (index.extra): not this set's
		}
		if !file.Found {
			return diag.At(f.path, e.Line, "index entry "+diag.Excerpt(e.Loc)+": "+noFile(m, file, rel, e.Loc, "beside the index; download it there"))
		}
		if err := l.load(in(dir, file.Rel)); err != nil {
			return err
		}
	}
	return nil
}

// noFile says why the entry loc of an index whose folder is rel in the
// folder it is read inside, matched to file by m, is not read: no file
// where it names one (where: "beside the index"), or none looked for.
func noFile(m validate.IndexFiles, file validate.IndexFile, rel, loc, where string) string {
	switch {
	case file.NotBelow:
		return fmt.Sprintf("not below %s, where the files the other entries name say the index lies: no file looked for", diag.URLExcerpt(m.At))
	case file.Climbs:
		return fmt.Sprintf("a \"..\" segment below %s (its slashes percent-encoded): no file looked for", diag.URLExcerpt(m.At))
	}
	name := lastSegment(loc) // no location found: the name it ends with
	if file.Rel != "" {
		name = strings.TrimPrefix(file.Rel, strings.TrimPrefix(rel+"/", "./"))
	}
	return fmt.Sprintf("no file %s %s", diag.Excerpt(name), where)
}

// outside reports whether the entry loc of the index at index, which
// names no file beside it, is another application's sitemap that
// sitemapgen's index lists (index.extra): the index's folder has a
// sitemapgen record (validate.Options.Recorded), which does not list the
// file loc names.
func (l *loader) outside(index, loc string) bool {
	if l.opts.Recorded == nil {
		return false
	}
	names, err := l.opts.Recorded(l.opts.RecordIn(filepath.Dir(index)))
	return err == nil && len(names) > 0 && !slices.Contains(names, lastSegment(loc))
}

// lastSegment is the last segment of loc's path.
func lastSegment(loc string) string {
	if u, err := url.Parse(loc); err == nil {
		loc = u.Path
	}
	return path.Base(loc)
}

// folderEntries returns the files a folder's set starts from: those its
// robots.txt names in Sitemap: lines, found as index entries are, else
// the first of entryNames there.
func (l *loader) folderEntries(dir string) ([]setFile, error) {
	r, err := l.root(dir)
	if err != nil {
		return nil, err
	}
	robotsTxt := r.Path("robots.txt")
	data, _, err := robots.ReadPrefix(r, robots.MaxBytes)
	var files []setFile
	for _, sl := range robots.Sitemaps(data) {
		loc := sl.URL
		// Each Sitemap: line found as an index's one entry is.
		m := validate.LocateEntries(r, "robots.txt", []string{loc})
		if !m.Files[0].Found {
			return nil, diag.At(robotsTxt, sl.Line, "Sitemap: "+diag.URLExcerpt(loc)+": "+noFile(m, m.Files[0], ".", loc, "in "+dir))
		}
		files = append(files, in(dir, m.Files[0].Rel))
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, &diag.Diagnostic{File: robotsTxt, Msg: unwrapPath(err).Error()}
	}
	if len(files) > 0 {
		return files, nil
	}
	// The entry file sitemapgen's record names, when it is one of a name
	// of the user's (--filename).
	if names, err := writer.RecordedEntries(l.opts.RecordIn(dir), 0); err == nil && len(names) > 0 {
		if fi, err := r.Stat(names[0]); err == nil && fi.Mode().IsRegular() {
			return []setFile{in(dir, names[0])}, nil
		}
	}
	for _, name := range entryNames {
		if fi, err := r.Stat(name); errors.Is(err, fsx.ErrOutside) || err == nil && !fi.IsDir() {
			return []setFile{in(dir, name)}, nil
		}
	}
	return nil, &diag.Diagnostic{File: dir, Msg: "no sitemap found: no Sitemap: line in robots.txt, no entry file in sitemapgen's record, no " + strings.Join(entryNames, ", ")}
}

// unwrapPath returns the system's error of a *fs.PathError, whose path a
// message names already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
