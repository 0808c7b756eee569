package project

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/walker"
)

// sources sets up the source files of content mode, or of the join in
// output mode (source:), with their preset, and returns the rules of
// that preset, ready; nil when there are none. In content mode it also
// says root and out from the generator's configuration when they are not
// given.
func (p *discovery) sources(v *Ask, pr *Project) (*pipeline.Sources, generator.Rules, error) {
	projectDir := p.dir
	if !v.Content && (v.Source == "" || v.Source == SourceNone) {
		return nil, generator.Rules{}, nil
	}
	// The generator's configuration is in the project folder: this
	// file's (or the working directory), else the one above the sources,
	// else the sources' own (a Jekyll site).
	dirs := []string{projectDir}
	srcDir := v.Source
	if v.Content {
		srcDir = v.Root
	}
	if srcDir != "" {
		dirs = append(dirs, filepath.Dir(filepath.Clean(srcDir)), srcDir)
	}
	preset, info, project, err := loadPreset(v.Preset, dirs, p.env, v.Limits)
	if err != nil {
		return nil, generator.Rules{}, err
	}
	rules := generator.RulesOf(preset)
	// An unknown zone name: its dates are read as UTC, not in silence.
	pr.Warnings = append(pr.Warnings, rules.Sources.ZoneWarnings...)
	configFiles := rules.Sources.ConfigFiles
	for _, file := range configFiles {
		pr.Inputs = append(pr.Inputs, filepath.Join(project, file))
	}
	dir := v.Source
	if v.Content {
		content, publish := presetDirs(rules, info, project)
		if v.Root == "" && content.path != "" {
			if err := p.inTree(content, "sitemapgen DIR"); err != nil {
				return nil, generator.Rules{}, err
			}
			v.Root = content.path
			pr.Root = v.Root
		}
		if v.Out == "" && publish.path != "" {
			if err := p.inTree(publish, "--out DIR"); err != nil {
				return nil, generator.Rules{}, err
			}
			v.Out = publish.path
			pr.Out = v.Out
		}
		if v.Root == "" {
			return nil, generator.Rules{}, &diag.Diagnostic{File: v.ConfigFile, Msg: "mode: content needs the folder of source files: root: in " + v.SettingsFile + " or DIR"}
		}
		if v.Out == "" {
			return nil, generator.Rules{}, &diag.Diagnostic{File: v.ConfigFile, Msg: "mode: content needs the folder to write the sitemaps into (the built site): out: in " + v.SettingsFile + " or --out"}
		}
		if v.Source != "" && filepath.Clean(v.Source) != filepath.Clean(v.Root) {
			return nil, generator.Rules{}, &diag.Diagnostic{File: v.ConfigFile, Msg: "source: is for mode: output; in mode: content the sources are in root: (" + v.Root + ")"}
		}
		dir = v.Root
	}
	src := &pipeline.Sources{Dir: dir, Preset: preset}
	if v.Content {
		// The walk options are the sources' own: include and exclude
		// apply to the source files, and the default include becomes
		// pipeline.ContentInclude.
		src.Walk = walker.Options{Exclude: slices.Clone(v.Exclude), FollowSymlinks: v.FollowSymlinks}
		if !slices.Equal(v.Include, walker.DefaultInclude) {
			src.Walk.Include = v.Include
		}
	}
	if rules.Sources.Copies != nil {
		// A site whose sources are the project folder itself (Jekyll's):
		// leave out its output and the folders its generator never reads.
		src.Walk.Exclude = append(src.Walk.Exclude, rules.Sources.LeftOut...)
		// Its generator renders every file with front matter: a join
		// reads them all (content mode keeps its include list, whose
		// every file is a page found).
		src.AnyExtension = !v.Content
		if c := rules.Sources.Config; c != nil {
			if dest := relInside(dir, filepath.Join(project, c.Publish)); dest != "" {
				src.Walk.Exclude = append(src.Walk.Exclude, dest)
			}
		}
	}
	if len(rules.Sources.LanguageFolders) > 0 && !v.Content {
		if rules, err = p.splitLanguages(src, rules, info, dir, project); err != nil {
			return nil, generator.Rules{}, err
		}
	}
	var read []string
	rel := dir
	if r, err := filepath.Rel(project, dir); err == nil {
		rel = filepath.ToSlash(r)
	}
	if src.Preset == preset {
		// Hugo's bundles are told by the files beside index.md in the
		// folder walked, which may not be the project's contentDir;
		// MkDocs' README.md by an index.md beside it.
		rules, read = p.ready(preset, dir, rel, pr)
	}
	src.Reads = readsOf(rules, project, rel, configFiles, read)
	return src, rules, nil
}

