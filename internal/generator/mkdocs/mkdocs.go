// Package mkdocs is MkDocs, as sitemapgen knows it: a project is one
// with mkdocs.yml (or mkdocs.yaml), read with what it INHERITs and its
// !ENV tags resolved. `mkdocs build` writes site_dir (site/) from the
// Markdown files of docs_dir (docs/), each at the URL MkDocs gives it,
// and sitemap.xml and sitemap.xml.gz beside them. Its git-revision-date
// plugins date every page by its source's last commit.
package mkdocs

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/conffile"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// Generator is MkDocs.
type Generator struct{}

var (
	_ generator.Generator    = Generator{}
	_ generator.Loader       = Generator{}
	_ generator.Preset       = (*Preset)(nil)
	_ generator.FolderReader = (*Preset)(nil)
	_ generator.PeerReader   = Generator{}
)

// configFiles are the names of MkDocs' configuration, in the order it
// looks for them.
var configFiles = []string{"mkdocs.yml", "mkdocs.yaml"}

// Info returns MkDocs'. Its pages link each other as their files are
// written (use_directory_urls says which): the built files tell the URL
// form.
func (Generator) Info() generator.Info {
	return generator.Info{Name: "mkdocs", Title: "MkDocs", PublishKey: "site_dir", SourceKey: "docs_dir", BaseURLPlaces: []string{"site_url: in MkDocs' configuration ({file})"}, Sitemaps: sitemaps, SitemapStays: true}
}

// Load loads the preset of the MkDocs project in d: found when it has
// a configuration (see [generator.Loader]).
func (Generator) Load(d *generator.Dir) (generator.Preset, bool, error) {
	m, err := LoadDir(d)
	return m, err == nil && m.File != "", err
}

// sitemaps names MkDocs' own: sitemap.xml and sitemap.xml.gz.
func sitemaps(*generator.Detected) generator.SitemapFiles {
	return generator.SitemapFiles{Names: []string{"sitemap.xml", "sitemap.xml.gz"}}
}

// FileRules reads all of a page's front matter; a page the project's
// own sitemap template leaves out (by a front matter key, or its URL) is
// left out.
func (m *Preset) FileRules(rel string) generator.FileRules {
	r := generator.FileRules{Reading: generator.AllFrontMatter}
	if t := m.Template; t != nil {
		r.ExcludeKeys = t.ExcludeKeys
		if u, ok := m.URLPath(generator.Page{Path: rel}); ok {
			r.ExcludedBy = t.excludedBy(u)
		}
	}
	return r
}

// Rules say what the configuration names, and how the git-revision-date
// plugins date a page.
func (m *Preset) Rules() generator.Rules {
	return generator.Rules{
		Name:    "mkdocs",
		Sources: generator.SourceRules{Config: &generator.Config{File: m.File, Sources: m.DocsDir, Publish: m.SiteDir}},
		Order:   m.lastModOrder(),
		// mkdocs serve builds into a temporary folder and writes nothing
		// to site_dir. watchdog, which MkDocs installs, has the loop.
		Output: generator.OutputRules{
			DevServer: "mkdocs serve",
			Rebuild:   "watchmedo shell-command --recursive --wait --drop --command 'mkdocs build --quiet' {sources}",
		},
	}
}

// ReadFolder takes the docs folder, read to tell whether a folder with a
// README.md also has an index.md (see [generator.FolderReader]).
func (m *Preset) ReadFolder(f generator.Folder) []string {
	m.Content = f.Content
	return nil
}

// lastModOrder returns the order in which MkDocs' git-revision-date
// plugins date a page, when the configuration turns one on: the author
// date of its source's last commit (renames followed), which the plugins
// give every page, in place of front matter; front matter only for a
// file git does not know (the plugins' "current timestamp", a build's,
// is never taken). nil without: sitemapgen's default order.
func (m *Preset) lastModOrder() *generator.DateOrder {
	if m.GitDates == "" {
		return nil
	}
	return &generator.DateOrder{
		Steps:     []generator.DateStep{{Git: true}, {Keys: frontmatter.LastmodKeys()}},
		From:      m.GitDates,
		GitAuthor: true,
	}
}

