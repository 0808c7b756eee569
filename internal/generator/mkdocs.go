package generator

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// mkdocs reads mkdocs.yml (or mkdocs.yaml) and the files it INHERITs.
// Defaults (mkdocs/config/defaults.py): site_url null, site_dir "site",
// use_directory_urls true. Tags other than !ENV (!!python/name:…,
// !relative) are left alone; !ENV VAR and !ENV [VAR…, default] are
// resolved as pyyaml_env_tag does: the first variable that is set, else
// the default (the last item of a list of two or more), else null.
func (d *Dir) mkdocs() (*Project, error) {
	name, _, err := d.firstFile("mkdocs.yml", "mkdocs.yaml")
	if err != nil || name == "" {
		return nil, err
	}
	p := &Project{Generator: "mkdocs", Title: "MkDocs", File: name, PublishDir: "site", TrailingSlash: "always", SourceDir: "docs"}
	keys := map[string]mkdocsValue{}
	if err := d.mkdocsRead(name, keys, p, 0); err != nil {
		return nil, err
	}
	if v, ok := keys["site_dir"]; ok {
		switch s, _, st := d.mkdocsString("site_dir", v, p, dirHint); st {
		case mkdocsOK:
			if p.PublishDir = cleanDir(s); p.PublishDir == "" {
				p.PublishDir = "site"
			}
		case mkdocsBad:
			p.PublishDir = ""
		}
	}
	if v, ok := keys["docs_dir"]; ok {
		if s, _, st := d.mkdocsString("docs_dir", v, p, ""); st == mkdocsOK && cleanDir(s) != "" {
			p.SourceDir = cleanDir(s)
		}
	}
	if v, ok := keys["site_url"]; ok {
		s, from, st := d.mkdocsString("site_url", v, p, baseURLHint)
		switch {
		case st == mkdocsOK && absHTTP(s):
			p.BaseURL, p.BaseURLFrom = withSlash(s), v.file+" site_url"+from
		case st == mkdocsOK && strings.TrimSpace(s) != "":
			p.Notes = append(p.Notes, noteAt(v.file, v.node.Line, "site_url %q is not an absolute http(s) URL; give --base-url", s))
		}
	}
	if v, ok := keys["plugins"]; ok {
		p.GitDates = d.mkdocsGitPlugin(v, p)
	}
	if v, ok := keys["use_directory_urls"]; ok {
		s, _, st := d.mkdocsString("use_directory_urls", v, p, "")
		if st == mkdocsOK {
			if b, ok := yaml11Bool(s); ok {
				if !b {
					p.TrailingSlash = "never"
				}
			} else {
				p.Notes = append(p.Notes, noteAt(v.file, v.node.Line, "use_directory_urls %q is not true or false", s))
				p.TrailingSlash = ""
			}
		} else if st == mkdocsBad {
			p.TrailingSlash = ""
		}
	}
	return p, nil
}

// mkdocsGitPlugins are the plugins that date every page by its source's
// last commit: mkdocs-git-revision-date-localized-plugin and the
// mkdocs-git-revision-date-plugin it was forked from.
var mkdocsGitPlugins = []string{"git-revision-date-localized", "git-revision-date"}

