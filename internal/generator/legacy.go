package generator

// The generators that do not have a folder of their own yet: their code is
// still spread over this package's files by aspect (detect, sitemaps,
// base URL). Each is a Generator here, so that the registry lists them as
// it will list their folders.

// legacy is a Generator whose code is in this package.
type legacy struct {
	info  Info
	check func(*Dir) (*Project, error)
}

// legacies are the generators of this package, by name.
var legacies = map[string]legacy{
	"hugo":   {Info{Name: "hugo", Title: "Hugo", PublishKey: "publishDir", SourceKey: "contentDir"}, (*Dir).hugo},
	"jekyll": {Info{Name: "jekyll", Title: "Jekyll", PublishKey: "destination", SourceKey: "source", ConfigFile: "_config.yml"}, (*Dir).jekyll},
	"mkdocs": {Info{Name: "mkdocs", Title: "MkDocs", PublishKey: "site_dir", SourceKey: "docs_dir"}, (*Dir).mkdocs},
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
