package host

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"net/url"
	"path/filepath"
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// Rules are the X-Robots-Tag rules of a site's host configuration, file
// by file, in the order each file gives them.
type Rules struct {
	lim   limits.Limits // on the files read
	files []fileRules
	once  sync.Once // makes each file's index, on the first NoIndex
}

// fileRules are the rules of one file. In a _headers file the matching
// rules combine; in vercel.json the last matching rule sets the header;
// in netlify.toml (netlifyTOML) the last matching [[headers]] table sets
// it over what the _headers files set, as Netlify merges them.
type fileRules struct {
	vercel      bool
	netlifyTOML bool
	rules       []rule
	index       *ruleIndex
}

type rule struct {
	host   string // "" for any host
	re     *regexp.Regexp
	where  diag.Pos
	value  string // the header value
	remove bool   // "! X-Robots-Tag" (Cloudflare Pages): drop what earlier rules set
	group  int    // netlify.toml: the [[headers]] table, whose values go together
}

// hostFiles are the files Load reads in each folder, and their parsers.
var hostFiles = []struct {
	name  string
	parse func(r *Rules, f *hostFile) []error
}{
	{"_headers", func(r *Rules, f *hostFile) []error { return r.parseHeaders(f.path, f.data) }},
	{"vercel.json", func(r *Rules, f *hostFile) []error { return r.parseVercel(f.path, f.data) }},
	{"netlify.toml", func(r *Rules, f *hostFile) []error { return r.parseNetlifyHeaders(f.netlify()) }},
}

// Files returns the names of the files Load reads in each folder: a change
// to one changes the rules.
func Files() []string {
	names := make([]string, len(hostFiles))
	for i, f := range hostFiles {
		names[i] = f.name
	}
	return names
}

// Load reads `_headers`, `vercel.json` and `netlify.toml` in each folder
// of dirs (the site folder and the project folder, say), skipping files
// that do not exist and folders listed twice. Problems with a file (a
// line that does not parse, a rule it cannot evaluate) come back as
// warnings, each naming the file and line; the error is for files that
// exist but cannot be read.
func Load(lim limits.Limits, dirs ...string) (*Rules, []error, error) {
	return NewSiteFiles(lim).Headers(dirs...)
}

// SiteFiles reads the host's files in a site's folders, each once, for
// the rules of its headers ([SiteFiles.Headers]) and of its redirects
// ([SiteFiles.Redirects]): netlify.toml, which gives both, is read and
// parsed once. It is for one build, and one goroutine: a file that
// changes after it was read is not read again.
type SiteFiles struct {
	lim  limits.Limits
	read map[string]*hostFile // by absolute path
}

// NewSiteFiles returns a SiteFiles that reads within the limits lim,
// and takes the files of read as read already.
func NewSiteFiles(lim limits.Limits, read ...*PlatformFile) *SiteFiles {
	s := &SiteFiles{lim: lim.Or(), read: map[string]*hostFile{}}
	for _, p := range read {
		if p != nil {
			s.read[p.key] = p.f
		}
	}
	return s
}

// A PlatformFile is a platform's own file of the project folder
// (netlify.toml) that [ReadSettings] read and parsed. A build's
// SiteFiles takes it as read (NewSiteFiles): the file is read and
// parsed once a run, and a problem of it said once.
type PlatformFile struct {
	key string // its absolute path, as SiteFiles keys it
	f   *hostFile
}

// first returns the file name in the first folder of dirs that has it
// (SiteFiles.file), its folder and its key; nil when none has it.
func (s *SiteFiles) first(name string, dirs []string) (dir, key string, f *hostFile) {
	for _, dir := range dirs {
		abs, err := filepath.Abs(dir)
		if err != nil {
			continue
		}
		if f := s.file(dir, abs, name); f.err != fs.ErrNotExist {
			return dir, filepath.Join(abs, name), f
		}
	}
	return "", "", nil
}

