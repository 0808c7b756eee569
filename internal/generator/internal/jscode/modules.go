package jscode

import (
	"io/fs"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// Modules reads the modules of a project's files, each once, for a
// reader that follows the modules a file imports or requires (Next.js's
// routes, Gatsby's gatsby-node). Its files come through fsys, which the
// caller opens through the one door (fsx.DirFS, within
// limits.settings_bytes).
type Modules struct {
	FS   fs.FS
	lim  limits.Limits
	mods map[string]*Module // by path; nil for a file that cannot be read
	// Read are the files read, in order: the files that change what
	// was read (watch mode's).
	Read []string
}

// NewModules returns Modules reading fsys within lim.
func NewModules(fsys fs.FS, lim limits.Limits) *Modules {
	return &Modules{FS: fsys, lim: lim, mods: map[string]*Module{}}
}

// Get returns the module at name, read once; nil when it cannot be (no
// such file, past a limit, a link out of the project).
func (ms *Modules) Get(name string) *Module {
	if m, ok := ms.mods[name]; ok {
		return m
	}
	ms.Read = append(ms.Read, name)
	data, err := fs.ReadFile(ms.FS, name)
	var m *Module
	if err == nil {
		m, _ = Parse(name, data, ms.lim)
	}
	ms.mods[name] = m
	return m
}
