package host

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// netlify.toml has one parser, parseNetlify, for every reader of this
// package: the redirect rules ([[redirects]]), the header rules
// ([[headers]]), the URL style and publish folder ([build]), the build's
// environment ([build.environment], [context.NAME.environment]) and the
// sitemap plugin's inputs ([[plugins]]). It parses the file once into its
// top-level tables; each reader decodes the table it reads, so that a
// wrong value in one (redirects = "x") leaves the others read.

// netlifyTOML is a netlify.toml parsed into its top-level tables.
type netlifyTOML struct {
	path string
	data []byte
	md   toml.MetaData
	top  map[string]toml.Primitive
	// problem, when the file does not parse or passes the bounds of
	// limits.Check, says why: none of it is read. Its message goes
	// before what follows of it (problemThen). said is true once it was
	// said: by ReadSettings, or to a reader of the rules (rulesProblem).
	problem *diag.Diagnostic
	said    bool
	// bound says the problem is a bound passed (limits.Check): the
	// reader of its rules fails the build (see settingsFiles).
	bound bool
	// keyLines are the lines of the keys of its tables (keyLine).
	keyLines map[string]int
}

// parseNetlify parses the netlify.toml data read from path, within the
// bounds lim gives a settings file.
func parseNetlify(lim limits.Limits, path string, data []byte) *netlifyTOML {
	n := &netlifyTOML{path: path, data: data}
	if err := lim.Check(path, data, limits.TOML); err != nil {
		if d, ok := errors.AsType[*diag.Diagnostic](err); ok {
			n.problem, n.bound = &diag.Diagnostic{File: d.File, Line: d.Line, Msg: d.Msg}, true
			return n
		}
	}
	md, err := toml.Decode(string(data), &n.top)
	if err != nil {
		where, msg := tomlErrorAt(path, err)
		n.problem = &diag.Diagnostic{File: where.File, Line: where.Line, Msg: msg}
		return n
	}
	n.md = md
	return n
}

// problemThen returns the file's problem followed by what comes of it
// ("its redirects are ignored"); nil when the file parsed.
func (n *netlifyTOML) problemThen(then string) error {
	if n.problem == nil {
		return nil
	}
	return diag.Pos{File: n.problem.File, Line: n.problem.Line}.Errorf("%s; %s", n.problem.Msg, then)
}

// rulesProblem returns the file's problem to a reader of its rules (its
// headers, its redirects). Only the first reader that asks gets it, so
// that a build says it once. None gets it when ReadSettings said it
// already.
func (n *netlifyTOML) rulesProblem() error {
	if n.problem == nil || n.said {
		return nil
	}
	n.said = true
	return n.problemThen("its headers and redirects are ignored")
}

// table decodes the top-level key of the file into v, and says whether
// the file has it. A value of another kind is the error, at its line,
// followed by then.
func (n *netlifyTOML) table(key string, v any, then string) (bool, error) {
	prim, ok := n.top[key]
	if !ok {
		return false, nil
	}
	if err := n.md.PrimitiveDecode(prim, v); err != nil {
		return true, tomlError(n.path, err, then)
	}
	return true, nil
}

// tomlErrorAt returns the place and the message, bounded, of the error
// err of netlify.toml's decoder (diag.DecoderMessage: it may quote a
// value of the file whole, a status of a million digits).
func tomlErrorAt(path string, err error) (diag.Pos, string) {
	where, msg := diag.Pos{File: path}, err.Error()
	var pe toml.ParseError
	if errors.As(err, &pe) {
		where.Line = pe.Position.Line
		if pe.Message != "" {
			msg = pe.Message
		}
	} else if m := tomlErrorLine().FindStringSubmatch(msg); m != nil { // a type error
		where.Line, _ = strconv.Atoi(m[1])
		msg = msg[len(m[0]):]
	}
	return where, diag.DecoderMessage(msg)
}

// tomlError returns the error err of netlify.toml's decoder, at path
// and the line it names (tomlErrorAt), then what follows of it.
func tomlError(path string, err error, then string) error {
	where, msg := tomlErrorAt(path, err)
	return where.Errorf("%s; %s", msg, then)
}

