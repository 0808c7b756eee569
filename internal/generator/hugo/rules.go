package hugo

import (
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
)

// FileRules returns what Hugo reads of the source at rel, relative to the
// content folder (see [generator.FileRules]): all of its front matter,
// the terms of the site's taxonomies, a date without a zone in its
// language's timeZone, the date :filename reads in its name, and, under
// its own front matter, what the cascades above it pass down
// ([Preset.cascadeDefaults]). With buildDrafts, draft: true builds the
// page as any other.
func (h *Preset) FileRules(rel string) generator.FileRules {
	f := generator.FileRules{Reading: h.reading(), Terms: h.Taxonomies, ExcludeKeys: h.sitemapExclude(), Defaults: h.cascadeDefaults(rel)}
	f.Zone, f.ZoneFrom = h.zone(rel)
	f.FileDate = h.fileDate(rel, f.Zone)
	return f
}

// reading is what Hugo reads of a source's front matter: all of it, but
// for a draft: true that buildDrafts publishes all the same.
func (h *Preset) reading() generator.Reading {
	r := generator.AllFrontMatter
	r.Drafts = !h.BuildDrafts
	return r
}

// Rules returns what Hugo's configuration says of the project (see
// [generator.Rules]).
func (h *Preset) Rules() generator.Rules {
	r := generator.Rules{
		Name: "hugo",
		Sources: generator.SourceRules{
			Config:       &generator.Config{File: h.File, Sources: h.ContentDir, Publish: h.PublishDir},
			ConfigFiles:  h.Files,
			Reads:        h.reads(),
			ZoneWarnings: h.zoneWarnings(),
		},
		Order:  h.LastModOrder(),
		Output: h.output(),
		Pages:  generator.PageRules{Lists: generator.ListRules{Section: h.sectionSource}},
	}
	if h.MountsFrom != "" {
		r.Sources.Describe = func(dir, _ string) string { return dir + " (Hugo's module.mounts in " + h.MountsFrom + ")" }
	}
	if len(h.LangContentDirs) > 0 {
		// Each language's own content folder, which a join reads from
		// the project folder.
		r.Sources.LanguageFolders = h.LangContentDirs
		r.Sources.Split = func(project string) (generator.Preset, error) { return LoadLanguages(h, project) }
	}
	return r
}

// inputFolders are the folders of a Hugo project, besides the content,
// whose files Hugo reads to make its pages, as globs of their files (see
// [generator.SourceRules].Reads): the templates (layoutDir), the data
// (dataDir), the configuration folder, and each theme's templates, data
// and configuration, as the configuration cfg names them. A folder it
// puts outside the project is not among them.
func inputFolders(cfg map[string]any) []string {
	layouts, themes := layoutDirs(cfg)
	data := "data"
	if s, ok := cfg["datadir"].(string); ok && s != "" {
		data = s
	}
	var globs []string
	for _, dir := range []string{layouts, data, "config"} {
		if d, ok := srcpath.GlobDir(dir); ok {
			globs = append(globs, d+"/**")
		}
	}
	if d, ok := srcpath.GlobDir(themes); ok {
		globs = append(globs, d+"/*/layouts/**", d+"/*/data/**", d+"/*/config/**", d+"/*/*.{toml,yaml,yml,json}")
	}
	return globs
}

// reads are the files besides the sources that Hugo reads to make the
// pages (see [generator.SourceRules].Reads): those of inputFolders, and
// the content adapters (_content.gotmpl) of each content folder.
func (h *Preset) reads() []string {
	globs := slices.Clone(h.inputs)
	dirs := append([]string{h.ContentDir}, slices.Collect(maps.Values(h.LangContentDirs))...)
	slices.Sort(dirs)
	for _, dir := range slices.Compact(dirs) {
		if d, ok := srcpath.GlobDir(dir); ok {
			globs = append(globs, d+"/**/_content.gotmpl")
		}
	}
	return globs
}

// hugoStatic are the folders whose files Hugo copies to its output as
// they are: static/, and each theme's.
var hugoStatic = []string{"static", "themes/*/static"}