// Detect reads mkdocs.yml (or mkdocs.yaml) and the files it INHERITs.
// Defaults (mkdocs/config/defaults.py): site_url null, site_dir "site",
// use_directory_urls true. Tags other than !ENV (!!python/name:…,
// !relative) are left alone; !ENV VAR and !ENV [VAR…, default] are
// resolved as pyyaml_env_tag does: the first variable that is set, else
// the default (the last item of a list of two or more), else null. A
// variable's value is never shown, since a pull request may name any
// variable (GITHUB_TOKEN): notes name the variable (" (!ENV NAME)"), a
// site_url from one is [generator.Detected.BaseURLHidden], and a
// site_dir or docs_dir from one is taken only when it is a folder of the
// project (envFolder).
// SitemapOptions returns MkDocs' own sitemap, which every build writes
// and which has no option: init says how sitemapgen takes it over.
func (Generator) SitemapOptions(_ *generator.Dir, p *generator.Detected) []peer.Config {
	return []peer.Config{{Tool: Tool, File: p.File}}
}

func (Generator) Detect(d *generator.Dir) (*generator.Detected, error) {
	name, _, err := d.File(configFiles...)
	if err != nil || name == "" {
		return nil, err
	}
	p := &generator.Detected{File: name, PublishDir: "site", Form: generator.URLForm{TrailingSlash: "always", AsWritten: true}, SourceDir: "docs"}
	keys := map[string]value{}
	if err := read(d, name, keys, p, 0); err != nil {
		return nil, err
	}
	if v, ok := keys["site_dir"]; ok {
		switch s, from, st := str(d, "site_dir", v, p, siteurl.DirHint); {
		case st == stOK && !envFolder(d, from, s):
			p.Notes = append(p.Notes, generator.Note(v.file, v.node.Line, "site_dir%s names no folder of the project%s", from, siteurl.DirHint))
			p.PublishDir = ""
		case st == stOK:
			if p.PublishDir = siteurl.CleanDir(s); p.PublishDir == "" {
				p.PublishDir = "site"
			}
		case st == stBad:
			p.PublishDir = ""
		}
	}
	if v, ok := keys["docs_dir"]; ok {
		switch s, from, st := str(d, "docs_dir", v, p, ""); {
		case st == stOK && !envFolder(d, from, s):
			p.Notes = append(p.Notes, generator.Note(v.file, v.node.Line, "docs_dir%s names no folder of the project; the sources are looked for in docs", from))
		case st == stOK && siteurl.CleanDir(s) != "":
			p.SourceDir = siteurl.CleanDir(s)
		}
	}
	if v, ok := keys["site_url"]; ok {
		s, from, st := str(d, "site_url", v, p, siteurl.BaseURLHint)
		switch {
		case st == stOK && siteurl.AbsHTTP(s):
			p.BaseURL, p.BaseURLFrom = siteurl.WithSlash(s), v.file+" site_url"+from
			p.BaseURLHidden = envValue(from)
		case st == stOK && strings.TrimSpace(s) != "" && envValue(from):
			// The value of a variable is never shown: the build's
			// environment may hold secrets.
			p.Notes = append(p.Notes, generator.Note(v.file, v.node.Line, "site_url%s is not an absolute http(s) URL; give --base-url", from))
		case st == stOK && strings.TrimSpace(s) != "":
			p.Notes = append(p.Notes, generator.Note(v.file, v.node.Line, "site_url %q is not an absolute http(s) URL; give --base-url", diag.URL(s)))
		}
	}
	if v, ok := keys["plugins"]; ok {
		p.GitDates = gitPlugin(d, v, p)
	}
	if v, ok := keys["theme"]; ok {
		sitemapTemplate(d, v, p)
	}
	if v, ok := keys["use_directory_urls"]; ok {
		s, from, st := str(d, "use_directory_urls", v, p, "")
		if st == stOK {
			if b, ok := yaml11Bool(s); ok {
				if !b {
					p.Form.TrailingSlash = "never"
				}
			} else {
				p.Notes = append(p.Notes, generator.Note(v.file, v.node.Line, "use_directory_urls%s is not true or false", shown(from, s)))
				p.Form.TrailingSlash = ""
			}
		} else if st == stBad {
			p.Form.TrailingSlash = ""
		}
	}
	return p, nil
}