// tomlArrayLines returns the line of each of the n tables of the array
// key ([[redirects]], [[headers]]) of netlify.toml: the line of its
// header, or the line of "key = [...]" for an inline array; nil when
// the lines do not account for n tables.
func tomlArrayLines(data []byte, key string, n int) []int {
	name := `(?:` + regexp.QuoteMeta(key) + `|"` + regexp.QuoteMeta(key) + `"|'` + regexp.QuoteMeta(key) + `')`
	header := regexp.MustCompile(`^\s*\[\[\s*` + name + `\s*\]\]\s*(?:#.*)?$`)
	inline := regexp.MustCompile(`^\s*` + name + `\s*=`)
	var headers, keys []int
	for i, line := range strings.Split(string(data), "\n") {
		switch {
		case header.MatchString(line):
			headers = append(headers, i+1)
		case inline.MatchString(line):
			keys = append(keys, i+1)
		}
	}
	switch {
	case len(headers) == n:
		return headers
	case len(headers) == 0 && len(keys) == 1:
		lines := make([]int, n)
		for i := range lines {
			lines[i] = keys[0]
		}
		return lines
	}
	return nil
}

// netlifyHeader is a [[headers]] table of netlify.toml: the path
// pattern its values are sent for, and the values by header name, each
// a string or a list of strings.
type netlifyHeader struct {
	For    string         `toml:"for"`
	Values map[string]any `toml:"values"`
}

// parseNetlifyHeaders reads the X-Robots-Tag rules of the [[headers]]
// of netlify.toml, as Netlify's own parser does
// (netlify/build, packages/headers-parser: netlify_config_parser.ts,
// normalize.ts): "for" is a path pattern as in _headers (netlifyPattern:
// "*" a splat, ":name" a segment); a value is a string, whose
// comma-separated parts may be written on several lines, or a list of
// strings, joined with ", ".
func (r *Rules) parseNetlifyHeaders(n *netlifyTOML) []error {
	const then = "its headers are ignored"
	if n.problem != nil {
		return errorList(n.rulesProblem())
	}
	var entries []toml.Primitive
	if _, err := n.table("headers", &entries, then); err != nil {
		return []error{err}
	}
	var warnings []error
	f := fileRules{netlifyTOML: true}
	lines := tomlArrayLines(n.data, "headers", len(entries))
	for i, prim := range entries {
		where := diag.Pos{File: n.path}
		if i < len(lines) {
			where.Line = lines[i]
		}
		var h netlifyHeader
		if err := n.md.PrimitiveDecode(prim, &h); err != nil {
			where, msg := tomlErrorAt(n.path, err)
			if where.Line == 0 && i < len(lines) {
				where.Line = lines[i]
			}
			warnings = append(warnings, where.Errorf("[[headers]]: %s; the rule is ignored", msg))
			continue
		}
		var values []string
		for _, name := range sortedKeys(h.Values) {
			if !strings.EqualFold(strings.TrimSpace(name), "X-Robots-Tag") {
				continue
			}
			value, ok := headerValue(h.Values[name])
			if !ok {
				warnings = append(warnings, where.Errorf("[[headers]] for %q: X-Robots-Tag is not a string or a list of strings; ignored", diag.Excerpt(h.For)))
				continue
			}
			values = append(values, value)
		}
		if len(values) == 0 {
			continue
		}
		host, re, err := netlifyPattern(strings.TrimSpace(h.For))
		if err != nil {
			warnings = append(warnings, where.Errorf("[[headers]]: %v; its headers are ignored", err))
			continue
		}
		for _, v := range values {
			f.rules = append(f.rules, rule{host: host, re: re, where: where, value: v, group: i})
		}
	}
	if len(f.rules) > 0 {
		r.files = append(r.files, f)
	}
	return warnings
}

