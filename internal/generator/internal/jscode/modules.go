package jscode

import (
	"fmt"
	"io/fs"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// Modules reads the modules of a project's files, each once, for a
// reader that follows the modules a file imports or requires (Next.js's
// routes, Gatsby's gatsby-node). Its files come through fsys, which the
// caller opens through the one door (fsx.DirFS, within
// limits.settings_bytes).
//
// Its memory is bounded twice. The modules it lexes, all together, are
// within limits.settings_bytes, as one file is: past it, a module is not
// read (Get gives nil, as for a file that cannot be read), and Over
// names it. And a module's tokens, most of what it costs (about 40
// bytes of the heap a byte of source), are held only while the reader
// reads its code: once done, the reader lets go of them (LetGo), and
// only its source and what Parse found of it (imports, declarations,
// exports) are kept; Get lexes the source again when the reader comes
// back to it, which counts against the bound as a new read.
type Modules struct {
	FS   fs.FS
	lim  limits.Limits
	mods map[string]*Module // by path; nil for a file that cannot be read
	// Read are the files read, in order: the files that change what
	// was read (watch mode's).
	Read []string
	// lexed are the bytes of the modules lexed so far, a module lexed
	// again counted again.
	lexed int
	// over is the first module not read because lexing it would pass
	// the bound; nil when none was.
	over *diag.Diagnostic
}

// NewModules returns Modules reading fsys within lim.
func NewModules(fsys fs.FS, lim limits.Limits) *Modules {
	return &Modules{FS: fsys, lim: lim.Or(), mods: map[string]*Module{}}
}

// Get returns the module at name, read once, with its tokens (lexed
// again from its source when the reader let go of them); nil when it
// cannot be (no such file, past a limit, a link out of the project).
func (ms *Modules) Get(name string) *Module {
	if m, ok := ms.mods[name]; ok {
		if m == nil || m.Toks != nil {
			return m
		}
		if !ms.lex(name, len(m.Src)) {
			return nil
		}
		// The source parsed once, within the limits: lexed again, it
		// gives the same tokens.
		m.Toks, _ = jsconfig.Tokens(m.Src, ms.lim)
		m.match()
		return m
	}
	ms.Read = append(ms.Read, name)
	data, err := fs.ReadFile(ms.FS, name)
	var m *Module
	if err == nil && ms.lex(name, len(data)) {
		m, _ = Parse(name, data, ms.lim)
	}
	ms.mods[name] = m
	return m
}

// lex counts the n bytes of the module at name about to be lexed
// against the bound; false, the module noted as over it, when they
// would pass it.
func (ms *Modules) lex(name string, n int) bool {
	if ms.lexed+n > ms.lim.SettingsBytes {
		if ms.over == nil {
			ms.over = &diag.Diagnostic{File: name, Msg: fmt.Sprintf("more than %d bytes with the modules read before it (limits.settings_bytes, all of them together); not read", ms.lim.SettingsBytes)}
		}
		return false
	}
	ms.lexed += n
	return true
}

// LetGo lets go of the tokens of m, a module Get returned, once the
// reader is done reading its code: its source, imports, declarations
// and exports stay, and Get gives its tokens back.
func (ms *Modules) LetGo(m *Module) {
	if m != nil {
		m.Toks, m.Match = nil, nil
	}
}

// Over returns, when a module was not read because it would pass the
// bound, a *diag.Diagnostic naming the first such module, its message
// ending with what, what was not done for want of it; else nil.
func (ms *Modules) Over(what string) error {
	if ms.over == nil {
		return nil
	}
	d := *ms.over
	d.Msg += "; " + what
	return &d
}
