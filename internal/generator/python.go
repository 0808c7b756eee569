package generator

// Pelican and Sphinx, whose configurations are Python files: read as
// text for literal assignments, never run.

import (
	"bytes"
	"path"
	"regexp"
	"strings"
)

// pyAssign matches a top-level assignment of a string literal: NAME =
// 'value' or "value", with an optional comment after it.
var pyAssign = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?:'([^'\\]*)'|"([^"\\]*)")\s*(?:#.*)?$`)

// pyAny matches any top-level assignment: NAME = …
var pyAny = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\s*=`)

// pyValue is a top-level assignment of a Python file: its value when it
// is a string literal, and its line.
type pyValue struct {
	value   string
	literal bool
	line    int
}

// pyAssignments returns the last top-level assignment of each name in a
// Python file (a later one wins, as when it runs).
func pyAssignments(data []byte) map[string]pyValue {
	out := map[string]pyValue{}
	for i, ln := range bytes.Split(data, []byte("\n")) {
		s := strings.TrimRight(string(ln), " \t\r")
		if m := pyAssign.FindStringSubmatch(s); m != nil {
			out[m[1]] = pyValue{value: m[2] + m[3], literal: true, line: i + 1}
		} else if m := pyAny.FindStringSubmatch(s); m != nil {
			out[m[1]] = pyValue{line: i + 1}
		}
	}
	return out
}

// pelican is Detect's check for a Pelican project: pelicanconf.py, and
// publishconf.py, which Pelican's quickstart writes for the production
// build (pelican -s publishconf.py) and which imports pelicanconf's
// settings. OUTPUT_PATH (default "output") is the publish folder; SITEURL
// of publishconf.py, else of pelicanconf.py, the base URL.
func (d *detector) pelican() (*Project, error) {
	name, data, err := d.firstFile("pelicanconf.py")
	if err != nil || name == "" {
		return nil, err
	}
	p := &Project{Generator: "pelican", Title: "Pelican", File: name, PublishDir: "output"}
	type pyFile struct {
		name string
		vals map[string]pyValue
	}
	files := []pyFile{{name, pyAssignments(data)}}
	pub, pdata, err := d.firstFile("publishconf.py")
	if err != nil {
		return nil, err
	}
	if pub != "" {
		files = append([]pyFile{{pub, pyAssignments(pdata)}}, files...) // its settings win
	}
	for _, f := range files {
		if v, ok := f.vals["OUTPUT_PATH"]; ok {
			if v.literal && cleanDir(v.value) != "" {
				p.PublishDir = cleanDir(v.value)
			} else if !v.literal {
				p.PublishDir = ""
				p.Notes = append(p.Notes, noteAt(f.name, v.line, "OUTPUT_PATH is not a literal string%s", dirHint))
			}
			break
		}
	}
	for _, f := range files {
		v, ok := f.vals["SITEURL"]
		if !ok || v.literal && v.value == "" {
			continue // the development setting: relative URLs
		}
		switch {
		case v.literal && absHTTP(v.value):
			p.BaseURL, p.BaseURLFrom = withSlash(v.value), f.name+" SITEURL"
		case v.literal:
			p.Notes = append(p.Notes, noteAt(f.name, v.line, "SITEURL %q is not an absolute http(s) URL%s", v.value, baseURLHint))
		default:
			p.Notes = append(p.Notes, noteAt(f.name, v.line, "SITEURL is not a literal string%s", baseURLHint))
		}
		break
	}
	return p, nil
}

// sphinxConfs are where a Sphinx project's conf.py is, with the folder
// make html builds into: sphinx-quickstart's layouts (one folder, or
// source/ and build/ apart), at the top or under docs/.
var sphinxConfs = []struct{ conf, out string }{
	{"conf.py", "_build/html"},
	{"source/conf.py", "build/html"},
	{"docs/conf.py", "docs/_build/html"},
	{"docs/source/conf.py", "docs/build/html"},
}

// sphinxBuildDir returns the folder "make html" writes to when the
// Makefile sphinx-quickstart wrote beside the source folder sets
// BUILDDIR as a plain relative path ("BUILDDIR = _build": its html/
// folder), or "" to take the layout's default. A project may change the
// Makefile's BUILDDIR, and Read the Docs-style layouts often do.
func (d *detector) sphinxBuildDir(c struct{ conf, out string }) (string, error) {
	dir := path.Dir(path.Dir(c.conf)) // the folder above the source folder
	if path.Base(path.Dir(c.conf)) != "source" {
		dir = path.Dir(c.conf) // one folder: the Makefile is beside conf.py
	}
	name, data, err := d.firstFile(path.Join(dir, "Makefile"))
	if err != nil || name == "" {
		return "", err
	}
	for _, line := range strings.Split(string(data), "\n") {
		m := makeBuildDir.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		v := path.Clean(m[1])
		if path.IsAbs(v) || v == ".." || strings.HasPrefix(v, "../") || strings.ContainsAny(v, "$()`\\") {
			return "", nil // not a plain folder of the project: the default
		}
		return path.Join(dir, v, "html"), nil
	}
	return "", nil
}

// makeBuildDir matches a Makefile's assignment of BUILDDIR.
var makeBuildDir = regexp.MustCompile(`^\s*BUILDDIR\s*[:?]?=\s*(\S+)\s*$`)

// sphinx is Detect's check for a Sphinx project: a conf.py that sets
// project or extensions, where sphinx-quickstart puts it. The publish
// folder is where "make html" writes; html_baseurl is the base URL.
func (d *detector) sphinx() (*Project, error) {
	for _, c := range sphinxConfs {
		name, data, err := d.firstFile(c.conf)
		if err != nil {
			return nil, err
		}
		if name == "" {
			continue
		}
		vals := pyAssignments(data)
		_, project := vals["project"]
		_, exts := vals["extensions"]
		if !project && !exts {
			continue // some other conf.py
		}
		p := &Project{Generator: "sphinx", Title: "Sphinx", File: name, PublishDir: c.out}
		if out, err := d.sphinxBuildDir(c); err != nil {
			return nil, err
		} else if out != "" {
			p.PublishDir = out
		}
		if v, ok := vals["html_baseurl"]; ok {
			switch {
			case v.literal && absHTTP(v.value):
				p.BaseURL, p.BaseURLFrom = withSlash(v.value), name+" html_baseurl"
			case v.literal && v.value == "":
			case v.literal:
				p.Notes = append(p.Notes, noteAt(name, v.line, "html_baseurl %q is not an absolute http(s) URL%s", v.value, baseURLHint))
			default:
				p.Notes = append(p.Notes, noteAt(name, v.line, "html_baseurl is not a literal string%s", baseURLHint))
			}
		}
		if v, ok := vals["html_file_suffix"]; ok && v.literal && v.value != ".html" {
			p.Notes = append(p.Notes, noteAt(name, v.line, "html_file_suffix %q: pages are found by include:", v.value))
		}
		return p, nil
	}
	return nil, nil
}