// Headers is [Load] of the files s reads.
func (s *SiteFiles) Headers(dirs ...string) (*Rules, []error, error) {
	r := &Rules{lim: s.lim}
	var warnings []error
	err := s.each(dirs, Files(), r.Len, func(i int, f *hostFile) {
		warnings = append(warnings, hostFiles[i].parse(r, f)...)
	})
	if err != nil {
		return nil, warnings, err
	}
	return r, warnings, nil
}

// hostFile is a file of the host's that a SiteFiles read: its path and
// contents, or why it is not read; netlify.toml parsed on its first use.
type hostFile struct {
	path string
	data []byte
	err  error // nil, fs.ErrNotExist for no file, or why it is not read
	// readErr is the error of the read itself, as the one door gave it.
	readErr error
	netlify func() *netlifyTOML
}

// file returns the file name of the folder dir, read once, inside dir
// through the one door (package fsx: never through a link out of it,
// only a regular file), within lim's RuleFileBytes and, for a file read
// a line at a time, RuleLineBytes and Rules (checkLines).
func (s *SiteFiles) file(dir, abs, name string) *hostFile {
	key := filepath.Join(abs, name)
	if f, ok := s.read[key]; ok {
		return f
	}
	f := &hostFile{path: filepath.Join(dir, name)}
	f.data, f.err = fsx.ReadFile(dir, name, s.lim.RuleFileBytes, "limits.rule_file_bytes")
	f.readErr = f.err
	switch {
	case errors.Is(f.err, fs.ErrNotExist):
		f.err = fs.ErrNotExist
	case f.err != nil:
		f.err = notRead(f.err, "the file is not read")
	case lineBased[name]:
		f.err = checkLines(f.path, f.data, s.lim)
	case settingsFiles[name]:
		if err := s.lim.Check(f.path, f.data, limits.SyntaxOf(name)); err != nil {
			f.err = fmt.Errorf("%w; the file is not read", err)
		}
	}
	f.netlify = sync.OnceValue(func() *netlifyTOML { return parseNetlify(s.lim, f.path, f.data) })
	s.read[key] = f
	return f
}

// each calls fn with the index in names and the file (SiteFiles.file)
// of each file of names in each folder of dirs that has it, skipping
// folders listed twice. The error is for a file that exists but cannot
// be read, or passes one of the limits on rule files: larger than
// RuleFileBytes, a line longer than RuleLineBytes, more than Rules rules
// (counted by the lines that start one in _headers and _redirects, and
// by rules, which says how many rules fn has added so far, in the
// others).
func (s *SiteFiles) each(dirs, names []string, rules func() int, fn func(i int, f *hostFile)) error {
	seen := map[string]bool{}
	for _, dir := range dirs {
		abs, err := filepath.Abs(dir)
		if err != nil || seen[abs] {
			continue
		}
		seen[abs] = true
		for i, name := range names {
			f := s.file(dir, abs, name)
			if f.err == fs.ErrNotExist {
				continue
			}
			if f.err != nil {
				return f.err
			}
			before := rules()
			fn(i, f)
			if n := rules() - before; n > s.lim.Rules {
				return diag.Pos{File: f.path}.Errorf("more than %d rules (%d; limits.rules); the file is not read", s.lim.Rules, n)
			}
		}
	}
	return nil
}

// lineBased are the files read a line at a time, whose lines the limit
// RuleLineBytes bounds: a longer line is an error for the whole file
// ([Load] fails, [LoadRedirects] checks no rule), never a partial read
// that drops the rules after it.
var lineBased = map[string]bool{"_headers": true, "_redirects": true}

// settingsFiles are the rule files that are settings files too, whose
// decoders the bounds of a settings file protect (limits.Check: their
// size, limits.settings_bytes, and their nesting, limits.nesting). Past
// one, the file is an error as a rule file past its own bounds is: read
// for its headers, the build fails, since a noindex rule lost would list
// the page it covers.
var settingsFiles = map[string]bool{"netlify.toml": true, "vercel.json": true}