// headerValue is a header's value in netlify.toml, as Netlify's parser
// normalizes it: a string, the white space around its commas made one
// space ("noindex,\n  nofollow" is "noindex, nofollow"), or a list of
// strings joined with ", ".
func headerValue(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		parts := strings.Split(v, ",")
		for i, p := range parts {
			parts[i] = strings.TrimSpace(p)
		}
		return strings.Join(parts, ", "), true
	case []any:
		parts := make([]string, 0, len(v))
		for _, p := range v {
			s, ok := p.(string)
			if !ok {
				return "", false
			}
			parts = append(parts, strings.TrimSpace(s))
		}
		return strings.Join(parts, ", "), true
	}
	return "", false
}

// netlifyEnvTable is the part of a table of netlify.toml that sets the
// build's environment: [build] or [context.NAME], whose environment a
// context may also give as build.environment.
type netlifyEnvTable struct {
	Environment any `toml:"environment"`
	Build       struct {
		Environment any `toml:"environment"`
	} `toml:"build"`
}

// netlifyEnv returns the variables netlify.toml sets for a build of the
// context and branch b, as Netlify merges them (netlify/build,
// packages/config/src/context.ts): [build.environment], then the
// environment of the context named after b.Context, then of the one
// named after b.Branch, each an exact name or, failing that, every name
// ending with "*" that starts the context's or branch's name ("feat/*").
// A later table's variable replaces an earlier one's. A value that is
// not a string, a number or a boolean is a warning, and left out.
func netlifyEnv(n *netlifyTOML, b Build) ([]Var, []error) {
	const then = "its build environment is not used"
	if err := n.problemThen(then); err != nil {
		return nil, []error{err}
	}
	var build netlifyEnvTable
	if _, err := n.table("build", &build, then); err != nil {
		return nil, []error{err}
	}
	var contexts map[string]netlifyEnvTable
	if _, err := n.table("context", &contexts, then); err != nil {
		return nil, []error{err}
	}
	if t := n.md.Type("context"); t != "" && t != "Hash" {
		// The decoder leaves a map empty for a value of another kind.
		return nil, []error{diag.Pos{File: n.path, Line: lineOf(n.data, contextKeyRE())}.Errorf("context is not a table; %s", then)}
	}
	var (
		vars     []Var
		at       = map[string]int{} // a variable's index in vars
		warnings []error
	)
	add := func(table string, value any) {
		if value == nil {
			return
		}
		env, ok := value.(map[string]any)
		if !ok {
			parent, last, _ := strings.Cut(table, ".environment")
			where := diag.Pos{File: n.path, Line: n.keyLine(parent, "environment")}
			warnings = append(warnings, where.Errorf("[%s] environment%s is not a table; it is not used", parent, last))
			return
		}
		for _, name := range sortedKeys(env) {
			where := diag.Pos{File: n.path, Line: n.keyLine(table, name)}
			value, ok := envValue(env[name])
			if !ok {
				warnings = append(warnings, where.Errorf("[%s] %s is not a string, a number or a boolean; it is not used", table, diag.Excerpt(name)))
				continue
			}
			v := Var{Name: name, Value: value, From: fmt.Sprintf("%s [%s]", where, table)}
			if i, ok := at[name]; ok {
				vars[i] = v // a later table's, over an earlier one's
				continue
			}
			at[name] = len(vars)
			vars = append(vars, v)
		}
	}
	add("build.environment", build.Environment)
	ctx := b.Context
	if ctx == "" {
		ctx = "production"
	}
	for _, key := range []string{ctx, b.Branch} {
		for _, name := range contextNames(contexts, key) {
			c := contexts[name]
			add("context."+tomlKeyName(name)+".environment", c.Environment)
			add("context."+tomlKeyName(name)+".build.environment", c.Build.Environment)
		}
	}
	return vars, warnings
}

