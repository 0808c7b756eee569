package generator

import (
	"bytes"
	"cmp"
	"regexp"

	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// Sitemaps names the sitemap files the generator p (or the sitemap
// plugin its projects use) writes into its output, by their path there:
// as its [Info].Sitemaps says, else sitemap.xml.
//
// The files of a plugin the project adds ([Detected.Plugin]) are named here
// whether the project has it or not: which of them are the plugin's (and
// which the project's own, under the same names) is for the caller to
// tell, by [SitemapPlugin.Writes].
func (p *Detected) Sitemaps() func(name string) bool {
	f := DefaultSitemaps
	if p.Gen != nil && p.Gen.Info().Sitemaps != nil {
		f = p.Gen.Info().Sitemaps(p)
	}
	return f.Match
}

// LanguageSitemaps is the [Info].Sitemaps of a generator that writes a
// sitemap at the root of its output and one in each language's folder
// ([Detected.Languages]): sitemap.xml, or the name its configuration
// gives ([Detected.SitemapFile]), at the root and in each; sitemap.xml
// stays named after a rename, a build before it left it (Hugo and
// Sphinx do not empty their folder).
func LanguageSitemaps(p *Detected) SitemapFiles {
	file := cmp.Or(p.SitemapFile, "sitemap.xml")
	names := []string{"sitemap.xml", file}
	for _, lang := range p.Languages {
		names = append(names, lang+"/"+file)
	}
	return SitemapFiles{Names: names}
}

// LanguagesPublished is the [Info].Published of a generator whose
// languages' sitemaps, each in its folder ([Detected.Languages]), its
// build stops writing once sitemapgen replaces them (Docusaurus' locales
// with the classic preset's sitemap turned off, Sphinx's languages
// without sphinx-sitemap): their paths, named as the configuration
// names them, else as file (the name sitemapgen's entry file took from
// the plugin's options, which the switch carried over), else
// sitemap.xml.
func LanguagesPublished(p *Detected, file string) []string {
	file = cmp.Or(p.SitemapFile, file, "sitemap.xml")
	var names []string
	for _, l := range p.Languages {
		names = append(names, l+"/"+file)
	}
	return names
}

var (
	// numberedShard is NumberedShards.
	numberedShard = NumberedShards
)

// NumberedShards returns the expression that matches the names of the
// numbered files of the sitemap plugins whose index names them so
// (@astrojs/sitemap, next-sitemap, gatsby-plugin-sitemap): sitemap-0.xml,
// sitemap-1.xml …; compiled when first asked for.
var NumberedShards = lazyre.MustCompile(`^sitemap-[0-9]+\.xml$`)

// A SitemapPlugin is the plugin that writes the own sitemaps of a
// generator that writes none itself: Astro's @astrojs/sitemap, Gatsby's
// gatsby-plugin-sitemap, Next.js's next-sitemap (Next.js's own, an
// app/sitemap route, writes sitemap.xml alone). A file named as the
// plugin names its own is the plugin's only in a project that has it: a
// project may write a sitemap-0.xml of its own (a file of its public/
// folder, a route of its pages).
type SitemapPlugin struct {
	// Name is the plugin's package: "@astrojs/sitemap".
	Name string
	// Index is the file of the plugin's index, whose entries name its
	// other files: "sitemap-index.xml"; next-sitemap's is "sitemap.xml".
	Index string
	// In names the file that says the project has the plugin: its
	// package.json (a dependency), or the configuration that names it
	// ("astro.config.mjs"), or next-sitemap's own configuration; "" when
	// none does. Looked lists the files looked at.
	In     string
	Looked []string
	// Shard matches the names of its numbered files when its
	// configuration renames them (next-sitemap's sitemapBaseFileName);
	// nil for sitemap-0.xml, sitemap-1.xml …
	Shard *regexp.Regexp
	// Header, when set, is how each numbered file of the plugin starts,
	// byte for byte, and no other writer's does: such a file is the
	// plugin's, left over from before the switch, though the project no
	// longer has the plugin (next-sitemap's urlset, with its six
	// namespaces).
	Header string
}

// Writes reports whether the plugin writes the file name of the output
// folder: its index (but sitemap.xml, sitemapgen's own name, which it
// writes over) and its numbered files, sitemap-0.xml, sitemap-1.xml …
func (s *SitemapPlugin) Writes(name string) bool {
	return s != nil && (name == s.Index && name != "sitemap.xml" || cmp.Or(s.Shard, numberedShard()).MatchString(name))
}

// names reports whether the file rel of the project folder names s: a
// configuration that imports or lists a plugin. A file that cannot be
// read names nothing (Detect read it already, and said so).
func (d *Dir) names(rel, s string) bool {
	data, err := d.lim.ReadFile(d.dir, rel, "", limits.Text)
	return err == nil && bytes.Contains(data, []byte(s))
}
