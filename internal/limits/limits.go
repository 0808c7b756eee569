package limits

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/robots"
)

// The default limits on a settings file or a page's front matter.
const (
	// MaxBytes is the size of the largest settings file read by default:
	// 4 MiB, a hundred times the largest configuration of a real site.
	MaxBytes = 4 << 20
	// MaxDepth is the deepest nesting of arrays, tables, objects and
	// mappings taken by default, each level counted once (a TOML array
	// of tables header [[a]] counts 2).
	MaxDepth = 100
)

// Limits are the bounds on what a build reads besides its pages: each is
// a key under limits: in sitemap.yaml, and [Default] holds the defaults.
// A zero field means its default.
type Limits struct {
	// SettingsBytes is the size of the largest settings file read (a
	// generator's configuration, netlify.toml, vercel.json, package.json,
	// a JavaScript configuration); Nesting the deepest nesting of one, or
	// of a page's front matter.
	SettingsBytes, Nesting int
	// JSTokens is the most tokens a JavaScript configuration may have.
	JSTokens int
	// FrontMatterBytes is the most bytes of a source file read for its
	// front matter.
	FrontMatterBytes int
	// HeadAttributes and HeadTags are the most attributes a tag, and tags
	// (start and end) a head, a page's head may have: the head is read no
	// further past one.
	HeadAttributes, HeadTags int
	// RuleFileBytes is the size of the largest _headers, _redirects,
	// netlify.toml or vercel.json read for its rules (netlify.toml and
	// vercel.json within SettingsBytes and Nesting too, which their
	// decoders need), RuleLineBytes the
	// longest line of _headers or _redirects, and Rules the most header
	// and redirect rules (each kind counted apart) read from them all.
	RuleFileBytes, RuleLineBytes, Rules int
	// StateBytes is the size of the largest hash state file read.
	StateBytes int
	// RobotsBytes is the most bytes of the site's robots.txt read for
	// its rules: Google reads 500 KiB and ignores the rest.
	RobotsBytes int
	// PageBytes is the most bytes of one page sitemapgen audit reads for
	// its links.
	PageBytes int
	// GeneratorURLs is the most URLs read from a site generator's own
	// sitemaps for their lastmods, all its files together (each file
	// within the protocol's limits, at most [MaxGeneratorFiles] files):
	// the most dates kept, in memory and in the output folder's
	// .sitemapgen-generator-lastmod, whose size it bounds.
	GeneratorURLs int
	// OutputBytes is the size of the largest of sitemapgen's own files
	// read back from the output folder: its record of the files it wrote
	// (.sitemapgen-files), and feed.xml and sitemap.html, read to tell
	// its own from another tool's.
	OutputBytes int
	// ExtraURLsBytes is the most bytes read of a file of extra URLs
	// (extra_urls), or of a command's output (extra_urls_command), each;
	// CommandSeconds the longest a command may run before it is killed.
	ExtraURLsBytes, CommandSeconds int
}

// The keys of the limits on the output folder's files, as messages name
// them.
const (
	GeneratorURLsKey = "limits.generator_urls"
	OutputBytesKey   = "limits.output_bytes"
	// The keys of the limits on extra URLs and the commands that write
	// them.
	ExtraURLsBytesKey = "limits.extra_urls_bytes"
	CommandSecondsKey = "limits.command_seconds"
)

// MaxGeneratorFiles is the most files of a site generator's own sitemaps
// read for their lastmods: a generator writes one, one a language, or one
// every 45,000 URLs (Astro's), 23 for a million.
const MaxGeneratorFiles = 1000

// MaxSourceEntries is the most files and folders of a project looked at
// for their times when the build asks whether its sources changed since
// an earlier build wrote a page (the stale-output rule of package
// pipeline). It is ten times the files of the largest real site. Past
// it, the rule judges such pages by their time alone, and says so.
const MaxSourceEntries = 1_000_000

// Default are the limits a build has unless sitemap.yaml says otherwise,
// each a hundred times or more what a real site's files hold.
var Default = Limits{
	SettingsBytes:    MaxBytes,
	Nesting:          MaxDepth,
	JSTokens:         1 << 20,
	FrontMatterBytes: 1 << 20,
	HeadAttributes:   1000,
	HeadTags:         100_000,
	RuleFileBytes:    64 << 20,
	RuleLineBytes:    1 << 20,
	Rules:            100_000,
	StateBytes:       1 << 30,
	RobotsBytes:      robots.MaxBytes,
	PageBytes:        64 << 20,
	GeneratorURLs:    1_000_000,
	OutputBytes:      64 << 20,
	// Ten million URLs of about a hundred bytes; ten minutes for an
	// API's or a database's export.
	ExtraURLsBytes: 1 << 30,
	CommandSeconds: 600,
}

