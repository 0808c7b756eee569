package project

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
)

// A Tree is the project's tree. A path that a file of the repository
// gives must lead inside it, once its links are followed. Such a file
// (the settings file, a generator's or a platform's configuration) is
// what a pull request changes. A path the user gives on the command line
// or in the environment is the user's own, and is not held to the tree.
type Tree struct {
	// Top is the tree's folder, with its links followed. It is the git
	// work tree that holds the project folder, else the project folder
	// itself.
	Top string
	// Git is true when Top is a git work tree.
	Git bool
}

// TreeOf returns the tree of the project folder dir. It is the git work
// tree that holds dir, since a monorepo's docs/ may publish into
// ../public; else it is dir. The work tree is the nearest folder, from
// dir up, that holds a .git: a folder, or the file of a linked work tree
// or a submodule. TreeOf looks at .git but does not read it, and runs no
// git. As git does, the search never climbs into a folder that
// GIT_CEILING_DIRECTORIES names (its folders are separated as PATH's
// are), nor above it. So, when the ceiling says so, a home folder that
// is a repository of dotfiles is not the tree of every project below it.
func TreeOf(dir string) (Tree, error) {
	top, err := fsx.Real(dir)
	if err != nil {
		return Tree{}, err
	}
	ceilings := map[string]bool{}
	for _, c := range filepath.SplitList(os.Getenv("GIT_CEILING_DIRECTORIES")) {
		if c, err := fsx.Real(c); err == nil && filepath.IsAbs(c) {
			ceilings[c] = true
		}
	}
	for d := top; ; d = filepath.Dir(d) {
		if _, err := fsx.LstatNamed(filepath.Join(d, ".git")); err == nil {
			return Tree{Top: d, Git: true}, nil
		}
		if filepath.Dir(d) == d || ceilings[filepath.Dir(d)] {
			return Tree{Top: top}, nil
		}
	}
}

// Check returns nil when path leads inside the tree. The file at at gives
// path, and what says how ("out: ../public", "publishDir ../public
// (Hugo's publish folder)"). Otherwise Check returns an error at that
// place, with the hint to give the path on the command line as arg
// ("--out DIR", "DIR", "--changes FILE"). path is used as filepath.Clean
// makes it (see fsx.Within).
func (t Tree) Check(path string, at diag.Pos, what, arg string) error {
	err := fsx.Within(t.Top, path)
	if err == nil && t.Git {
		// The git folder is the repository's, not the project's. A
		// changes file written over .git/HEAD or .git/config would break
		// the checkout.
		if to, rerr := fsx.Real(path); rerr == nil && fsx.Within(filepath.Join(t.Top, ".git"), to) == nil {
			return &diag.Diagnostic{File: at.File, Line: at.Line, Err: fsx.ErrNotWithin,
				Msg:  fmt.Sprintf("%s leads into the git folder %s, which is the repository's, not the project's", what, diag.ShowPath(filepath.Join(t.Top, ".git"))),
				Hint: "name a path of the project outside .git"}
		}
	}
	if err == nil {
		return nil
	}
	kind := "folder"
	if strings.HasSuffix(arg, "FILE") {
		kind = "file"
	}
	d := &diag.Diagnostic{File: at.File, Line: at.Line, Err: err,
		Hint: fmt.Sprintf("to use a %s outside the project, give it on the command line: %s", kind, arg)}
	if o, ok := errors.AsType[*fsx.OutsideError](err); ok {
		d.Msg = fmt.Sprintf("%s leads out of the project: to %s, outside %s", what, diag.ShowPath(o.To), t.describe())
	} else {
		d.Msg = fmt.Sprintf("%s cannot be followed to see where it leads: %v", what, err)
	}
	return d
}

// Place says where path is, after [Tree.Check] found it inside the tree.
// It returns the tree's folder as seen from the working directory ("."
// when it is the working directory, ".." when it is the one above) and
// path inside it. This is for a file read, written or removed only
// inside that folder (hashstate's and postbuild's dir). The folders on
// the way are taken where their links lead. The last name is kept as it
// is, so that a file replaced or removed is the one named, never what a
// link of its name points to.
func (t Tree) Place(path string) (dir, rel string, err error) {
	path = filepath.Clean(path)
	parent, err := fsx.Real(filepath.Dir(path))
	if err != nil {
		return "", "", err
	}
	if rel, err = filepath.Rel(t.Top, filepath.Join(parent, filepath.Base(path))); err != nil {
		return "", "", err
	}
	dir = t.Top
	if wd, err := fsx.Real("."); err == nil {
		if up, err := filepath.Rel(wd, t.Top); err == nil {
			dir = up
		}
	}
	return dir, rel, nil
}

// describe names the tree in a message.
func (t Tree) describe() string {
	if t.Git {
		return diag.ShowPath(t.Top) + " (the git work tree the project is in)"
	}
	return diag.ShowPath(t.Top) + " (the project folder)"
}

// A folder is one that a generator's or a platform's configuration
// names. It holds the path as seen from the working directory, the place
// that names it, and the key that does ("publishDir"). key is "" for a
// default that no key of the file gives. what says what the folder is
// ("Hugo's publish folder").
type folder struct {
	path      string
	at        diag.Pos
	key, what string
}

// inTree checks f against the project's tree, found once. It returns nil
// when f leads inside, else the error of [Tree.Check], with the hint to
// give the folder on the command line as arg.
func (p *discovery) inTree(f folder, arg string) error {
	if p.tree == nil {
		t, err := TreeOf(p.dir)
		if err != nil {
			return &diag.Diagnostic{File: f.at.File, Line: f.at.Line, Msg: "the project folder " + dirName(p.dir) + ": " + err.Error(), Err: err}
		}
		p.tree = &t
	}
	said := f.what + " " + diag.ShowPath(f.path)
	if f.key != "" {
		said = f.key + " " + diag.ShowPath(f.path) + " (" + f.what + ")"
	}
	return p.tree.Check(f.path, f.at, said, arg)
}

// genFolder describes dir, a folder of g found in the project folder. It
// is g's publish folder when publish is true, else g's sources' folder.
func (p *discovery) genFolder(g generator.Detected, dir string, publish bool) folder {
	pk, sk := g.Keys()
	f := folder{path: dir, at: diag.Pos{File: filepath.Join(p.dir, filepath.FromSlash(g.File))}, key: sk, what: possessive(g.Title()) + " source folder"}
	if publish {
		f.key, f.what = pk, possessive(g.Title())+" publish folder"
	}
	return f
}

// presetDirs returns the folders of the sources and of the built site,
// as genFolder does for a generator found. The configuration that rules
// read, loaded from project, names them; each folder says where and by
// which key. info describes the generator. The paths are "" for a
// preset without those folders.
func presetDirs(rules generator.Rules, info generator.Info, project string) (content, publish folder) {
	c := rules.Sources.Config
	if c == nil || info.Name == "" {
		return folder{}, folder{}
	}
	file, sources, published := c.File, c.Sources, c.Publish
	content.path, publish.path = filepath.Join(project, sources), filepath.Join(project, published)
	content.what, publish.what = possessive(info.Title)+" source folder", possessive(info.Title)+" publish folder"
	if file == "" {
		// With no configuration, the folders are the generator's
		// defaults, which no key gives.
		content.at, publish.at = diag.Pos{File: content.path}, diag.Pos{File: publish.path}
		return content, publish
	}
	content.at = diag.Pos{File: filepath.Join(project, filepath.FromSlash(file))}
	publish.at = content.at
	content.key, publish.key = info.SourceKey, info.PublishKey
	return content, publish
}