// readsOf returns what the generator whose preset has rules reads
// besides its sources in dir (rel, relative to the project folder
// project): its configuration files, its rules' Reads, and read, the
// files its preset read in dir (relative to it).
func readsOf(rules generator.Rules, project, rel string, configFiles, read []string) *pipeline.Reads {
	r := &pipeline.Reads{Dir: project, Globs: rules.Sources.Reads, Files: slices.Clone(configFiles)}
	for _, f := range read {
		r.Files = append(r.Files, path.Join(rel, f))
	}
	return r
}

// ready makes the preset of the sources in dir (rel, relative to the
// project folder) ready: its folder read, once, by its FolderReader,
// before its rules are asked, what it went on past a warning of pr's;
// watch mode starts again when a file it read changes. It returns the
// rules, and the files read, relative to dir.
func (p *discovery) ready(preset generator.Preset, dir, rel string, pr *Project) (generator.Rules, []string) {
	warn := func(err error) { pr.Warnings = append(pr.Warnings, wrapIn(dir, err)) }
	rules, read := generator.Ready(preset, generator.Folder{Content: contentFS(dir, p.lim), Settings: settingsFS(dir, p.lim), Rel: rel, Limits: p.lim, Warn: warn})
	for _, file := range read {
		pr.Inputs = append(pr.Inputs, filepath.Join(dir, filepath.FromSlash(file)))
	}
	return rules, read
}

// splitLanguages makes src, the sources of a join in dir, those of each
// language's own folder, walked from the project folder, when dir is the
// folder of the sources the configuration its rules read (loaded from
// project) names: Hugo's languages with a contentDir each. info is their
// generator's. It returns the rules of src's preset then: rules, or
// those of the languages' preset.
func (p *discovery) splitLanguages(src *pipeline.Sources, rules generator.Rules, info generator.Info, dir, project string) (generator.Rules, error) {
	c := rules.Sources.Config
	if c == nil || info.Name == "" || rules.Sources.Split == nil {
		return rules, nil
	}
	file, sources, publish := c.File, c.Sources, c.Publish
	if !fsx.SamePath(dir, filepath.Join(project, sources)) {
		return rules, nil
	}
	folders := rules.Sources.LanguageFolders
	for _, lang := range slices.Sorted(maps.Keys(folders)) {
		f := folder{filepath.Join(project, filepath.FromSlash(folders[lang])), diag.Pos{File: filepath.Join(project, file)},
			"languages." + lang + "." + info.SourceKey, possessive(info.Title) + " source folder of " + lang}
		if err := p.inTree(f, "--source DIR"); err != nil {
			return rules, err
		}
	}
	split, err := rules.Sources.Split(project)
	if err != nil {
		return rules, wrapIn(project, err)
	}
	src.Dir, src.Preset = project, split
	rules = generator.RulesOf(split)
	src.Walk.Include, src.Walk.Exclude = rules.Sources.Include, rules.Sources.Exclude
	if out := relInside(project, filepath.Join(project, publish)); out != "" {
		src.Walk.Exclude = append(src.Walk.Exclude, out)
	}
	return rules, nil
}

// sourceSetting names, for a generator whose sources a join reads by
// default (a Loader's), the setting that gives their folder: "Hugo's
// contentDir"; "" for another.
func sourceSetting(name string) string {
	l, ok := registry.LoaderOf(name)
	g, _ := registry.Lookup(name)
	if !ok || l == registry.Plain || g == nil {
		return ""
	}
	info := g.Info()
	return possessive(info.Title) + " " + info.SourceKey
}