// Or returns l with each zero field set to its default.
func (l Limits) Or() Limits {
	d := Default
	set := func(v *int, def int) {
		if *v == 0 {
			*v = def
		}
	}
	set(&l.SettingsBytes, d.SettingsBytes)
	set(&l.Nesting, d.Nesting)
	set(&l.JSTokens, d.JSTokens)
	set(&l.FrontMatterBytes, d.FrontMatterBytes)
	set(&l.HeadAttributes, d.HeadAttributes)
	set(&l.HeadTags, d.HeadTags)
	set(&l.RuleFileBytes, d.RuleFileBytes)
	set(&l.RuleLineBytes, d.RuleLineBytes)
	set(&l.Rules, d.Rules)
	set(&l.StateBytes, d.StateBytes)
	set(&l.RobotsBytes, d.RobotsBytes)
	set(&l.PageBytes, d.PageBytes)
	set(&l.GeneratorURLs, d.GeneratorURLs)
	set(&l.OutputBytes, d.OutputBytes)
	set(&l.ExtraURLsBytes, d.ExtraURLsBytes)
	set(&l.CommandSeconds, d.CommandSeconds)
	return l
}

// Syntax is the language of a file, for [Check].
type Syntax uint8

// The syntaxes Check knows.
const (
	TOML Syntax = iota
	JSON
	YAML
	Python // a generator's configuration in Python: conf.py, pelicanconf.py
	Text   // any other: only the size is checked
)

// SyntaxOf returns the syntax of a file by its name's extension: .toml,
// .json, .yaml or .yml, .py, else Text.
func SyntaxOf(name string) Syntax {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".toml":
		return TOML
	case ".json":
		return JSON
	case ".yaml", ".yml":
		return YAML
	case ".py":
		return Python
	}
	return Text
}

// ReadFile reads the settings file rel inside the folder dir through the
// one door (package fsx: never through a link out of dir, only a regular
// file, never waiting on it) and checks it with [Limits.Check]: a file
// larger than SettingsBytes is an error without reading more of it. name
// is the file's name in errors; "" names it by its path.
func (l Limits) ReadFile(dir, rel, name string, syn Syntax) ([]byte, error) {
	if name == "" {
		name = filepath.Join(dir, filepath.FromSlash(rel))
	}
	return l.read(name, syn, func(max int) ([]byte, error) { return fsx.ReadFile(dir, rel, max, "limits.settings_bytes") })
}

// ReadNamed reads the settings file at path, one the user named (--config),
// followed wherever it points, as [Limits.ReadFile] reads one inside a
// folder.
func (l Limits) ReadNamed(path, name string, syn Syntax) ([]byte, error) {
	if name == "" {
		name = path
	}
	return l.read(name, syn, func(max int) ([]byte, error) { return fsx.ReadNamed(path, max, "limits.settings_bytes") })
}

func (l Limits) read(name string, syn Syntax, read func(max int) ([]byte, error)) ([]byte, error) {
	l = l.Or()
	data, err := read(l.SettingsBytes)
	if errors.Is(err, fsx.ErrTooLarge) {
		return nil, fsx.TooLarge(name, int64(l.SettingsBytes), "limits.settings_bytes")
	}
	if err != nil {
		return nil, err
	}
	if err := l.Check(name, data, syn); err != nil {
		return nil, err
	}
	return data, nil
}

// Check is Default.Check.
func Check(name string, data []byte, syn Syntax) error { return Default.Check(name, data, syn) }

// Check returns a *diag.Diagnostic when data, the contents of the file
// name in syntax syn, is larger than SettingsBytes ("name: larger than
// 4194304 bytes (limits.settings_bytes)") or nested deeper than Nesting
// ("name:line: nesting deeper than 100 (limits.nesting)"), else nil.
func (l Limits) Check(name string, data []byte, syn Syntax) error {
	l = l.Or()
	if len(data) > l.SettingsBytes {
		return fsx.TooLarge(name, int64(l.SettingsBytes), "limits.settings_bytes")
	}
	if line := Deep(data, syn, l.Nesting); line > 0 {
		return TooDeep(name, line, l.Nesting)
	}
	return nil
}

