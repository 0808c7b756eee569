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

// sources sets up the source files and their preset. In content mode
// they are the files the pages come from; in output mode they are the
// sources of the join (source:). It returns the preset's rules, made
// ready, or nil when there are no sources. In content mode, when root
// and out are not given, it takes them from the generator's
// configuration.
func (p *discovery) sources(v *Ask, pr *Project) (*pipeline.Sources, generator.Rules, error) {
	projectDir := p.dir
	if !v.Content && (v.Source == "" || v.Source == SourceNone) {
		return nil, generator.Rules{}, nil
	}
	// The generator's configuration is looked for in three folders, in
	// order: the project folder (the settings file's, or the working
	// directory), the folder above the sources, and the sources' folder
	// itself (as in a Jekyll site).
	dirs := []string{projectDir}
	srcDir := v.Source
	if v.Content {
		srcDir = v.Root
	}
	if srcDir != "" {
		dirs = append(dirs, filepath.Dir(filepath.Clean(srcDir)), srcDir)
	}
	preset, info, project, err := loadPreset(v.Preset, dirs, p.plat.env, v.Limits)
	if err != nil {
		return nil, generator.Rules{}, err
	}
	rules := generator.RulesOf(preset)
	// With an unknown zone name, dates are read as UTC and a warning
	// says so.
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
		// The sources have walk options of their own. Include and
		// exclude apply to the source files. The default include list
		// becomes pipeline.ContentInclude.
		src.Walk = walker.Options{Exclude: slices.Clone(v.Exclude), FollowSymlinks: v.FollowSymlinks}
		if !slices.Equal(v.Include, walker.DefaultInclude) {
			src.Walk.Include = v.Include
		}
	}
	if rules.Sources.Copies != nil {
		// In some sites (Jekyll's) the sources are the project folder
		// itself. The walk leaves out the output and the folders the
		// generator never reads.
		src.Walk.Exclude = append(src.Walk.Exclude, rules.Sources.LeftOut...)
		// The generator renders every file with front matter, so a join
		// reads them all. Content mode keeps its include list: each file
		// it includes is a page found.
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
		// The preset reads the folder walked, which may not be the
		// project's contentDir. Hugo tells a bundle by the files beside
		// its index.md. MkDocs treats a README.md by whether an index.md
		// is beside it.
		rules, read = p.ready(preset, dir, rel, pr)
	}
	src.Reads = readsOf(rules, project, rel, configFiles, read)
	return src, rules, nil
}

// readsOf returns what a generator reads besides its sources. rules are
// its preset's rules, project is the project folder, and rel is the
// sources' folder relative to project. The result holds the
// configuration files, the rules' Reads, and read: the files the preset
// read in the sources' folder, relative to that folder.
func readsOf(rules generator.Rules, project, rel string, configFiles, read []string) *pipeline.Reads {
	r := &pipeline.Reads{Dir: project, Globs: rules.Sources.Reads, Files: slices.Clone(configFiles)}
	for _, f := range read {
		r.Files = append(r.Files, path.Join(rel, f))
	}
	return r
}

// ready gets the preset of the sources in dir ready; rel is dir
// relative to the project folder. The preset's FolderReader reads the
// folder once, before anything asks for the rules. A problem it goes on
// past becomes a warning in pr. The files it read join pr.Inputs, so
// watch mode starts again when one of them changes. ready returns the
// rules and the files read, relative to dir.
func (p *discovery) ready(preset generator.Preset, dir, rel string, pr *Project) (generator.Rules, []string) {
	warn := func(err error) { pr.Warnings = append(pr.Warnings, wrapIn(dir, err)) }
	rules, read := generator.Ready(preset, generator.Folder{Content: contentFS(dir, p.lim), Settings: settingsFS(dir, p.lim), Rel: rel, Limits: p.lim, Warn: warn})
	for _, file := range read {
		pr.Inputs = append(pr.Inputs, filepath.Join(dir, filepath.FromSlash(file)))
	}
	return rules, read
}

// splitLanguages turns src, the sources of a join in dir, into the
// sources of each language's own folder (Hugo's languages with a
// contentDir each). The walk then starts at the project folder. The
// split happens only when dir is the sources' folder that the
// configuration of rules names; that configuration was loaded from
// project. info describes the generator. It returns the rules of src's
// preset afterwards: the languages' preset's after a split, else rules.
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

// sourceSetting names the setting that gives the sources' folder, such
// as "Hugo's contentDir". It does so for a generator whose sources a
// join reads by default (one with a Loader); for another it returns "".
func sourceSetting(name string) string {
	l, ok := registry.LoaderOf(name)
	g, _ := registry.Lookup(name)
	if !ok || l == registry.Plain || g == nil {
		return ""
	}
	info := g.Info()
	return possessive(info.Title) + " " + info.SourceKey
}