// checkLines returns a located error for the first line of data longer
// than lim.RuleLineBytes, its line end left out, or for the line that
// starts rule lim.Rules+1: in _headers and _redirects a line that is not
// blank, not a comment and not indented (a header of _headers' rule).
func checkLines(path string, data []byte, lim limits.Limits) error {
	n, rules := 0, 0
	for line := range bytes.Lines(data) {
		n++
		text := bytes.TrimRight(line, "\r\n")
		if l := len(text); l > lim.RuleLineBytes {
			return diag.Pos{File: path, Line: n}.Errorf("line longer than %d bytes (%d; limits.rule_line_bytes); the file is not read", lim.RuleLineBytes, l)
		}
		if len(text) > 0 && text[0] != ' ' && text[0] != '\t' && text[0] != '#' && len(bytes.TrimSpace(text)) > 0 {
			if rules++; rules > lim.Rules {
				return diag.Pos{File: path, Line: n}.Errorf("more than %d rules (limits.rules); the file is not read", lim.Rules)
			}
		}
	}
	return nil
}

// lines yields the number and text of each line of data, its "\n" or
// "\r\n" left out, as bufio.ScanLines splits them.
func lines(data []byte) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		n := 0
		for line := range bytes.Lines(data) {
			n++
			line = bytes.TrimSuffix(line, []byte("\n"))
			if !yield(n, string(bytes.TrimSuffix(line, []byte("\r")))) {
				return
			}
		}
	}
}

// Len returns the number of X-Robots-Tag rules.
func (r *Rules) Len() int {
	n := 0
	if r != nil {
		for _, f := range r.files {
			n += len(f.rules)
		}
	}
	return n
}

// NoIndex reports the rule that serves the page at loc (an absolute URL)
// with X-Robots-Tag noindex, as `X-Robots-Tag "noindex" (public/_headers:3)`.
//
// In a _headers file every matching rule adds its value, and
// "! X-Robots-Tag" drops the values before it; a path matches with or
// without its trailing slash, as Netlify and Cloudflare Pages serve both.
// netlify.toml's [[headers]] match as _headers' rules do, and come after
// them, as Netlify merges the two (netlify/build,
// packages/headers-parser/src/merge.ts): the last matching table that
// sets X-Robots-Tag sets it, over what the _headers files set. In
// vercel.json the last matching rule sets the header, and a source
// matches the path exactly, as Vercel compiles it.
func (r *Rules) NoIndex(loc string) (string, bool) {
	if r.Len() == 0 {
		return "", false
	}
	u, err := url.Parse(loc)
	if err != nil {
		return "", false
	}
	p := u.Path
	if p == "" {
		p = "/"
	}
	other := strings.TrimSuffix(p, "/")
	if other == p {
		other = p + "/"
	}
	r.once.Do(func() {
		for i := range r.files {
			f := &r.files[i]
			f.index = newRuleIndex(len(f.rules), func(i int) *regexp.Regexp { return f.rules[i].re })
		}
	})
	var (
		candidates []int
		set        []rule // the values the _headers files give the header for this path
		toml       []rule // the values netlify.toml's last matching table gives it, over those
	)
	for _, f := range r.files {
		var fileSet []rule
		candidates = f.index.candidates(candidates, p, other)
		for _, i := range candidates {
			ru := f.rules[i]
			if ru.host != "" && !strings.EqualFold(ru.host, u.Host) {
				continue
			}
			if !ru.re.MatchString(p) && (f.vercel || other == "" || !ru.re.MatchString(other)) {
				continue
			}
			switch {
			case ru.remove:
				fileSet = nil
			case f.vercel, f.netlifyTOML && (len(fileSet) == 0 || fileSet[0].group != ru.group):
				fileSet = []rule{ru}
			default:
				fileSet = append(fileSet, ru)
			}
		}
		switch {
		case f.vercel:
			if why, ok := noIndexOf(fileSet); ok { // Vercel's rules apply alone
				return why, true
			}
		case f.netlifyTOML:
			if len(fileSet) > 0 {
				toml = fileSet
			}
		default:
			set = append(set, fileSet...)
		}
	}
	if toml != nil {
		set = toml
	}
	return noIndexOf(set)
}

