package generator

import (
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// The generators that do not have a folder of their own yet: their code is
// still spread over this package's files by aspect (detect, sitemaps,
// base URL). Each is a Generator here, so that the registry lists them as
// it will list their folders.

// legacy is a Generator whose code is in this package.
type legacy struct {
	info  Info
	check func(*Dir) (*Project, error)
	load  func(string, limits.Limits) (Preset, bool, error)
}

var (
	_ Loader  = legacy{}
	_ Changer = (*Hugo)(nil)
	_ Changer = (*HugoLanguages)(nil)

	_ Configured   = (*Hugo)(nil)
	_ FolderReader = (*Hugo)(nil)

	_ FrontMatterOptioner = (*Hugo)(nil)
	_ FrontMatterOptioner = (*HugoLanguages)(nil)
	_ ConfigFiler         = (*Hugo)(nil)

	_ SectionLister = (*Hugo)(nil)
	_ SectionLister = (*HugoLanguages)(nil)
	_ OutputKeeper  = (*Hugo)(nil)
	_ OutputKeeper  = (*HugoLanguages)(nil)
	_ StaticCopier  = (*Hugo)(nil)
	_ StaticCopier  = (*HugoLanguages)(nil)
	_ DevServer     = (*Hugo)(nil)
	_ DevServer     = (*HugoLanguages)(nil)
	_ PageDefaulter = (*Hugo)(nil)
	_ PageDefaulter = (*HugoLanguages)(nil)
	_ Marker        = legacy{}

	_ LanguageSplitter = (*Hugo)(nil)
	_ FolderNamer      = (*HugoLanguages)(nil)
	_ Sourced          = (*HugoLanguages)(nil)
)

// legacies are the generators of this package, by name.
var legacies = map[string]legacy{
	"hugo": {Info{Name: "hugo", Title: "Hugo", PublishKey: "publishDir", SourceKey: "contentDir"}, (*Dir).hugo, loadHugo},
}

// Legacy returns the generator name ("hugo") whose code is still in this
// package; it panics for another name.
func Legacy(name string) Generator {
	l, ok := legacies[name]
	if !ok {
		panic("generator: no generator " + name + " in this package")
	}
	return l
}

func (l legacy) Info() Info { return l.info }

func (l legacy) Detect(d *Dir) (*Project, error) {
	p, err := l.check(d)
	if err != nil || p == nil {
		return p, err
	}
	return p, nil
}

// Marks returns, for a Hugo project found by config.*, a name other
// tools' projects share, Hugo's own folders (see [Marker]).
func (l legacy) Marks(p *Project) []string {
	if l.info.Name != "hugo" || !strings.HasPrefix(path.Base(p.File), "config.") {
		return nil
	}
	return HugoFolders
}

// Load loads the generator's preset (see [Loader]).
func (l legacy) Load(dir string, lim limits.Limits) (Preset, bool, error) { return l.load(dir, lim) }

// loadHugo is the Loaders' Load: found when
// the folder has the generator's configuration.
func loadHugo(dir string, lim limits.Limits) (Preset, bool, error) {
	h, err := LoadHugo(dir, lim)
	return h, err == nil && h.File != "", err
}
