package config

// The layers of a run's values: the defaults, the settings file, the
// environment and the command line, laid over each other in that order.

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/project"
)

// layers are the values of a run, from the defaults, the file, the
// environment and the command line, in that order, and where each
// setting's came from.
type layers struct {
	v    Values
	file *File
	// from gives, by setting (its key, else its flag), where its value
	// came from: the file's name, the variable's, "--flag"; absent for a
	// default.
	from map[string]string
	// inside gives, for a file's path the file gives (state:, changes:),
	// the project's tree, as seen from the working directory, and the
	// path inside it (project.Tree.Place): such a file is read and
	// written only inside the tree.
	inside map[string][2]string
	// insideList is inside for each item of a list of files the file
	// gives (extra_urls:), in the list's order.
	insideList map[string][][2]string
	// peer marks the settings that the options of the peer an
	// integration replaces gave (peers), and warnings are what their
	// mapping said.
	peer     map[string]bool
	warnings []error
}

// fileName is the configuration file's name, "" without one.
func (l *layers) fileName() string {
	if l.file == nil {
		return ""
	}
	return l.file.Name
}

// line is the line of the configuration file that gives key (a key
// path, as File.Sets takes it), 0 when the file does not or there is none.
func (l *layers) line(key string) int {
	if l.file == nil {
		return 0
	}
	return l.file.lines[key]
}

// given reports whether the setting of key was given, not left at its
// default (or left empty). A key that is no setting's is a mistake in
// the program: given panics.
func (l *layers) given(key string) bool {
	if Settings.byKey(key) == nil {
		panic("config: no key " + key)
	}
	return l.from[key] != ""
}

// name is the key of s in from: its key, else its flag.
func name(s *Setting[Values]) string {
	if s.Key != "" {
		return s.Key
	}
	return s.Flag
}

// conflicts returns an error when the settings laid over each other
// ask for things that exclude each other. None of them is a value the
// project gives.
func (l *layers) conflicts(cmd *Line[Values]) error {
	// A flag for one of quiet and verbose turns the other off.
	switch q, vb := cmd.Given("quiet") && l.v.Quiet, cmd.Given("verbose") && l.v.Verbose; {
	case q && vb:
		return errors.New("--quiet and --verbose: choose one")
	case q:
		l.v.Verbose = false
	case vb:
		l.v.Quiet = false
	}
	// Images are in the pages' bodies: a build that reads no page lists
	// none, so asking for both is a mistake, not a quiet no.
	// So are videos.
	for _, body := range []struct {
		what, key string
		on        bool
	}{{"images", "images.enabled", l.v.Images.Enabled}, {"videos", "videos.enabled", l.v.Videos.Enabled}} {
		if body.on && !l.v.Head.Read && l.v.Mode != ModeContent {
			return fmt.Errorf("%s (%s) need each page read, and head.read is false (%s): drop one of them", body.what, cmp.Or(l.from[body.key], "sitemap.yaml"), cmp.Or(l.from["head.read"], "sitemap.yaml"))
		}
	}
	if l.v.News.Language != "" && l.v.News.Name == "" {
		return fmt.Errorf("news.language (%s) without news.name: the news sitemap is written for a publication; give its name (--news-name)", cmp.Or(l.from["news.language"], "sitemap.yaml"))
	}
	if l.v.RobotsHook != "" && !l.v.Robots {
		const msg = "robots_transform rewrites the robots.txt that --robots writes: give --robots (robots: true) too, or leave it out"
		if from := l.from["robots_transform"]; from != l.fileName() {
			return fmt.Errorf("%s: %s", from, msg)
		}
		return diag.At(l.fileName(), l.line("robots_transform"), msg)
	}
	return nil
}

