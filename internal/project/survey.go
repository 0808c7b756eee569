package project

import (
	"path/filepath"

	"github.com/sitemapgen/sitemapgen/internal/host"
)

// Findings are what the project folder and the build environment say,
// for sitemapgen init: each value "" when nothing says it.
type Findings struct {
	// Generators are the generators found, as "Hugo (hugo.toml)".
	Generators []string
	// Root is the site folder and RootFrom what named it.
	Root, RootFrom string
	// BaseURL is the base URL the platform or the generator gives, and
	// BaseURLFrom what gave it.
	BaseURL, BaseURLFrom string
	// Platform is the hosting platform found, PlatformFrom what said so.
	Platform, PlatformFrom string
	// Style is the platform's URL style, nil without one.
	Style *host.Style
	// Problems are what stopped a value being found: ambiguity, a
	// missing base URL, a value that is not a literal.
	Problems []error
}

// Survey reports what the files in dir (the project folder) and the build
// environment (through getenv) say about the site, as a run without DIR
// and without configuration would take it. A generator's configuration
// that does not parse is an error. Of a, only the words of the errors
// count.
func Survey(dir string, getenv func(string) string, a Ask) (*Findings, error) {
	pr := &discovery{dir: dir, settingsFile: a.SettingsFile, noRoot: a.NoRoot, noBaseURL: a.NoBaseURL}
	pr.findPlatform("", "", getenv)
	d := &Findings{Platform: pr.platform, PlatformFrom: pr.platformFrom, Problems: pr.warnings}
	warnings, err := pr.loadStyle("")
	if err != nil {
		return nil, err
	}
	for _, w := range warnings {
		d.Problems = append(d.Problems, w)
	}
	if err := pr.detect(); err != nil {
		return nil, err
	}
	for _, g := range pr.found {
		d.Generators = append(d.Generators, g.Title+" ("+filepath.Join(dir, g.File)+")")
	}
	root, from, err := pr.findRoot()
	if err != nil {
		d.Problems = append(d.Problems, err)
	} else {
		d.Root, d.RootFrom = root, from
		warnings, _ := pr.loadStyle(root)
		for _, w := range warnings {
			d.Problems = append(d.Problems, w)
		}
	}
	d.Style = pr.style
	if u, from, err := pr.baseURL(d.Root, false); err != nil {
		d.Problems = append(d.Problems, err)
	} else {
		d.BaseURL, d.BaseURLFrom = u, from
	}
	return d, nil
}
