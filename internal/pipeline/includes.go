package pipeline

import (
	"context"
	"io"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/gitdates"
)

// A page built from includes changes when any of its files does, so it
// is dated by the newest of their git dates. An example is a Sphinx
// changelog.rst that is only ".. include:: ../CHANGELOG.md". The
// directives are the sources' own text, and untrusted. They are
// followed at most maxIncludeDepth deep and to at most maxIncludes
// files a source, each read up to limits.PageBytes. They are never
// followed out of the work tree that holds the sources, through ".." or
// a symbolic link. Outside a work tree, the bound is the project folder
// (includeBound). The files are opened through the one door (package
// fsx): only regular files, and never waited on.
const (
	maxIncludes     = 64
	maxIncludeDepth = 8
)

// readIncludes returns the files that the source at rel (relative to
// Join.Dir) includes, directly or through the files it includes. The
// files are as reported, relative to the root. It also returns whether
// one of them is outside Join.Dir. A file that is not there, or not in
// the project, is left out.
func (b *builder) readIncludes(inc generator.Includer, rel string) (files []string, outside bool) {
	project, base := b.includeBound()
	root, err := fsx.OpenRoot(project)
	if err != nil {
		return nil, false
	}
	defer root.Close()
	inProject := func(p string) (string, bool) {
		q := path.Join(base, p)
		return q, q != ".." && !strings.HasPrefix(q, "../")
	}
	prefix := b.joinPrefix()
	seen := map[string]bool{rel: true}
	var follow func(file string, depth int)
	follow = func(file string, depth int) {
		name, _ := inProject(file)
		data := readLimited(root, name, int64(b.opts.Limits.PageBytes))
		for _, i := range inc.Includes(rel, file, data) {
			if len(seen) > maxIncludes {
				return
			}
			name, ok := inProject(i.Path)
			if !ok || seen[i.Path] {
				continue
			}
			if st, err := root.Stat(name); err != nil || !st.Mode().IsRegular() {
				continue
			}
			seen[i.Path] = true
			files = append(files, path.Clean(prefix+i.Path))
			outside = outside || strings.HasPrefix(i.Path, "../")
			if !i.Literal && depth < maxIncludeDepth {
				follow(i.Path, depth+1)
			}
		}
	}
	follow(rel, 0)
	return files, outside
}

// includeBound returns the folder a source's includes may be in, and
// the sources' folder relative to it. When git has read or is reading a
// work tree that holds the sources, the bound is that tree. An example
// is Sphinx's doc/ that includes ../CHANGES, from the repository's top,
// wherever sitemapgen runs. Otherwise the bound is the project folder
// (Sources.Project) when it holds the sources, or else the sources'
// folder.
func (b *builder) includeBound() (bound, base string) {
	j := b.opts.Join
	top := b.in.gitTop
	if b.in.git != nil {
		top = b.in.git.Top()
	}
	if top != "" {
		if r, ok := within(top, j.Dir); ok {
			return top, r
		}
	}
	if j.Project != "" {
		if r, ok := within(j.Project, j.Dir); ok {
			return j.Project, r
		}
	}
	return j.Dir, "."
}

// within returns the folder dir relative to outer, slash-separated. It
// also reports whether dir is outer or under it.
func within(outer, dir string) (string, bool) {
	outer, err1 := filepath.Abs(outer)
	dir, err2 := filepath.Abs(dir)
	if err1 != nil || err2 != nil {
		return "", false
	}
	r, err := filepath.Rel(outer, dir)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(r), true
}

// readLimited returns the first max bytes of the regular file name (a
// slash path) in root, or nil.
func readLimited(root *fsx.Root, name string, max int64) []byte {
	f, err := root.Open(name, max, "limits.page_bytes")
	if err != nil {
		return nil
	}
	defer f.Close()
	data, _ := io.ReadAll(io.LimitReader(f, max))
	return data
}

// widenGit reads git's history again for the whole folder that includes
// may be in (includeBound). It does so only when a source includes a
// file outside the sources' folder, whose history the first reading
// left out. The repository's history may be much longer than its
// documentation's.
func (b *builder) widenGit(ctx context.Context, outside bool) {
	if !outside || b.in.git == nil || b.in.gitScope != "" {
		return
	}
	b.in.gitScope, _ = b.includeBound()
	b.loadGit(ctx)
}

// sourceGit returns the git date of the page built from s. That is the
// date of its file, or the newest of its file's and those of the files
// it includes. An uncommitted change to any of them gives no date, as
// it does to the source: the page changed after the last commit.
func (b *builder) sourceGit(s *source) time.Time {
	t, _ := b.in.gitLookup(s.path)
	if t.IsZero() {
		return t
	}
	for _, f := range s.includes {
		it, iwhy := b.in.gitLookup(f)
		if iwhy == gitdates.ReasonUncommitted {
			return time.Time{}
		}
		if it.After(t) {
			t = it
		}
	}
	return t
}