// layer reads the config file, then lays the environment and the command
// line over it. It checks the values that each of them gives, and the
// values laid against each other (conflicts, checkCommands), before the
// project is read.
func layer(cmd *Line[Values], getenv func(string) string) (*layers, error) {
	l := &layers{v: Settings.Defaults(), from: map[string]string{}, inside: map[string][2]string{}, insideList: map[string][][2]string{}, peer: map[string]bool{}}
	path, err := configPath(cmd)
	if err != nil {
		return nil, err
	}
	if path != "" {
		// The file the user named is read where it points. The file of
		// the working directory is read inside it.
		var f *File
		if cmd.Given("config") {
			f, err = Load(path)
		} else {
			f, err = LoadIn(".", DefaultFile)
		}
		if err != nil {
			return nil, err
		}
		l.file, l.v = f, f.Values
		r := fileReader{l: l, f: f, path: path, cmd: cmd, getenv: getenv}
		if err := r.read(); err != nil {
			return nil, err
		}
	}
	if err := l.layerEnv(getenv); err != nil {
		return nil, err
	}
	for _, s := range cmd.given {
		s.Field.copy(&l.v, &cmd.Values)
		l.from[name(s)] = "--" + s.Flag
	}
	if len(cmd.Args) > 0 && cmd.Args[0] != "" { // An empty DIR ("$SITE" unset) gives no folder.
		l.v.Root = cmd.Args[0]
		l.from["root"] = "DIR"
	}
	// The options of the peer that an integration replaces go under all
	// of that.
	if l.warnings, err = l.peers(getenv); err != nil {
		return nil, err
	}
	if err := l.conflicts(cmd); err != nil {
		return nil, err
	}
	if err := l.checkEnv(); err != nil {
		return nil, err
	}
	if err := checkCommands(l, &l.v); err != nil {
		return nil, err
	}
	return l, nil
}

// configPath returns the path of the config file to read: the one that
// --config names, else DefaultFile in the working directory. It returns
// "" when there is no file to read.
func configPath(cmd *Line[Values]) (string, error) {
	if cmd.Given("config") {
		return cmd.Values.Config, nil
	}
	_, err := fsx.Lstat(".", DefaultFile)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", nil
	case err != nil:
		return "", &diag.Diagnostic{File: DefaultFile, Msg: unwrapPathError(err).Error()}
	}
	return DefaultFile, nil
}

// layerEnv lays the values of the environment variables over l.
func (l *layers) layerEnv(getenv func(string) string) error {
	for i := range Settings {
		s := &Settings[i]
		if text := getenv(s.Env); s.Env != "" && text != "" {
			if err := s.Field.set(&l.v, text, false); err != nil {
				return fmt.Errorf("%s: %w", s.Env, err)
			}
			l.from[name(s)] = s.Env
		}
	}
	return nil
}

// checkEnv checks the values that the environment gave. The file's
// values were checked as the file was read, and the flags' values as
// the flags were parsed.
func (l *layers) checkEnv() error {
	for i := range Settings {
		s := &Settings[i]
		if from := l.from[name(s)]; from != "" && from == s.Env {
			if err := s.Field.check(&l.v); err != nil {
				return fmt.Errorf("%s: %w", from, err)
			}
		}
	}
	return nil
}

// A fileReader lays the settings of one config file into l, and notes
// where each came from.
//
// The file belongs to the repository. Its paths must stay in the
// project's tree, whoever named the file. A setting that the command
// line or the environment gives is exempt, because the file's value is
// then not used.
type fileReader struct {
	l      *layers
	f      *File
	path   string // the file's path
	cmd    *Line[Values]
	getenv func(string) string
	tree   *project.Tree // the project's tree, found when first needed
}

// read lays every setting the file sets into r.l.
func (r *fileReader) read() error {
	for i := range Settings {
		s := &Settings[i]
		line, set := r.f.Sets(s.Key)
		if s.Key == "" || !set {
			continue
		}
		if lf, ok := s.Field.(*listField[Values]); ok && s.Path {
			if err := r.pathList(s, lf, line); err != nil {
				return err
			}
		}
		if sf, ok := s.Field.(*scalarField[Values, string]); ok {
			set, err := r.pathValue(s, sf, line)
			if err != nil {
				return err
			}
			if !set {
				continue
			}
		}
		r.l.from[s.Key] = r.path
	}
	return nil
}