// sitemapTemplate reads, when the theme's custom_dir (theme:
// {custom_dir: overrides}, relative to the configuration's folder) holds
// a sitemap.xml, that template of the project's own, which MkDocs renders
// in place of its theme's (Material users override it to leave pages out
// or set values), into p.Own (see SitemapTemplate), and warns once,
// naming the file: sitemapgen writes its own sitemap and renders no
// template, and the warning says what the template's changes become.
func sitemapTemplate(d *generator.Dir, v value, p *generator.Detected) {
	n := yamlDeref(v.node)
	if n == nil || n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := yamlDeref(n.Content[i]), yamlDeref(n.Content[i+1])
		if k == nil || val == nil || k.Value != "custom_dir" {
			continue
		}
		dir, _, st := str(d, "theme.custom_dir", value{file: v.file, node: val}, p, "")
		if st != stOK || dir == "" || filepath.IsAbs(dir) {
			return
		}
		rel := path.Join(path.Dir(v.file), filepath.ToSlash(dir), "sitemap.xml")
		if !conffile.IsFile(d.Path(), rel) {
			return
		}
		t := &SitemapTemplate{File: rel}
		if data, err := d.Limits().ReadFile(d.Path(), rel, "", limits.Text); err == nil {
			t = parseSitemapTemplate(rel, string(data))
		}
		t.Config, t.Line = v.file, val.Line
		p.Own = t
		p.Warnings = append(p.Warnings, t.warning())
		return
	}
}

// gitPlugins are the plugins that date every page by its source's
// last commit: mkdocs-git-revision-date-localized-plugin and the
// mkdocs-git-revision-date-plugin it was forked from.
var gitPlugins = []string{"git-revision-date-localized", "git-revision-date"}