// join finds the sources that the pages of a generator's build are
// joined to: Hugo's, Jekyll's, MkDocs', or those of a generator that
// routes files. source: can say otherwise. src is the join that source:
// gave, and rules are its preset's. join returns the sources and their
// preset's rules.
//
// site is the generator that built the site folder, or nil for none.
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
			routed, routedRules, from, err := p.routes(site, "", v.FollowSymlinks, pr)
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
		// --source DIR in a project whose generator routes files: use
		// the generator's rules in that folder. The user chose the
		// folder, so there is nothing to check.
		if routed, routedRules, _, _ := p.routes(site, v.Source, v.FollowSymlinks, pr); routed != nil {
			return routed, routedRules, nil
		}
	}
	return src, rules, nil
}

// sourceDir returns the folder of the source files of the site g built,
// when g is Hugo, Jekyll or MkDocs. It also returns the setting that
// names the folder and the preset of the site's URLs. For another
// generator, or none (g nil), it returns "". When the configuration
// cannot be read the way sources need it (a permalink pattern sitemapgen
// does not know), it adds a warning and there is no join. A folder that
// leads out of the project's tree is an error.
func (p *discovery) sourceDir(g *generator.Detected, pr *Project) (dir, from, preset string, err error) {
	if g == nil || sourceSetting(g.Name()) == "" {
		return "", "", "", nil
	}
	pre, info, project, err := loadPreset(g.Name(), []string{p.dir}, p.plat.env, p.lim)
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

// routes joins the pages g built to their sources, when g routes files
// (Docusaurus, Astro, Next.js, Eleventy, Sphinx). It returns the
// sources, their preset's rules, and a line that names them. It returns
// nil for another generator, for none (g nil), or when the sources'
// folder is not there. It returns an error when the configuration names
// a sources' folder that leads out of the project's tree.
//
// A given source folder (--source DIR) takes the place of the
// generator's. followSymlinks is the walk's, as given.
func (p *discovery) routes(g *generator.Detected, given string, followSymlinks bool, pr *Project) (*pipeline.Sources, generator.Rules, string, error) {
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
	// The preset reads the files that route the pages once: Eleventy's
	// data files, Astro's content configuration and collection routes.
	rules, read := p.ready(preset, dir, rel, pr)
	// A source may include a file from anywhere in the project, but not
	// from above it (Sphinx's changelog.rst includes ../CHANGELOG.md).
	src := &pipeline.Sources{Dir: dir, Preset: preset, Project: p.dir}
	src.Reads = readsOf(rules, p.dir, rel, rules.Sources.ConfigFiles, read)
	src.Walk.Include, src.Walk.Exclude = rules.Sources.Include, rules.Sources.Exclude
	if out := relInside(dir, p.gens.publishDir(*g)); out != "" {
		src.Walk.Exclude = append(src.Walk.Exclude, out)
	}
	src.Walk.FollowSymlinks = followSymlinks
	// The line that says what was found names the folders and their
	// generator.
	if f := rules.Sources.Describe; f != nil {
		return src, rules, f(dir, g.Title()), nil
	}
	return src, rules, dir + " (" + g.Title() + ")", nil
}

// contentFS returns the sources' folder dir, as named, for a preset
// that lists its folders (Hugo's bundles, MkDocs' index pages). It
// reads through the one door and never follows a link out of dir. Each
// file's reads are bounded by limits.front_matter_bytes.
func contentFS(dir string, lim limits.Limits) fs.FS {
	return fsx.DirFS(dir, int64(lim.Or().FrontMatterBytes), "limits.front_matter_bytes")
}

// settingsFS returns the sources' folder dir, as named, for a preset
// that reads the files that route pages (Astro's route files and
// content configuration, Eleventy's data files). It reads through the
// one door and never follows a link out of dir. Each file's reads are
// bounded by limits.settings_bytes.
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

// loadPreset returns the preset that name asks for. Otherwise it returns
// the one the project's files tell: the first of the registry's Loaders
// whose configuration is there (Hugo's, then Jekyll's _config.yml, then
// an mkdocs.yml), else plain. It also returns what the generator says of
// itself (zero for plain) and the project folder. The project folder is
// the first of dirs that has the generator's configuration, else
// dirs[0]. env is the environment of the generator's build.
func loadPreset(name string, dirs []string, env generator.Env, lim limits.Limits) (generator.Preset, generator.Info, string, error) {
	ls, given := registry.Loaders(name)
	for _, l := range ls {
		// A preset asked for comes with its configuration, or with its
		// defaults when there is none.
		if p, d, found, err := findConfig(dirs, env, lim, l.Loader); given || found || err != nil || l.Loader == registry.Plain {
			return p, l.Info, d, err
		}
	}
	return nil, generator.Info{}, dirs[0], nil
}

// findConfig loads a generator's configuration from the first of dirs
// that has one, and found reports that one was there. When none has
// one, it returns what the loader made of dirs[0]: the generator's
// defaults.
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

// wrapIn takes an error from loading a generator's configuration in
// dir. It makes the error name the file as seen from the working
// directory. A nil error stays nil.
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