// noIndexOf reports the first of set, the values a path's header has,
// that says noindex.
func noIndexOf(set []rule) (string, bool) {
	for _, ru := range set {
		if noIndexValue(ru.value) {
			return fmt.Sprintf("X-Robots-Tag %q (%s)", diag.Excerpt(ru.value), ru.where), true
		}
	}
	return "", false
}

// noIndexValue reports whether an X-Robots-Tag value says noindex to all
// crawlers or to Googlebot: "noindex", "none", "noindex, max-snippet: -1",
// "googlebot: noindex, nofollow". A value for another crawler
// ("bingbot: noindex") does not.
func noIndexValue(v string) bool {
	directives := strings.Split(v, ",")
	// A leading "name:" is a user agent, unless the name is a directive
	// that takes a value.
	if name, rest, ok := strings.Cut(directives[0], ":"); ok {
		switch agent := strings.ToLower(strings.TrimSpace(name)); agent {
		case "unavailable_after", "max-snippet", "max-image-preview", "max-video-preview":
		case "googlebot":
			directives[0] = rest
		default:
			return false
		}
	}
	for _, d := range directives {
		if d = strings.ToLower(strings.TrimSpace(d)); d == "noindex" || d == "none" {
			return true
		}
	}
	return false
}

// parseHeaders reads a Netlify or Cloudflare Pages _headers file: a path
// pattern on a line of its own, then its headers indented as "Name: value".
func (r *Rules) parseHeaders(path string, data []byte) []error {
	f := fileRules{}
	defer func() {
		if len(f.rules) > 0 {
			r.files = append(r.files, f)
		}
	}()
	var (
		warnings []error
		cur      *rule
		badPath  bool // the current path did not parse (and was reported)
	)
	for line, text := range lines(data) {
		trimmed := strings.TrimSpace(text)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		where := diag.Pos{File: path, Line: line}
		if text[0] != ' ' && text[0] != '\t' {
			cur, badPath = nil, false
			host, re, err := netlifyPattern(trimmed)
			if err != nil {
				warnings = append(warnings, where.Errorf("%v; its headers are ignored", err))
				badPath = true
				continue
			}
			cur = &rule{host: host, re: re}
			continue
		}
		if name, ok := strings.CutPrefix(trimmed, "!"); ok { // Cloudflare Pages: remove a header
			if cur != nil && strings.EqualFold(strings.TrimSpace(name), "X-Robots-Tag") {
				f.rules = append(f.rules, rule{host: cur.host, re: cur.re, where: where, remove: true})
			}
			continue
		}
		name, value, ok := strings.Cut(trimmed, ":")
		if !ok {
			warnings = append(warnings, where.Errorf("header line without a colon: %q", diag.Excerpt(trimmed)))
			continue
		}
		if cur == nil {
			if !badPath && strings.EqualFold(strings.TrimSpace(name), "X-Robots-Tag") {
				warnings = append(warnings, where.Errorf("header without a path above it; ignored"))
			}
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "X-Robots-Tag") {
			f.rules = append(f.rules, rule{host: cur.host, re: cur.re, where: where, value: strings.TrimSpace(value)})
		}
	}
	return warnings
}

// netlifyPattern compiles a _headers path: "*" matches anything, ":name" one
// path segment; a full URL limits the rule to its host.
func netlifyPattern(p string) (string, *regexp.Regexp, error) {
	if err := patternTooLong(p); err != nil {
		return "", nil, err
	}
	host := ""
	if i := strings.Index(p, "://"); i >= 0 {
		u, err := url.Parse(p)
		if err != nil || u.Host == "" {
			return "", nil, fmt.Errorf("path %q is not a URL path", diag.Excerpt(p))
		}
		host, p = u.Host, u.Path
	}
	if !strings.HasPrefix(p, "/") {
		return "", nil, fmt.Errorf("path %q does not start with /", diag.Excerpt(p))
	}
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '*':
			b.WriteString(".*")
		case c == ':' && i+1 < len(p) && isNameChar(p[i+1]) && (i == 0 || p[i-1] == '/'):
			for i+1 < len(p) && isNameChar(p[i+1]) {
				i++
			}
			b.WriteString("[^/]+")
		default:
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
		}
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	return host, re, err
}