// join finds the sources the pages of a generator's build are joined to
// (Hugo's, Jekyll's, MkDocs'; or those of a generator that routes files),
// unless source: says otherwise; src is the join source: gave, rules
// its preset's. It returns the sources with their preset's rules.
//
// site is the generator that built the site folder, nil for none.
func (p *discovery) join(v *Ask, pr *Project, src *pipeline.Sources, rules generator.Rules, site *generator.Detected) (*pipeline.Sources, generator.Rules, error) {
	if v.Content {
		return src, rules, nil
	}
	if !v.SourceGiven {
		dir, from, preset, err := p.sourceDir(site, pr)
		if err != nil {
			return nil, generator.Rules{}, err
		}
		if dir == "" {
			routed, routedRules, from, err := p.routes(site, "", v, pr)
			if err != nil {
				return nil, generator.Rules{}, err
			}
			if routed != nil {
				src, rules = routed, routedRules
				pr.Detected = joinDetected(pr.Detected, "sources "+from)
			}
			return src, rules, nil
		}
		v.Source, pr.Source = dir, dir
		if !v.PresetGiven {
			v.Preset, pr.Preset = preset, preset // its rules, whatever else the folder holds
		}
		src, rules, err := p.sources(v, pr)
		if err != nil {
			return nil, generator.Rules{}, err
		}
		line := dir + " (" + from + ")"
		if f := rules.Sources.Describe; f != nil {
			// Each language's folder (Hugo's).
			line = f(src.Dir, "")
		}
		pr.Detected = joinDetected(pr.Detected, "sources "+line)
		return src, rules, nil
	}
	if v.Source != SourceNone && !v.PresetGiven && src != nil && registry.IsPlain(src.Preset) {
		// --source DIR in a project whose generator routes files: its
		// rules, in that folder.
		// (The folder is the user's: nothing to check.)
		if routed, routedRules, _, _ := p.routes(site, v.Source, v, pr); routed != nil {
			return routed, routedRules, nil
		}
	}
	return src, rules, nil
}

// sourceDir returns the folder of the source files of the Hugo, Jekyll
// or MkDocs site g built, what said so, and the preset of its URLs; ""
// for another generator, or none (g nil). A
// configuration that cannot be read as sources need (a permalink pattern
// sitemapgen does not know) is a warning, and no join. A folder that
// leads out of the project's tree is the error.
func (p *discovery) sourceDir(g *generator.Detected, pr *Project) (dir, from, preset string, err error) {
	if g == nil || sourceSetting(g.Name()) == "" {
		return "", "", "", nil
	}
	pre, info, project, err := loadPreset(g.Name(), []string{p.dir}, p.env, p.lim)
	if err != nil {
		pr.Warnings = append(pr.Warnings, fmt.Errorf("pages not joined to their sources: %w", err))
		return "", "", "", nil
	}
	rules := generator.RulesOf(pre)
	content, _ := presetDirs(rules, info, project)
	if !isDir(content.path) && !anyLanguageDir(rules, project) {
		return "", "", "", nil // a site of templates alone: nothing to join
	}
	if err := p.inTree(content, "--source DIR"); err != nil {
		return "", "", "", err
	}
	return content.path, sourceSetting(g.Name()), g.Name(), nil
}

// routes returns the join of the pages g built, when it is a generator
// that routes files (Docusaurus, Astro, Next.js, Eleventy, Sphinx), to
// their sources, with their preset's rules, and what names them; nil for
// another generator, or none
// (g nil), or when the sources' folder is not there. The error is
// of a sources' folder the configuration names that leads out of the
// project's tree.
//
// A given source folder (--source DIR) takes the place of the
// generator's.
func (p *discovery) routes(g *generator.Detected, given string, v *Ask, pr *Project) (*pipeline.Sources, generator.Rules, string, error) {
	if g == nil {
		return nil, generator.Rules{}, "", nil
	}
	preset, rel := g.Routes()
	if preset == nil {
		return nil, generator.Rules{}, "", nil
	}
	dir := filepath.Join(p.dir, filepath.FromSlash(rel))
	if given != "" {
		dir = given
		if r, err := filepath.Rel(p.dir, given); err == nil {
			rel = filepath.ToSlash(r)
		}
	}
	if !isDir(dir) {
		return nil, generator.Rules{}, "", nil
	}
	if given == "" {
		if err := p.inTree(p.genFolder(*g, dir, false), "--source DIR"); err != nil {
			return nil, generator.Rules{}, "", err
		}
	}
	// The files that route its pages (Eleventy's data files, Astro's
	// content configuration and collection routes), read once.
	rules, read := p.ready(preset, dir, rel, pr)
	// A source may include files anywhere in the project (Sphinx's
	// changelog.rst of ../CHANGELOG.md), not above it.
	src := &pipeline.Sources{Dir: dir, Preset: preset, Project: p.dir}
	src.Reads = readsOf(rules, p.dir, rel, rules.Sources.ConfigFiles, read)
	src.Walk.Include, src.Walk.Exclude = rules.Sources.Include, rules.Sources.Exclude
	if out := relInside(dir, p.publishDir(*g)); out != "" {
		src.Walk.Exclude = append(src.Walk.Exclude, out)
	}
	src.Walk.FollowSymlinks = v.FollowSymlinks
	// What the line of what was found names: the folders, and whose.
	if f := rules.Sources.Describe; f != nil {
		return src, rules, f(dir, g.Title()), nil
	}
	return src, rules, dir + " (" + g.Title() + ")", nil
}