// TooDeep is the error for nesting deeper than max at line of file.
func TooDeep(file string, line, max int) error {
	return &diag.Diagnostic{File: file, Line: line, Msg: fmt.Sprintf("nesting deeper than %d (limits.nesting)", max)}
}

// Deep returns the line where data, in syntax syn, first nests deeper
// than max, or 0 when it never does.
func Deep(data []byte, syn Syntax, max int) int {
	switch syn {
	case YAML:
		return deepYAML(data, max)
	case TOML:
		return deepTOML(data, max)
	case Python:
		return deepPython(data, max)
	case Text:
		return 0
	}
	s := scanner{data: data, line: 1}
	depth := 0
	for s.i < len(data) {
		c := data[s.i]
		switch {
		case c == '\n':
			s.line++
			s.i++
		case c == '"':
			s.skipString(false)
		case c == '[' || c == '{':
			if depth++; depth > max {
				return s.line
			}
			s.i++
		case c == ']' || c == '}':
			depth = max0(depth - 1)
			s.i++
		default:
			s.i++
		}
	}
	return 0
}

// max0 is max(n, 0): Deep's parameter max hides the builtin.
func max0(n int) int { return max(n, 0) }

// scanner is a position in a file, with its line.
type scanner struct {
	data []byte
	i    int
	line int
	// blockScalar is set by yamlLine when the line ends with | or >.
	blockScalar bool
	// flow holds, for each YAML flow collection open, whether a pair
	// (a ":") is open in its current entry; pairs counts those that are.
	flow  []bool
	pairs int
}

// endPair ends the pair open in the current entry of the innermost
// flow collection, if any.
func (s *scanner) endPair() {
	if n := len(s.flow); n > 0 && s.flow[n-1] {
		s.flow[n-1] = false
		s.pairs--
	}
}

// skipLine moves to the line break that ends the current line: a
// newline, or a carriage return (YAML's line break too).
func (s *scanner) skipLine() {
	for s.i < len(s.data) && s.data[s.i] != '\n' && s.data[s.i] != '\r' {
		s.i++
	}
}

// lineBreak moves past the line break at s.i, if any: \n, \r\n or \r.
func (s *scanner) lineBreak() {
	switch {
	case s.i < len(s.data) && s.data[s.i] == '\n':
		s.i++
	case s.i < len(s.data) && s.data[s.i] == '\r':
		s.i++
		if s.i < len(s.data) && s.data[s.i] == '\n' {
			s.i++
		}
	default:
		return
	}
	s.line++
}

// skipString moves past the string that starts at s.i: with
// multiline, a TOML string of three quotes ends only at three quotes;
// any other ends at its quote or at the end of the line (where the
// decoder stops with an error), a backslash escaping the next byte in a
// double-quoted one.
func (s *scanner) skipString(multiline bool) {
	q := s.data[s.i]
	if multiline && s.i+2 < len(s.data) && s.data[s.i+1] == q && s.data[s.i+2] == q {
		s.i += 3
		for s.i < len(s.data) {
			switch c := s.data[s.i]; {
			case c == '\n':
				s.line++
			case c == '\\' && q == '"':
				s.i++
				if s.i < len(s.data) && s.data[s.i] == '\n' {
					s.line++
				}
			case c == q:
				// The closing quotes may follow one or two quotes of
				// the string's own.
				run := 0
				for s.i+run < len(s.data) && s.data[s.i+run] == q && run < 5 {
					run++
				}
				if run >= 3 {
					s.i += run
					return
				}
				s.i += run - 1
			}
			s.i++
		}
		return
	}
	s.i++
	for s.i < len(s.data) {
		switch c := s.data[s.i]; {
		case c == '\n':
			return
		case c == '\\' && q == '"':
			s.i++
			if s.i < len(s.data) && s.data[s.i] == '\n' {
				return
			}
		case c == q:
			s.i++
			return
		}
		s.i++
	}
}