// mkdocsGitPlugin returns, for [Project.GitDates], the first of
// mkdocsGitPlugins that plugins (a list of names and one-key mappings
// of a name to its options, or a mapping) turns on: "MkDocs NAME,
// FILE:LINE"; "" when none does. A plugin whose enabled option is false
// (literally or through !ENV) is off.
func (d *Dir) mkdocsGitPlugin(v mkdocsValue, p *Project) string {
	on := func(name, opts *yaml.Node) string {
		name, opts = yamlDeref(name), yamlDeref(opts)
		if name == nil || name.Kind != yaml.ScalarNode || !slices.Contains(mkdocsGitPlugins, name.Value) {
			return ""
		}
		if opts != nil && opts.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(opts.Content); i += 2 {
				k, val := yamlDeref(opts.Content[i]), yamlDeref(opts.Content[i+1])
				if k == nil || val == nil || k.Value != "enabled" {
					continue
				}
				s, _, st := d.mkdocsString(name.Value+".enabled", mkdocsValue{file: v.file, node: val}, p, "")
				if b, ok := yaml11Bool(s); st == mkdocsOK && ok && !b {
					return ""
				}
			}
		}
		return fmt.Sprintf("MkDocs %s, %s:%d", name.Value, v.file, name.Line)
	}
	n := yamlDeref(v.node)
	var found string
	switch n.Kind {
	case yaml.SequenceNode:
		for _, item := range n.Content {
			switch item = yamlDeref(item); {
			case item == nil:
			case item.Kind == yaml.ScalarNode:
				found = cmp.Or(found, on(item, nil))
			case item.Kind == yaml.MappingNode && len(item.Content) == 2:
				found = cmp.Or(found, on(item.Content[0], item.Content[1]))
			}
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			found = cmp.Or(found, on(n.Content[i], n.Content[i+1]))
		}
	}
	return found
}

// mkdocsValue is a setting's node and the file that set it (relative to
// the project, or absolute).
type mkdocsValue struct {
	file string
	node *yaml.Node
}

var mkdocsKeys = []string{"site_url", "site_dir", "use_directory_urls", "docs_dir", "plugins"}

// mkdocsRead reads the settings Detect needs from rel into keys, where
// they are not set yet, then from the file rel INHERITs.
func (d *Dir) mkdocsRead(rel string, keys map[string]mkdocsValue, p *Project, depth int) error {
	file := filepath.Join(d.dir, filepath.FromSlash(rel))
	data, err := readIn(d.dir, rel, file, limits.YAML, d.lim)
	if err != nil {
		return fmt.Errorf("detect: %w", err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return yamlError(file, err)
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) > 0 {
		root = root.Content[0]
	}
	root = yamlDeref(root)
	switch root.Kind {
	case 0, yaml.DocumentNode:
		return nil // an empty file
	case yaml.MappingNode:
	case yaml.ScalarNode:
		if root.ShortTag() == "!!null" {
			return nil
		}
		fallthrough
	default:
		return &diag.Diagnostic{File: file, Line: root.Line, Msg: "the file is not a mapping of keys to values"}
	}
	var inherit *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := yamlDeref(root.Content[i]), yamlDeref(root.Content[i+1])
		if k == nil || v == nil {
			continue
		}
		if k.Value == "INHERIT" {
			inherit = v
		}
		if _, set := keys[k.Value]; !set && slices.Contains(mkdocsKeys, k.Value) {
			keys[k.Value] = mkdocsValue{file: rel, node: v}
		}
	}
	if inherit == nil {
		return nil
	}
	if inherit.Kind != yaml.ScalarNode || inherit.Value == "" || depth >= 8 {
		p.Notes = append(p.Notes, noteAt(rel, inherit.Line, "INHERIT is not read"))
		return nil
	}
	// The file is read inside the project folder, as every file of the
	// project is: never one outside it, by its path or through a link.
	parent := filepath.ToSlash(inherit.Value)
	if !path.IsAbs(parent) && !filepath.IsAbs(inherit.Value) {
		parent = path.Join(path.Dir(rel), parent)
	}
	if path.IsAbs(parent) || filepath.IsAbs(inherit.Value) || parent == ".." || strings.HasPrefix(parent, "../") {
		p.refuse(rel, inherit.Line, "INHERIT names %s, outside the project folder: not read", inherit.Value)
		return nil
	}
	if !isFile(d.dir, parent) {
		if _, err := fsx.Stat(d.dir, parent); errors.Is(err, fsx.ErrOutside) {
			p.refuse(rel, inherit.Line, "INHERIT names %s, through a folder linked out of the project folder: not read", inherit.Value)
			return nil
		}
		p.Notes = append(p.Notes, noteAt(rel, inherit.Line, "INHERIT names %s, which is not a file", inherit.Value))
		return nil
	}
	err = d.mkdocsRead(parent, keys, p, depth+1)
	if d, ok := errors.AsType[*diag.Diagnostic](err); ok && (errors.Is(err, fsx.ErrOutside) || errors.Is(err, fsx.ErrNotRegular)) {
		p.refuse(rel, inherit.Line, "INHERIT names %s: %s; not read", inherit.Value, d.Msg)
		return nil
	}
	return err
}