// contentFS is the sources' folder dir, as named, for a preset that
// lists its folders (Hugo's bundles, MkDocs' index pages): through the
// one door, never through a link out of it, a file's reads bounded by
// limits.front_matter_bytes.
func contentFS(dir string, lim limits.Limits) fs.FS {
	return fsx.DirFS(dir, int64(lim.Or().FrontMatterBytes), "limits.front_matter_bytes")
}

// settingsFS is the sources' folder dir, as named, for a preset that
// reads the files that route pages (Astro's route files and content
// configuration, Eleventy's data files): through the one door, never
// through a link out of it, a file's reads bounded by
// limits.settings_bytes.
func settingsFS(dir string, lim limits.Limits) fs.FS {
	return fsx.DirFS(dir, int64(lim.Or().SettingsBytes), "limits.settings_bytes")
}

// anyLanguageDir reports whether the site of rules has a language's own
// folder of sources in project (Hugo's languages.LANG.contentDir).
func anyLanguageDir(rules generator.Rules, project string) bool {
	for _, d := range rules.Sources.LanguageFolders {
		if isDir(filepath.Join(project, filepath.FromSlash(d))) {
			return true
		}
	}
	return false
}

// joinDetected adds a part to the line that says what was detected.
func joinDetected(line, part string) string {
	if line == "" {
		return part
	}
	return line + "; " + part
}

// loadPreset returns the preset name asks for, or the one the project's
// files tell: the first of the registry's Loaders whose configuration is
// there (Hugo's, then Jekyll's _config.yml, then an mkdocs.yml), else
// plain; and the project folder, the first of dirs that has the
// generator's configuration (else dirs[0]); and what the generator says
// of itself (zero for plain). env is the environment of the generator's
// build.
func loadPreset(name string, dirs []string, env generator.Env, lim limits.Limits) (generator.Preset, generator.Info, string, error) {
	ls, given := registry.Loaders(name)
	for _, l := range ls {
		// Given, its configuration or, without one, its defaults.
		if p, d, found, err := findConfig(dirs, env, lim, l.Loader); given || found || err != nil || l.Loader == registry.Plain {
			return p, l.Info, d, err
		}
	}
	return nil, generator.Info{}, dirs[0], nil
}

// findConfig loads a generator's configuration from the first of dirs
// that has one (found reports it has); without one, it returns what the
// loader made of dirs[0]: the generator's defaults.
func findConfig(dirs []string, env generator.Env, lim limits.Limits, l generator.Loader) (generator.Preset, string, bool, error) {
	var first generator.Preset
	for i, d := range dirs {
		g, found, err := l.Load(generator.NewDir(d, env, lim))
		if err != nil {
			return nil, d, false, wrapIn(d, err)
		}
		if found {
			return g, d, true, nil
		}
		if i == 0 {
			first = g
		}
	}
	return first, dirs[0], false, nil
}

// wrapIn makes an error of loading a generator's configuration in dir
// name the file as seen from the working directory (nil stays nil).
func wrapIn(dir string, err error) error {
	var d *diag.Diagnostic
	if errors.As(err, &d) {
		in := *d
		in.File = filepath.Join(dir, d.File)
		return &in
	}
	return err
}

// relInside returns target relative to dir, with "/" separators, when it
// is inside dir; "" otherwise.
func relInside(dir, target string) string {
	rel, err := filepath.Rel(dir, target)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(rel)
}