// deepYAML is Deep for YAML: the depth of a line is the number of block
// indents open (each "- ", "? " or ": " that starts it opening one more)
// plus the flow collections ([ and {) open.
func deepYAML(data []byte, max int) int {
	s := scanner{data: data, line: 1}
	type level struct {
		indent int
		seq    bool // a block sequence's: its entries' "- " are at indent
	}
	var first [16]level // no allocation for a file of few levels
	indents := first[:0]
	scalar := -1 // the indent of a block scalar's parent, -1 outside one
	for s.i < len(data) {
		start := s.i
		for s.i < len(data) && data[s.i] == ' ' {
			s.i++
		}
		indent := s.i - start
		if s.i == len(data) {
			break
		}
		switch {
		case data[s.i] == '\n' || data[s.i] == '\r':
			s.lineBreak()
			continue
		case scalar >= 0 && indent > scalar, data[s.i] == '#':
			s.skipLine()
			continue
		}
		scalar = -1
		if len(s.flow) == 0 {
			for len(indents) > 0 && indents[len(indents)-1].indent > indent {
				indents = indents[:len(indents)-1]
			}
			// A sequence may be a mapping's value at the mapping's indent.
			dash := data[s.i] == '-' && (s.i+1 == len(data) || strings.IndexByte(" \t\r\n", data[s.i+1]) >= 0)
			if n := len(indents); n == 0 || indents[n-1].indent < indent || dash && !indents[n-1].seq {
				indents = append(indents, level{indent, dash})
			}
			// Each indicator of an entry ("- ", "? ", ": ") opens a
			// node at the column after it.
			for s.i < len(data) && strings.IndexByte("-?:", data[s.i]) >= 0 && (s.i+1 == len(data) || strings.IndexByte(" \t\r\n", data[s.i+1]) >= 0) {
				s.i++
				for s.i < len(data) && (data[s.i] == ' ' || data[s.i] == '\t') {
					s.i++
				}
				if indents = append(indents, level{indent: s.i - start}); len(indents) > max {
					return s.line
				}
			}
			if len(indents) > max {
				return s.line
			}
		}
		if line := s.yamlLine(len(indents), max); line > 0 {
			return line
		}
		if len(s.flow) == 0 && s.blockScalar {
			scalar = indent
		}
	}
	return 0
}

// yamlLine scans the rest of a YAML line, and of any quoted string that
// goes on past it, counting flow collections in s.flow (a pair, "a: b",
// in one counts one more: YAML makes it a mapping); it returns the line
// where they and block first go past max, else 0, and leaves s.i at
// the start of the next line with s.blockScalar set when the line ends
// with a block scalar's indicator (| or >).
func (s *scanner) yamlLine(block, max int) int {
	data := s.data
	scalarStart := true // a quote here opens a quoted scalar
	tok := -1           // where the line's last token starts
	s.blockScalar = false
	for s.i < len(data) && data[s.i] != '\n' && data[s.i] != '\r' {
		c := data[s.i]
		if c == ' ' || c == '\t' {
			s.i++
			continue
		}
		if c == '#' && s.i > 0 && (data[s.i-1] == ' ' || data[s.i-1] == '\t') {
			s.skipLine()
			break
		}
		if s.i == 0 || data[s.i-1] == ' ' || data[s.i-1] == '\t' || data[s.i-1] == '\n' {
			tok = s.i
		}
		switch {
		case (c == '"' || c == '\'') && scalarStart:
			s.skipQuoted()
			scalarStart = false
			continue
		case c == '[' || c == '{':
			if s.flow = append(s.flow, false); len(s.flow)+s.pairs+block > max {
				return s.line
			}
			scalarStart = true
		case c == ']' || c == '}':
			s.endPair()
			if n := len(s.flow); n > 0 {
				s.flow = s.flow[:n-1]
			}
			scalarStart = false
		case c == ',':
			scalarStart = len(s.flow) > 0 // in a block, a plain scalar's
			s.endPair()
		case c == ':' || c == '?' && len(s.flow) > 0:
			if n := len(s.flow); n > 0 && !s.flow[n-1] {
				s.flow[n-1] = true
				if s.pairs++; len(s.flow)+s.pairs+block > max {
					return s.line
				}
			}
			scalarStart = s.i+1 == len(data) || strings.IndexByte(" \t\r\n", data[s.i+1]) >= 0
		default:
			scalarStart = false
		}
		s.i++
	}
	if tok >= 0 && (data[tok] == '|' || data[tok] == '>') {
		s.blockScalar = true
		for _, c := range bytes.TrimRight(data[tok+1:s.i], " \t") {
			if !strings.ContainsRune("-+0123456789", rune(c)) {
				s.blockScalar = false
			}
		}
	}
	s.lineBreak()
	return 0
}