// maxPattern is the longest path pattern of a host's rule that is
// compiled, in bytes: Vercel's configuration schema allows a route's
// pattern 4,096 characters, and a URL a sitemap lists has at most 2,048.
// A longer one, megabytes of it in a hostile file, would cost seconds
// and hundreds of MB to compile.
const maxPattern = 4096

// patternTooLong says why the pattern p of a rule is not compiled, or
// returns nil.
func patternTooLong(p string) error {
	if len(p) <= maxPattern {
		return nil
	}
	return fmt.Errorf("a pattern of %d bytes (%q…) is longer than %d, the most a rule's may be", len(p), strings.ToValidUTF8(p[:40], ""), maxPattern)
}

func isNameChar(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// parseVercel reads the headers of vercel.json.
func (r *Rules) parseVercel(path string, data []byte) []error {
	var cfg struct {
		Headers []struct {
			Source  string `json:"source"`
			Headers []struct {
				Key   string `json:"key"`
				Value string `json:"value"`
			} `json:"headers"`
			Has     json.RawMessage `json:"has"`
			Missing json.RawMessage `json:"missing"`
		} `json:"headers"`
	}
	if errs := bounded(r.lim, path, data, "its headers are ignored"); errs != nil {
		return errs
	}
	if err := json.Unmarshal(data, &cfg); err != nil {
		return []error{jsonPos(path, data, err).Errorf("%v; its headers are ignored", err)}
	}
	var warnings []error
	f := fileRules{vercel: true}
	lines := jsonArrayLines(data, "headers")
	for i, h := range cfg.Headers {
		where := diag.Pos{File: path}
		if i < len(lines) {
			where.Line = lines[i]
		}
		if err := patternTooLong(h.Source); err != nil {
			warnings = append(warnings, where.Errorf("%v; its headers are ignored", err))
			continue
		}
		for _, kv := range h.Headers {
			if !strings.EqualFold(kv.Key, "X-Robots-Tag") {
				continue
			}
			if len(h.Has) > 0 || len(h.Missing) > 0 {
				warnings = append(warnings, where.Errorf("X-Robots-Tag rule for %q depends on the request (has/missing); ignored", diag.Excerpt(h.Source)))
				continue
			}
			re, err := pathToRegexp(h.Source)
			if err != nil {
				warnings = append(warnings, where.Errorf("source %q: %v; the rule is ignored", diag.Excerpt(h.Source), err))
				continue
			}
			f.rules = append(f.rules, rule{re: re, where: where, value: kv.Value})
		}
	}
	if len(f.rules) > 0 {
		r.files = append(r.files, f)
	}
	return warnings
}

// pathToRegexp compiles a Vercel source pattern as Vercel does, with
// path-to-regexp (v6) and the options strict, sensitive and delimiter "/":
// ":name" matches a segment, ":name*" zero or more, ":name+" one or more,
// ":name?" an optional one, "(re)" a regular expression; a "/" before a
// parameter belongs to it; case matters, and a trailing slash is not
// optional.
func pathToRegexp(src string) (*regexp.Regexp, error) {
	return pathToRegexpWithin(src, maxProgram)
}

// pathToRegexpWithin is pathToRegexp with max in place of maxProgram.
func pathToRegexpWithin(src string, max int) (*regexp.Regexp, error) {
	const segment = `[^/#?]+?`
	var b strings.Builder
	lit := ""
	flush := func() {
		b.WriteString(regexp.QuoteMeta(lit))
		lit = ""
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\\' && i+1 < len(src):
			lit += src[i+1 : i+2]
			i += 2
		case c == ':' || c == '(':
			pattern := segment
			if c == ':' {
				j := i + 1
				for j < len(src) && isNameChar(src[j]) {
					j++
				}
				if j == i+1 {
					return nil, errors.New("parameter without a name")
				}
				i = j
			}
			if i < len(src) && src[i] == '(' {
				depth, j := 0, i
				for ; j < len(src); j++ {
					if src[j] == '\\' {
						j++
						continue
					}
					if src[j] == '(' {
						depth++
					} else if src[j] == ')' {
						if depth--; depth == 0 {
							break
						}
					}
				}
				if j >= len(src) {
					return nil, errors.New("unbalanced parenthesis")
				}
				pattern = src[i+1 : j]
				i = j + 1
			}
			prefix := ""
			if strings.HasSuffix(lit, "/") {
				lit, prefix = lit[:len(lit)-1], "/"
			}
			flush()
			mod := byte(0)
			if i < len(src) && (src[i] == '?' || src[i] == '*' || src[i] == '+') {
				mod = src[i]
				i++
			}
			p, group := regexp.QuoteMeta(prefix), "(?:"+pattern+")"
			switch mod {
			case 0:
				b.WriteString(p + group)
			case '?':
				b.WriteString("(?:" + p + group + ")?")
			case '*':
				b.WriteString("(?:" + p + group + "(?:" + p + group + ")*)?")
			case '+':
				b.WriteString(p + group + "(?:" + p + group + ")*")
			}
		case c == '{' || c == '}' || c == '*' || c == '+' || c == '?':
			return nil, fmt.Errorf("%q at offset %d is not supported", c, i)
		default:
			lit += src[i : i+1]
			i++
		}
	}
	flush()
	expr := "^" + b.String() + "$"
	if err := programTooLarge(expr, max); err != nil {
		return nil, err
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, fmt.Errorf("not a pattern Go can match (%v)", err)
	}
	return re, nil
}

