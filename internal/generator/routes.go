package generator

// The presets of generators that route files: a page's URL is its file's
// path under a pages folder (Astro, Next.js, Eleventy, Sphinx) or a
// plugin's folder (Docusaurus), with front matter that may move it. They
// join a build's pages to their sources; they do not list a site from
// its sources (content mode), since pages that come from code (dynamic
// routes, collections) have no file of their own.

import ()

// Sourced is implemented by the presets whose sources share the project
// folder with other files: which files are sources, and what of their
// front matter the generator reads.
type Sourced interface {
	Preset
	// SourceFiles returns the doublestar globs of the source files,
	// relative to the preset's folder, and of the paths to leave out.
	SourceFiles() (include, exclude []string)
	// FrontMatter says what the generator reads of the front matter of
	// the file at rel.
	FrontMatter(rel string) Reading
}

// Reading is what a generator reads of a source file's front matter.
type Reading struct {
	// Read is false for a file that has none: an .astro component's
	// fence is code, a .tsx page has none.
	Read bool
	// Dates is false when the generator dates its pages otherwise
	// (Docusaurus: by git).
	Dates bool
	// Drafts is false when draft: true builds the page all the same
	// (Astro 5).
	Drafts bool
	// ID says the generator takes id (Docusaurus: a doc's URL).
	ID bool
}

// AllFrontMatter is the Reading of a generator that reads all of it,
// and of presets that are not Sourced.
var AllFrontMatter = Reading{Read: true, Dates: true, Drafts: true}

// Fallback is implemented by the presets of generators that build a
// page of a language from another language's source when it has no
// translation (Docusaurus).
type Fallback interface {
	// FallbackURL returns the URL path of the page whose source the page
	// at urlPath is built from when it has none of its own, and false
	// when there is none.
	FallbackURL(urlPath string) (string, bool)
}

// Routes returns the preset that joins the pages of the project's build
// to their sources, for the generators that route files (a [Router]),
// and the folder of the sources relative to the project folder
// ("/"-separated): SourceDir, else the generator's default; nil for the
// other generators.
func (p *Project) Routes() (Preset, string) {
	if g, ok := p.Gen.(Router); ok {
		return g.Routes(p)
	}
	return nil, ""
}