// skipQuoted moves past the YAML quoted scalar that starts at s.i, which
// may go on over lines: ” is a quote in a single-quoted one, a
// backslash escapes the next byte in a double-quoted one.
func (s *scanner) skipQuoted() {
	q := s.data[s.i]
	for s.i++; s.i < len(s.data); s.i++ {
		switch c := s.data[s.i]; {
		case c == '\n':
			s.line++
		case c == '\\' && q == '"' && s.i+1 < len(s.data):
			s.i++
			if s.data[s.i] == '\n' {
				s.line++
			}
		case c == q && q == '\'' && s.i+1 < len(s.data) && s.data[s.i+1] == '\'':
			s.i++
		case c == q:
			s.i++
			return
		}
	}
}

// deepTOML is Deep for TOML, where a dotted key nests as brackets do (a
// table [a.b.c] is three deep, and so is a.b.c = 1): the depth at a
// point is the brackets open, plus the dots of the keys that lead there,
// plus, after a table's header, the header's depth.
func deepTOML(data []byte, max int) int {
	s := scanner{data: data, line: 1}
	var open []byte // the brackets open, innermost last
	var dots []int  // for each, the dots of the key whose value it opens
	base := 0       // the depth of the last table header
	sum := 0        // the sum of dots
	key := true     // reading a key: its dots count
	keyDots := 0    // the dots of the key being read
	header := false // reading a table header
	deep := func() bool { return base+len(open)+sum+keyDots > max }
	for s.i < len(data) {
		c := data[s.i]
		switch {
		case c == '\n':
			s.line++
			if len(open) == 0 {
				key, keyDots = true, 0
			}
		case c == '#':
			s.skipLine()
			continue
		case c == '"' || c == '\'':
			s.skipString(true)
			continue
		case c == '.' && key:
			if keyDots++; deep() {
				return s.line
			}
		case c == '=' && key:
			key = false
		case c == '[' || c == '{':
			if len(open) == 0 && key && c == '[' {
				header, base = true, 0
			}
			d := 0
			if !header {
				d, keyDots = keyDots, 0
			}
			open, dots, sum = append(open, c), append(dots, d), sum+d
			key = c == '{' || header
			if deep() {
				return s.line
			}
		case c == ']' || c == '}':
			if n := len(open); n > 0 {
				open, sum, dots = open[:n-1], sum-dots[n-1], dots[:n-1]
			}
			key = false
			if header && len(open) == 0 {
				header, base, keyDots, key = false, keyDots+1, 0, false
			}
		case c == ',':
			key, keyDots = len(open) > 0 && open[len(open)-1] == '{', 0
		}
		s.i++
	}
	return 0
}

// deepPython is Deep for Python: the brackets, parentheses and braces
// open, outside strings and comments. A backslash escapes the next byte
// in any string (a raw one's too: r"\"" does not end at its second
// quote), a string of three quotes goes on over lines, and one of one
// quote ends at its line's end, unless a backslash escapes it.
func deepPython(data []byte, max int) int {
	s := scanner{data: data, line: 1}
	depth := 0
	for s.i < len(data) {
		switch data[s.i] {
		case '\n':
			s.line++
		case '#':
			s.skipLine()
			continue
		case '\'', '"':
			s.skipPyString()
			continue
		case '[', '(', '{':
			if depth++; depth > max {
				return s.line
			}
		case ']', ')', '}':
			depth = max0(depth - 1)
		}
		s.i++
	}
	return 0
}

// skipPyString moves past the Python string that starts at s.i, leaving
// the line break that ends an unterminated one of one quote.
func (s *scanner) skipPyString() {
	q := s.data[s.i]
	quotes := 1
	if s.i+2 < len(s.data) && s.data[s.i+1] == q && s.data[s.i+2] == q {
		quotes = 3
	}
	s.i += quotes
	for s.i < len(s.data) {
		switch c := s.data[s.i]; {
		case c == '\\':
			if s.i++; s.i < len(s.data) && s.data[s.i] == '\n' {
				s.line++
			}
		case c == '\n' && quotes == 1:
			return
		case c == '\n':
			s.line++
		case c == q && (quotes == 1 || s.i+2 < len(s.data) && s.data[s.i+1] == q && s.data[s.i+2] == q):
			s.i += quotes
			return
		}
		s.i++
	}
}