// pathList checks a list of paths (extra_urls:) given on the file's line
// line. Each item is held to the project's tree as a path of its own.
func (r *fileReader) pathList(s *Setting[Values], lf *listField[Values], line int) error {
	if overridden(s, r.cmd, r.getenv) {
		return nil
	}
	list := lf.get(&r.l.v)
	for i, given := range *list {
		at := diag.Pos{File: r.path, Line: line}
		if il, ok := r.f.Sets(fmt.Sprintf("%s[%d]", s.Key, i)); ok {
			at.Line = il
		}
		p := relTo(r.path, given)
		dir, rel, err := r.inTree(s, p, given, at, true)
		if err != nil {
			return err
		}
		(*list)[i] = p
		r.l.insideList[s.Key] = append(r.l.insideList[s.Key], [2]string{dir, rel})
	}
	return nil
}

// pathValue reads a string setting given on the file's line line. A path
// is made relative to the file's folder and held to the project's tree.
// pathValue reports false when the value is empty: `base_url:` or
// `root: ""` leaves the value to what the project says.
func (r *fileReader) pathValue(s *Setting[Values], sf *scalarField[Values, string], line int) (bool, error) {
	p := sf.get(&r.l.v)
	if *p == "" {
		return false, nil
	}
	if !s.Path || s.Key == "source" && *p == project.SourceNone {
		return true, nil
	}
	given := *p
	*p = relTo(r.path, *p)
	if overridden(s, r.cmd, r.getenv) {
		return true, nil
	}
	dir, rel, err := r.inTree(s, *p, given, diag.Pos{File: r.path, Line: line}, fileSetting(s))
	if err != nil {
		return false, err
	}
	if fileSetting(s) {
		r.l.inside[s.Key] = [2]string{dir, rel}
	}
	return true, nil
}

// inTree checks that the path p, written as given at at, stays in the
// project's tree. With place, it also returns the folder and the
// relative path that p has in the tree.
func (r *fileReader) inTree(s *Setting[Values], p, given string, at diag.Pos, place bool) (dir, rel string, err error) {
	if r.tree == nil {
		t, err := project.TreeOf(filepath.Dir(r.path))
		if err != nil {
			return "", "", &diag.Diagnostic{File: r.path, Msg: "the project folder: " + err.Error(), Err: err}
		}
		r.tree = &t
	}
	if err := r.tree.Check(p, at, s.Key+": "+diag.ShowPath(given), argOf(s)); err != nil || !place {
		return "", "", err
	}
	if dir, rel, err = r.tree.Place(p); err != nil {
		return "", "", at.Errorf("%s: %v", s.Key, err)
	}
	return dir, rel, nil
}

// overridden reports whether the command line or the environment gives
// the setting s (DIR gives root:), above the file.
func overridden(s *Setting[Values], cmd *Line[Values], getenv func(string) string) bool {
	switch {
	case s.Flag != "" && cmd.Given(s.Flag), s.Env != "" && getenv(s.Env) != "":
		return true
	case s.Key == "root":
		return len(cmd.Args) > 0 && cmd.Args[0] != ""
	}
	return false
}

// fileSetting reports whether the path setting s names a file (state:,
// changes:), not a folder.
func fileSetting(s *Setting[Values]) bool { return strings.HasSuffix(s.Arg, "FILE") }

// argOf is how a path setting is given on the command line, for a hint:
// "--out DIR", "--changes FILE", and DIR for the site folder.
func argOf(s *Setting[Values]) string {
	arg := "DIR"
	if fileSetting(s) {
		arg = "FILE"
	}
	if s.Flag == "" {
		return "sitemapgen DIR" // root: is DIR, the command's argument
	}
	return "--" + s.Flag + " " + arg
}

// relTo resolves a path from the file at cfgPath relative to that file's
// folder.
func relTo(cfgPath, p string) string {
	if p == "" {
		return p
	}
	if filepath.IsAbs(p) {
		// Cleaned, as a relative path is by Join: the path judged inside
		// the project's tree is the path used. Raw, "lnk/../x" would be
		// judged x and used as what the kernel makes of it, the folder
		// above lnk's target.
		return filepath.Clean(p)
	}
	return filepath.Join(filepath.Dir(cfgPath), p)
}