// maxProgram bounds the program a Vercel source compiles to, in steps
// as programSize counts them on the parsed expression (regexp/syntax
// compiles a step to one or two instructions): four times what the
// longest pattern (maxPattern bytes, a repeated parameter's group written
// twice) counts. A counted repetition ("(.?){1000}") multiplies what it
// repeats: three hundred of them fit in maxPattern bytes and compiled to
// a million instructions, 275 MB, and a fifth of a second for each path
// matched.
const maxProgram = 4 * maxPattern

// programTooLarge says why the regular expression expr would compile to
// a program of more than max steps (programSize), or returns nil; it
// leaves a syntax error to regexp.Compile.
func programTooLarge(expr string, max int) error {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	if n := programSize(re); n > max {
		return fmt.Errorf("its counted repetitions ({n}) make a program of about %d steps, more than %d", n, max)
	}
	return nil
}

// programSize counts the steps of the program re compiles to: one a node
// and a literal's rune (a step compiles to one or two instructions), a counted repetition's operand as many times as
// it may repeat. Go's parser caps a repetition's count, nested ones
// multiplied, at 1000, so the count cannot overflow.
func programSize(re *syntax.Regexp) int {
	n := 1
	for _, sub := range re.Sub {
		n += programSize(sub)
	}
	switch re.Op {
	case syntax.OpLiteral:
		n += len(re.Rune)
	case syntax.OpRepeat:
		k := re.Max
		if k < 0 {
			k = re.Min + 1
		}
		n = 1 + k*(n-1)
	}
	return n
}

// jsonPos is the place of a JSON syntax error: the file, and the line
// when the error says it.
func jsonPos(path string, data []byte, err error) diag.Pos {
	var se *json.SyntaxError
	if errors.As(err, &se) && se.Offset <= int64(len(data)) {
		// Offset counts the bytes read, the offending one included.
		return diag.Pos{File: path, Line: 1 + bytes.Count(data[:max(se.Offset-1, 0)], []byte("\n"))}
	}
	return diag.Pos{File: path}
}

// bounded returns the warning, ending with "; " and then, for a settings
// file larger or deeper than limits.Check takes; nil when it is not.
func bounded(lim limits.Limits, path string, data []byte, then string) []error {
	err := lim.Check(path, data, limits.SyntaxOf(path))
	if d, ok := errors.AsType[*diag.Diagnostic](err); ok {
		return []error{diag.Pos{File: d.File, Line: d.Line}.Errorf("%s; %s", d.Msg, then)}
	}
	return nil
}