// hugoServer and hugoToDisk are Hugo's dev server and the option that
// makes it write its pages.
const hugoServer, hugoToDisk = "hugo server", "--renderToDisk"

// output is what Hugo's builds are: they leave the pages of deleted
// sources in publishDir (hugo --cleanDestinationDir empties it first),
// and write its sitemaps after the pages at every build; static/ and
// each theme's are copied as they are; hugo server renders to memory
// unless told --renderToDisk; [sitemap] gives every page its changefreq
// and priority.
func (h *Preset) output() generator.OutputRules {
	o := generator.OutputRules{
		KeepsOld:      true,
		CleanBuild:    "hugo --cleanDestinationDir",
		StaticFolders: hugoStatic,
		DevServer:     hugoServer,
		ToDisk:        hugoToDisk,
		ChangeFreq:    h.SitemapChangeFreq,
		Priority:      h.SitemapPriority,
	}
	if w := h.witnessSitemaps(); len(w) > 0 {
		o.Witness, o.SitemapKind = w, h.sitemapKind
		o.WitnessChecked = h.witnessUnread != ""
	}
	return o
}

// sectionSource is [generator.ListRules].Section of a content folder.
func (h *Preset) sectionSource(rel string, terms map[string][]string) (string, string, []string, bool) {
	return sectionSource(h, rel, terms)
}

// FileRules returns what Hugo reads of the source at rel, relative to the
// project folder: what the preset of its content folder reads of it
// there.
func (hl *Languages) FileRules(rel string) generator.FileRules {
	h, in, ok := hl.of(rel)
	if !ok {
		// In no content folder: all of its front matter, the site's
		// taxonomies.
		return generator.FileRules{Reading: hl.site().reading(), Terms: hl.site().Taxonomies, ExcludeKeys: hl.site().sitemapExclude()}
	}
	return h.FileRules(in)
}

// Rules are the site's (its configuration says them alike for every
// folder), but for where the sources are: in each language's content
// folder, from the project folder; the folders a Hugo project keeps
// beside them that hold none (node_modules, themes, resources) are not
// walked.
func (hl *Languages) Rules() generator.Rules {
	r := hl.site().Rules()
	src := generator.SourceRules{ZoneWarnings: r.Sources.ZoneWarnings, Reads: r.Sources.Reads, Exclude: []string{"node_modules", "themes", "resources"}, Describe: hl.describe}
	for _, d := range hl.Dirs {
		src.Include = append(src.Include, d+"/**")
	}
	r.Sources = src
	r.Output.SitemapKind = nil
	if len(r.Output.Witness) > 0 {
		r.Output.SitemapKind = hl.sitemapKind
	}
	r.Pages.Lists.Section = hl.sectionSource
	return r
}

// describe names the content folders in the project folder dir, for the
// line of what was found.
func (hl *Languages) describe(dir, _ string) string {
	var dirs []string
	for _, d := range hl.Dirs {
		dirs = append(dirs, filepath.Join(dir, filepath.FromSlash(d)))
	}
	if from := hl.site().MountsFrom; from != "" {
		return strings.Join(dirs, ", ") + " (Hugo's module.mounts in " + from + ")"
	}
	return strings.Join(dirs, ", ") + " (the contentDir of each of Hugo's languages)"
}

// site is the preset of the site's configuration, alike in every
// language's folder ([Languages.Site]); one of Hugo's defaults when
// there is no folder.
func (hl *Languages) site() *Preset {
	if h := hl.Site(); h != nil {
		return h
	}
	return &Preset{}
}

// sectionSource is [Preset.sectionSource], rel relative to the project
// folder.
func (hl *Languages) sectionSource(rel string, terms map[string][]string) (string, string, []string, bool) {
	return sectionSource(hl, rel, terms)
}

// sitemapKind is [Preset.sitemapKind], of every language's folder: a
// page is listed when no folder says otherwise (a section's folder is in
// one).
func (hl *Languages) sitemapKind(urlPath string) (bool, string) {
	listed, with := hl.any().sitemapKind(urlPath)
	for _, d := range hl.Dirs {
		if l, _ := hl.Hugo[d].sitemapKind(urlPath); !l {
			listed = false
		}
	}
	return listed, with
}