// contextNames returns the names of the [context.NAME] tables that
// apply to key, a context's or a branch's name: key itself when there
// is such a table, else each name ending with "*" that starts key, in
// order; none for key "".
func contextNames(contexts map[string]netlifyEnvTable, key string) []string {
	if key == "" {
		return nil
	}
	if _, ok := contexts[key]; ok {
		return []string{key}
	}
	var names []string
	for _, name := range sortedKeys(contexts) {
		if prefix, ok := strings.CutSuffix(name, "*"); ok && strings.HasPrefix(key, prefix) {
			names = append(names, name)
		}
	}
	return names
}

// tomlKeyName writes a key of a table's name as TOML does: bare when it
// can be, else quoted ("feat/*").
func tomlKeyName(name string) string {
	for _, c := range name {
		if !(c == '-' || c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return fmt.Sprintf("%q", name)
		}
	}
	return name
}

// envValue is a variable's value in netlify.toml: a string, or a
// number or boolean written as TOML writes it.
func envValue(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case bool, int64, float64:
		return fmt.Sprint(v), true
	}
	return "", false
}

// keyLine returns the line of netlify.toml where the table named
// table ("build.environment", `context."feat/*".environment`) sets key:
// the line of "key = …" under the table's header, or, for an inline
// table written in its parent's (environment = { … }), the line of
// that; 0 when it is not found. The file's lines are read once, the
// first time (tomlKeyLines).
func (n *netlifyTOML) keyLine(table, key string) int {
	if n.keyLines == nil {
		n.keyLines = tomlKeyLines(n.data)
	}
	if line, ok := n.keyLines[table+"\x00"+key]; ok {
		return line
	}
	if i := strings.LastIndexByte(table, '.'); i >= 0 {
		return n.keyLines[table[:i]+"\x00"+table[i+1:]]
	}
	return 0
}

// tomlKeyLines returns the line where each key is first set in each
// table of a TOML file, by table and key joined by a NUL: the table's
// name as its header writes it without spaces ("" before any header),
// the key unquoted. A line in a table of an array ([[name]]) is left
// out, and a dotted key read as the one key it is written as.
func tomlKeyLines(data []byte) map[string]int {
	lines := map[string]int{}
	table := ""
	n := 0
	for line := range bytes.Lines(data) {
		n++
		text := strings.TrimSpace(string(line))
		if strings.HasPrefix(text, "[") {
			table = "[["
			if m := tomlHeader().FindStringSubmatch(text); m != nil {
				table = strings.Join(strings.Fields(m[1]), "")
			}
			continue
		}
		key, ok := tomlLineKey(text)
		if !ok || table == "[[" {
			continue
		}
		if _, seen := lines[table+"\x00"+key]; !seen {
			lines[table+"\x00"+key] = n
		}
	}
	return lines
}

// tomlLineKey returns the key a line of TOML sets, unquoted, and
// whether it sets one: "KEY = …", `"KEY" = …`, "'KEY' = …".
func tomlLineKey(text string) (string, bool) {
	var key, rest string
	switch {
	case text == "":
		return "", false
	case text[0] == '"' || text[0] == '\'':
		end := strings.IndexByte(text[1:], text[0])
		if end < 0 {
			return "", false
		}
		key, rest = text[1:1+end], text[2+end:]
	default:
		end := strings.IndexFunc(text, func(r rune) bool {
			return !(r == '_' || r == '-' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z')
		})
		if end <= 0 {
			return "", false
		}
		key, rest = text[:end], text[end:]
	}
	return key, strings.HasPrefix(strings.TrimLeft(rest, " \t"), "=")
}

var (
	// tomlHeader matches the header of a table, [name], and gives its
	// name.
	tomlHeader = lazyre.MustCompile(`^\s*\[([^\[\]]+)\]\s*(?:#.*)?$`)
	// tomlErrorLine finds the line a type error of the decoder names.
	tomlErrorLine = lazyre.MustCompile(`^toml: line ([1-9][0-9]*)(?: \(last key "[^"]*"\))?: `)
	// contextKeyRE finds a top-level context that is not a table.
	contextKeyRE = lazyre.MustCompile(`(?m)^\s*context\s*=`)
)

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// errorList is err as a list: none for nil.
func errorList(err error) []error {
	if err == nil {
		return nil
	}
	return []error{err}
}