// gitPlugin returns, for [Detected.GitDates], the first of
// gitPlugins that plugins (a list of names and one-key mappings
// of a name to its options, or a mapping) turns on: "MkDocs NAME,
// FILE:LINE"; "" when none does. A plugin whose enabled option is false
// (literally or through !ENV) is off.
func gitPlugin(d *generator.Dir, v value, p *generator.Detected) string {
	on := func(name, opts *yaml.Node) string {
		name, opts = yamlDeref(name), yamlDeref(opts)
		if name == nil || name.Kind != yaml.ScalarNode || !slices.Contains(gitPlugins, name.Value) {
			return ""
		}
		if opts != nil && opts.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(opts.Content); i += 2 {
				k, val := yamlDeref(opts.Content[i]), yamlDeref(opts.Content[i+1])
				if k == nil || val == nil || k.Value != "enabled" {
					continue
				}
				s, _, st := str(d, name.Value+".enabled", value{file: v.file, node: val}, p, "")
				if b, ok := yaml11Bool(s); st == stOK && ok && !b {
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

// value is a setting's node and the file that set it (relative to
// the project, or absolute).
type value struct {
	file string
	node *yaml.Node
}

// envValue reports whether the value str says came from, from, is a
// variable's: " (!ENV NAME)", not the !ENV default the file writes.
func envValue(from string) bool {
	return strings.HasPrefix(from, " (!ENV ") && from != " (!ENV default)"
}

// shown is what a message says of the value s that str gave from from:
// the variable that holds it (" (!ENV NAME)") when it is a variable's,
// whose value is never shown, else s, quoted and bounded.
func shown(from, s string) string {
	if envValue(from) {
		return from
	}
	return " " + strconv.Quote(diag.Excerpt(s))
}

// envFolder reports whether the folder s, which str gave from from, may
// be taken. A folder a variable of the environment names is taken only
// when it is a folder of the project, whose name the project's tree
// holds already: any other value (a token, a path outside the project)
// would be shown by every message that names the folder, and a variable
// may hold a secret. A folder the file names is always taken.
func envFolder(d *generator.Dir, from, s string) bool {
	if !envValue(from) {
		return true
	}
	dir := siteurl.CleanDir(s)
	if dir == "" || !filepath.IsLocal(filepath.FromSlash(dir)) {
		return false
	}
	fi, err := fsx.Stat(d.Path(), dir)
	return err == nil && fi.IsDir()
}

var settingKeys = []string{"site_url", "site_dir", "use_directory_urls", "docs_dir", "plugins", "theme"}

// read reads the settings Detect needs from rel into keys, where
// they are not set yet, then from the file rel INHERITs.
func read(d *generator.Dir, rel string, keys map[string]value, p *generator.Detected, depth int) error {
	file := filepath.Join(d.Path(), filepath.FromSlash(rel))
	data, err := conffile.ReadIn(d.Path(), rel, file, limits.YAML, d.Limits())
	if err != nil {
		return fmt.Errorf("detect: %w", err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return conffile.YAMLError(file, err)
	}
	conffile.LastKeyWins(&doc) // as PyYAML reads a key given twice
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
		if _, set := keys[k.Value]; !set && slices.Contains(settingKeys, k.Value) {
			keys[k.Value] = value{file: rel, node: v}
		}
	}
	if inherit == nil {
		return nil
	}
	if inherit.Kind != yaml.ScalarNode || inherit.Value == "" || depth >= 8 {
		p.Notes = append(p.Notes, generator.Note(rel, inherit.Line, "INHERIT is not read"))
		return nil
	}
	// The file is read inside the project folder, as every file of the
	// project is: never one outside it, by its path or through a link.
	parent := filepath.ToSlash(inherit.Value)
	if !path.IsAbs(parent) && !filepath.IsAbs(inherit.Value) {
		parent = path.Join(path.Dir(rel), parent)
	}
	if path.IsAbs(parent) || filepath.IsAbs(inherit.Value) || parent == ".." || strings.HasPrefix(parent, "../") {
		p.Refuse(rel, inherit.Line, "INHERIT names %s, outside the project folder: not read", inherit.Value)
		return nil
	}
	if !conffile.IsFile(d.Path(), parent) {
		if _, err := fsx.Stat(d.Path(), parent); errors.Is(err, fsx.ErrOutside) {
			p.Refuse(rel, inherit.Line, "INHERIT names %s, through a folder linked out of the project folder: not read", inherit.Value)
			return nil
		}
		p.Notes = append(p.Notes, generator.Note(rel, inherit.Line, "INHERIT names %s, which is not a file", inherit.Value))
		return nil
	}
	err = read(d, parent, keys, p, depth+1)
	if d, ok := errors.AsType[*diag.Diagnostic](err); ok && (errors.Is(err, fsx.ErrOutside) || errors.Is(err, fsx.ErrNotRegular)) {
		p.Refuse(rel, inherit.Line, "INHERIT names %s: %s; not read", inherit.Value, d.Msg)
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
var yamlNullRE = lazyre.MustCompile(`^(?:~|null|Null|NULL|)$`)

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

// state is what str found.
type state uint8

const (
	stAbsent state = iota // null, or an unset variable without a default
	stOK                  // a scalar
	stBad                 // set, but not to a value Detect takes: a note says so
)

// str returns the scalar value of the setting key, resolving
// !ENV: st is stAbsent for null (or an unset variable without a
// default), stBad for a value that is not a scalar (a note says so). from
// says which !ENV source gave the value (" (!ENV SITE_URL)", " (!ENV
// default)"), "" for a plain value.
func str(d *generator.Dir, key string, v value, p *generator.Detected, hint string) (s, from string, st state) {
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
			p.Notes = append(p.Notes, generator.Note(v.file, n.Line, "%s: !ENV wants a variable name or a list%s", key, hint))
			return "", "", stBad
		}
		var names []string
		for _, vn := range vars {
			vn = yamlDeref(vn)
			if vn == nil || vn.Kind != yaml.ScalarNode {
				continue
			}
			names = append(names, vn.Value)
			if s, set := d.Env(vn.Value); set {
				if yamlNullRE().MatchString(s) {
					break // set but empty: null, as PyYAML resolves it
				}
				return s, " (!ENV " + vn.Value + ")", stOK
			}
		}
		if def != nil && def.Kind == yaml.ScalarNode && def.ShortTag() != "!!null" {
			return def.Value, " (!ENV default)", stOK
		}
		if def != nil && def.Kind != yaml.ScalarNode {
			p.Notes = append(p.Notes, generator.Note(v.file, def.Line, "%s: the !ENV default is not a scalar%s", key, hint))
			return "", "", stBad
		}
		if hint != "" {
			p.Notes = append(p.Notes, generator.Note(v.file, n.Line, "%s is !ENV %s, which is not set%s", key, strings.Join(names, ", "), hint))
		}
		return "", "", stAbsent
	}
	if n.Kind != yaml.ScalarNode {
		p.Notes = append(p.Notes, generator.Note(v.file, n.Line, "%s is not a string%s", key, hint))
		return "", "", stBad
	}
	switch tag := n.ShortTag(); tag {
	case "!!null":
		return "", "", stAbsent
	case "!!str", "!!bool", "!!int", "!!float":
		return n.Value, "", stOK
	default: // !relative, !!python/…: a value MkDocs computes
		p.Notes = append(p.Notes, generator.Note(v.file, n.Line, "%s has the tag %s, which is not read%s", key, tag, hint))
		return "", "", stBad
	}
}

// Preset is the preset of an MkDocs site: the Markdown files of docs_dir
// at the URLs MkDocs gives them (mkdocs/structure/files.py and pages.py,
// checked against MkDocs 1.4): index.md, or README.md where a folder has
// no index.md, is its folder's page (MkDocs skips a README.md beside an
// index.md); any other a.md is /a/, or /a.html with use_directory_urls:
// false. Files and folders whose names start
// with "." are not pages, nor is anything under templates/ at the top.
type Preset struct {
	// File is the configuration read, "" when none.
	File string
	// DocsDir is docs_dir, default "docs", and SiteDir site_dir, default
	// "site", relative to the project.
	DocsDir, SiteDir string
	// DirectoryURLs is use_directory_urls, default true.
	DirectoryURLs bool
	// GitDates is [Detected.GitDates]: a git-revision-date plugin that
	// dates every page by git ([Preset.lastModOrder]).
	GitDates string
	// Content is the docs folder, read to tell whether a folder with a
	// README.md also has an index.md; nil reads none (README.md is then
	// its folder's page).
	Content fs.FS
	// Template is the project's own sitemap template, nil for none: the
	// pages it leaves out by a front matter key or their URL are left
	// out.
	Template *SitemapTemplate
}

// Load reads the MkDocs configuration in projectDir (mkdocs.yml or
// mkdocs.yaml, and what it INHERITs) with sitemapgen's own environment;
// without one, the defaults. Its errors are those of Detect.
func Load(projectDir string, lim limits.Limits) (*Preset, error) {
	return LoadDir(generator.NewDir(projectDir, generator.OSEnv, lim))
}

// LoadDir is Load of the project folder d, with its environment.
func LoadDir(d *generator.Dir) (*Preset, error) {
	p, err := Generator{}.Detect(d)
	if err != nil {
		return nil, err
	}
	m := &Preset{DocsDir: "docs", SiteDir: "site", DirectoryURLs: true}
	if p != nil {
		m.File, m.DirectoryURLs, m.GitDates = p.File, p.Form.TrailingSlash != "never", p.GitDates
		m.Template, _ = p.Own.(*SitemapTemplate)
		if p.SourceDir != "" {
			m.DocsDir = p.SourceDir
		}
		if p.PublishDir != "" {
			m.SiteDir = p.PublishDir
		}
	}
	return m, nil
}

// markdown are the extensions MkDocs renders (utils.markdown_extensions).
var markdown = map[string]bool{".markdown": true, ".mdown": true, ".mkdn": true, ".mkd": true, ".md": true}

// URLPath returns the URL path MkDocs publishes p at.
func (m *Preset) URLPath(p generator.Page) (string, bool) {
	rel, ok := srcpath.CleanRel(p.Path)
	if !ok || rel == "templates" || strings.HasPrefix(rel, "templates/") {
		return "", false
	}
	for _, el := range strings.Split(rel, "/") {
		if strings.HasPrefix(el, ".") {
			return "", false
		}
	}
	dir, file := path.Split(rel)
	name, ext := srcpath.SplitExt(file)
	if !markdown[strings.ToLower(ext)] {
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
func (m *Preset) hasIndex(dir string) bool {
	if m.Content == nil {
		return false
	}
	for ext := range markdown {
		if st, err := fs.Stat(m.Content, path.Join(strings.TrimSuffix(dir, "/"), "index"+ext)); err == nil && !st.IsDir() {
			return true
		}
	}
	return false
}