func yamlDeref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 16; i++ {
		n = n.Alias
	}
	return n
}

// yamlNullRE is PyYAML's implicit null.
var yamlNullRE = regexp.MustCompile(`^(?:~|null|Null|NULL|)$`)

// yaml11Bool is PyYAML's implicit boolean.
func yaml11Bool(s string) (bool, bool) {
	switch s {
	case "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON":
		return true, true
	case "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF":
		return false, true
	}
	return false, false
}

// mkdocsState is what mkdocsString found.
type mkdocsState uint8

const (
	mkdocsAbsent mkdocsState = iota // null, or an unset variable without a default
	mkdocsOK                        // a scalar
	mkdocsBad                       // set, but not to a value Detect takes: a note says so
)

// mkdocsString returns the scalar value of the setting key, resolving
// !ENV: st is mkdocsAbsent for null (or an unset variable without a
// default), mkdocsBad for a value that is not a scalar (a note says so). from
// says which !ENV source gave the value (" (!ENV SITE_URL)", " (!ENV
// default)"), "" for a plain value.
func (d *Dir) mkdocsString(key string, v mkdocsValue, p *Project, hint string) (s, from string, st mkdocsState) {
	n := v.node
	if n.Tag == "!ENV" {
		var vars []*yaml.Node
		var def *yaml.Node
		switch n.Kind {
		case yaml.ScalarNode:
			vars = []*yaml.Node{n}
		case yaml.SequenceNode:
			vars = n.Content
			if len(vars) > 1 {
				def, vars = yamlDeref(vars[len(vars)-1]), vars[:len(vars)-1]
			}
		default:
			p.Notes = append(p.Notes, noteAt(v.file, n.Line, "%s: !ENV wants a variable name or a list%s", key, hint))
			return "", "", mkdocsBad
		}
		var names []string
		for _, vn := range vars {
			vn = yamlDeref(vn)
			if vn == nil || vn.Kind != yaml.ScalarNode {
				continue
			}
			names = append(names, vn.Value)
			if s, ok := d.env(vn.Value); ok {
				if yamlNullRE.MatchString(s) {
					break // set but empty: null, as PyYAML resolves it
				}
				return s, " (!ENV " + vn.Value + ")", mkdocsOK
			}
		}
		if def != nil && def.Kind == yaml.ScalarNode && def.ShortTag() != "!!null" {
			return def.Value, " (!ENV default)", mkdocsOK
		}
		if def != nil && def.Kind != yaml.ScalarNode {
			p.Notes = append(p.Notes, noteAt(v.file, def.Line, "%s: the !ENV default is not a scalar%s", key, hint))
			return "", "", mkdocsBad
		}
		if hint != "" {
			p.Notes = append(p.Notes, noteAt(v.file, n.Line, "%s is !ENV %s, which is not set%s", key, strings.Join(names, ", "), hint))
		}
		return "", "", mkdocsAbsent
	}
	if n.Kind != yaml.ScalarNode {
		p.Notes = append(p.Notes, noteAt(v.file, n.Line, "%s is not a string%s", key, hint))
		return "", "", mkdocsBad
	}
	switch tag := n.ShortTag(); tag {
	case "!!null":
		return "", "", mkdocsAbsent
	case "!!str", "!!bool", "!!int", "!!float":
		return n.Value, "", mkdocsOK
	default: // !relative, !!python/…: a value MkDocs computes
		p.Notes = append(p.Notes, noteAt(v.file, n.Line, "%s has the tag %s, which is not read%s", key, tag, hint))
		return "", "", mkdocsBad
	}
}

// MkDocs is the preset of an MkDocs site: the Markdown files of docs_dir
// at the URLs MkDocs gives them (mkdocs/structure/files.py and pages.py,
// checked against MkDocs 1.4): index.md, or README.md where a folder has
// no index.md, is its folder's page (MkDocs skips a README.md beside an
// index.md); any other a.md is /a/, or /a.html with use_directory_urls:
// false. Files and folders whose names start
// with "." are not pages, nor is anything under templates/ at the top.
type MkDocs struct {
	// File is the configuration read, "" when none.
	File string
	// DocsDir is docs_dir, default "docs", and SiteDir site_dir, default
	// "site", relative to the project.
	DocsDir, SiteDir string
	// DirectoryURLs is use_directory_urls, default true.
	DirectoryURLs bool
	// GitDates is [Project.GitDates]: a git-revision-date plugin that
	// dates every page by git ([MkDocs.LastModOrder]).
	GitDates string
	// Content is the docs folder, read to tell whether a folder with a
	// README.md also has an index.md; nil reads none (README.md is then
	// its folder's page).
	Content fs.FS
}

// LoadMkDocs reads the MkDocs configuration in projectDir (mkdocs.yml or
// mkdocs.yaml, and what it INHERITs); without one, the defaults. Its
// errors are those of Detect.
func LoadMkDocs(projectDir string, lim limits.Limits) (*MkDocs, error) {
	d := &Dir{dir: projectDir, env: os.LookupEnv, lim: lim}
	p, err := d.mkdocs()
	if err != nil {
		return nil, err
	}
	m := &MkDocs{DocsDir: "docs", SiteDir: "site", DirectoryURLs: true}
	if p != nil {
		m.File, m.DirectoryURLs, m.GitDates = p.File, p.TrailingSlash != "never", p.GitDates
		if p.SourceDir != "" {
			m.DocsDir = p.SourceDir
		}
		if p.PublishDir != "" {
			m.SiteDir = p.PublishDir
		}
	}
	return m, nil
}

// mkdocsMarkdown are the extensions MkDocs renders (utils.markdown_extensions).
var mkdocsMarkdown = map[string]bool{".markdown": true, ".mdown": true, ".mkdn": true, ".mkd": true, ".md": true}

// URLPath returns the URL path MkDocs publishes p at.
func (m *MkDocs) URLPath(p Page) (string, bool) {
	rel, ok := cleanRel(p.Path)
	if !ok || rel == "templates" || strings.HasPrefix(rel, "templates/") {
		return "", false
	}
	for _, el := range strings.Split(rel, "/") {
		if strings.HasPrefix(el, ".") {
			return "", false
		}
	}
	dir, file := path.Split(rel)
	name, ext := splitExt(file)
	if !mkdocsMarkdown[strings.ToLower(ext)] {
		return "", false
	}
	if name == "README" && m.hasIndex(dir) {
		return "", false // MkDocs skips it, with a warning
	}
	switch {
	case name == "index" || name == "README":
		return "/" + dir, true
	case m.DirectoryURLs:
		return "/" + dir + name + "/", true
	}
	return "/" + dir + name + ".html", true
}

// hasIndex reports whether the docs folder dir ("" or "a/b/") has an
// index.md.
func (m *MkDocs) hasIndex(dir string) bool {
	if m.Content == nil {
		return false
	}
	for ext := range mkdocsMarkdown {
		if st, err := fs.Stat(m.Content, path.Join(strings.TrimSuffix(dir, "/"), "index"+ext)); err == nil && !st.IsDir() {
			return true
		}
	}
	return false
}

// Name returns "mkdocs".
func (m *MkDocs) Name() string { return "mkdocs" }
