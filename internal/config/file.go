package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// DefaultFile is the configuration file read from the working directory
// when no --config is given.
const DefaultFile = "sitemap.yaml"

// A File is a decoded sitemap.yaml. It holds the values the file gives
// over the defaults, and the line of each key it sets.
type File struct {
	// Name is the file's path, as given.
	Name string
	// Values are the defaults with the file's values over them.
	Values Values
	lines  map[string]int
}

// Sets reports whether the file gives key (a key path such as
// "clean_urls", "skip.noindex" or "rules[0].priority"), and on which line.
func (f *File) Sets(key string) (line int, ok bool) {
	line, ok = f.lines[key]
	return line, ok
}

// Load reads and checks the configuration file at path, which the user
// named (--config). It follows path wherever it points. It reads the
// file only when it is a regular file, within limits.settings_bytes. An
// empty file (or one of comments only) gives the defaults.
func Load(path string) (*File, error) {
	data, err := limits.Default.ReadNamed(path, path, limits.YAML)
	return loaded(path, data, err)
}

// LoadIn reads and checks the configuration file rel in the folder dir
// (the working directory's sitemap.yaml) as Load does. It reads inside
// dir through the one door, so a link out of dir is not followed. The
// error then says how to read the file where the link points.
func LoadIn(dir, rel string) (*File, error) {
	path := filepath.Join(dir, rel)
	if dir == "." {
		path = rel
	}
	data, err := limits.Default.ReadFile(dir, rel, path, limits.YAML)
	if errors.Is(err, fsx.ErrOutside) {
		return nil, &diag.Diagnostic{File: path, Msg: unwrapPathError(err).Error(), Err: err,
			Hint: "to read it where it points, name it: --config " + path}
	}
	return loaded(path, data, err)
}

// loaded returns the File of data, which was read from path with the
// error err.
func loaded(path string, data []byte, err error) (*File, error) {
	if _, ok := errors.AsType[*diag.Diagnostic](err); ok {
		return nil, err
	}
	if err != nil {
		return nil, &diag.Diagnostic{File: path, Msg: unwrapPathError(err).Error(), Err: err}
	}
	return parse(path, data) // checked as it was read
}

// Parse decodes and checks configuration data through the table of
// settings. Every key must be one of the table's keys. Every value must
// have its setting's type and pass its check. name is the file's name
// in errors, which are *diag.Diagnostic with the line.
func Parse(name string, data []byte) (*File, error) {
	if err := limits.Check(name, data, limits.YAML); err != nil {
		return nil, err
	}
	return parse(name, data)
}

// parse is Parse of data within the limits.
func parse(name string, data []byte) (*File, error) {
	f := &File{Name: name, Values: Settings.Defaults(), lines: map[string]int{}}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	err := dec.Decode(&doc)
	if errors.Is(err, io.EOF) {
		return f, nil
	}
	if err != nil {
		return nil, syntaxError(name, data, err)
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if err := Settings.decodeMapping(&f.Values, root, "", "", newDecoding(f.lines)); err != nil {
		return nil, positioned(name, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		return nil, diag.At(name, extra.Line, "more than one YAML document; sitemap.yaml holds one")
	}
	if f.Values.Quiet && f.Values.Verbose {
		return nil, diag.At(name, f.lines["verbose"], "verbose: quiet and verbose are both set")
	}
	for i := range Settings {
		s := &Settings[i]
		if s.Key == "" {
			continue
		}
		if err := s.Field.check(&f.Values); err != nil {
			return nil, f.checkError(s.Key, err)
		}
	}
	return f, nil
}

// checkError places the error from checking key's value. It places it
// at the item or the key below key that is wrong, else at key.
func (f *File) checkError(key string, err error) error {
	var ie *ItemError
	var ke *KeyError
	switch {
	case errors.As(err, &ke):
		return diag.At(f.Name, f.lines[ke.Key], ke.Error())
	case errors.As(err, &ie):
		k := fmt.Sprintf("%s[%d]", key, ie.Index)
		return diag.At(f.Name, f.lines[k], k+": "+ie.Err.Error())
	}
	return diag.At(f.Name, f.lines[key], key+": "+err.Error())
}

// posError is a problem at a line of the file, with the key path it is
// about. The key path is "" for the whole document.
type posError struct {
	line int
	key  string
	err  error
}

func (e *posError) Error() string {
	if e.key == "" {
		return e.err.Error()
	}
	return e.key + ": " + e.err.Error()
}

// at returns the problem err with the value n of key, at n's line.
func at(n *yaml.Node, key string, err error) error {
	return &posError{line: n.Line, key: key, err: err}
}

// positioned turns a decoding error into a diagnostic of the file
// name.
func positioned(name string, err error) error {
	var pe *posError
	if errors.As(err, &pe) {
		return diag.At(name, pe.line, pe.Error())
	}
	return &diag.Diagnostic{File: name, Msg: err.Error()}
}

// lineRE matches yaml.v3's syntax errors, which name a line.
var lineRE = lazyre.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// syntaxError turns yaml.v3's error about data that is not YAML into a
// diagnostic of the file name. yaml.v3 names no line for a byte that no
// YAML file may hold (a control character, invalid UTF-8). The
// diagnostic then names the line and column of the first such byte.
func syntaxError(name string, data []byte, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if m := lineRE().FindStringSubmatch(err.Error()); m != nil {
		line, _ := strconv.Atoi(m[1])
		return diag.At(name, line, m[2])
	}
	if line, col, what := notYAML(data); line > 0 {
		return &diag.Diagnostic{File: name, Line: line, Col: col, Msg: "not a YAML file: " + what, Err: err}
	}
	return &diag.Diagnostic{File: name, Msg: msg}
}

// notYAML finds the first byte of data that no YAML file may hold, as
// YAML 1.1's reader checks them. It returns the byte's line and column
// (in characters, from 1) and what it is. line is 0 when there is none.
// It does not look into a UTF-16 file, which yaml.v3 reads.
func notYAML(data []byte) (line, col int, what string) {
	if bytes.HasPrefix(data, []byte{0xfe, 0xff}) || bytes.HasPrefix(data, []byte{0xff, 0xfe}) {
		return 0, 0, ""
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	line, col = 1, 1
	for len(data) > 0 {
		r, size := utf8.DecodeRune(data)
		switch {
		case r == utf8.RuneError && size == 1:
			return line, col, fmt.Sprintf("byte 0x%02x is not UTF-8", data[0])
		case !yamlPrintable(r):
			return line, col, fmt.Sprintf("control character %U", r)
		case r == '\n':
			line, col = line+1, 0
		}
		col++
		data = data[size:]
	}
	return 0, 0, ""
}

// yamlPrintable reports whether a YAML file may hold r: tab, line feed,
// carriage return, and the printable characters of YAML 1.1.
func yamlPrintable(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r' || r == 0x85:
		return true
	case r < 0x20 || r == 0x7f:
		return false
	case r < 0xa0:
		return r < 0x7f
	}
	return r <= 0xd7ff || 0xe000 <= r && r <= 0xfffd || 0x10000 <= r && r <= 0x10ffff
}

// decoding is the state of decoding one file. It holds the line of each
// key path's value, and the keys of each mapping that merges others,
// found once.
type decoding struct {
	lines  map[string]int
	pairs  map[*yaml.Node][]pair // each mapping's keys, merges resolved
	merged map[*yaml.Node]bool   // the mappings whose merges are being resolved
}

func newDecoding(lines map[string]int) *decoding {
	return &decoding{lines: lines, pairs: map[*yaml.Node][]pair{}, merged: map[*yaml.Node]bool{}}
}

// decodeMapping decodes the mapping n into v. Each of its keys must be a
// key of the table below prefix: a setting's key, or a part of one
// ("skip" holds "skip.noindex"). path is n's key path in messages
// ("rules[2]"). d receives the line of each key's value, by key path.
func (t Table[V]) decodeMapping(v *V, n *yaml.Node, prefix, path string, d *decoding) error {
	n = unalias(n)
	if isNull(n) {
		return nil // as yaml.v3 leaves a struct: "skip:" changes nothing
	}
	if n.Kind != yaml.MappingNode {
		return at(n, path, fmt.Errorf("want a mapping of keys, got %s", got(n)))
	}
	pairs, err := d.mappingPairs(n)
	if err != nil {
		return err
	}
	for _, p := range pairs {
		name := p.name
		full, keyPath := join(prefix, name), join(path, name)
		if s := t.byKey(full); s != nil {
			d.lines[keyPath] = p.val.Line
			if err := s.Field.decode(v, p.val, keyPath, d); err != nil {
				return err
			}
			continue
		}
		if short := t.short(full); short != nil && unalias(p.val).Kind == yaml.ScalarNode && !isNull(unalias(p.val)) {
			// "feed: true", for "feed: {enabled: true}".
			d.lines[keyPath] = p.val.Line
			d.lines[keyPath+short.Key[len(full):]] = p.val.Line
			if err := short.Field.decode(v, p.val, keyPath, d); err != nil {
				return err
			}
			continue
		}
		if t.hasKeysUnder(full) {
			d.lines[keyPath] = p.val.Line
			if err := t.decodeMapping(v, p.val, full, keyPath, d); err != nil {
				return err
			}
			continue
		}
		return &posError{line: p.key.Line, err: errors.New(unknownKey(name, t.keysUnder(prefix)))}
	}
	return nil
}

// pair is a key of a mapping: the key, its name, and its value.
type pair struct {
	name     string
	key, val *yaml.Node
}

// mappingPairs returns the keys of the mapping n and their values. The
// keys of the mappings it merges ("<<: *defaults") come first, unless n
// sets them itself. A key that n sets twice is an error, as yaml.v3
// makes it, and so is a mapping that merges itself. Each mapping's keys
// are found once and hold each name once, so that merges of merges
// cannot multiply them (a "billion laughs" of merge keys).
func (d *decoding) mappingPairs(n *yaml.Node) ([]pair, error) {
	if pairs, ok := d.pairs[n]; ok {
		return pairs, nil
	}
	if d.merged[n] {
		return nil, &posError{line: n.Line, err: errors.New("a mapping that merges itself")}
	}
	d.merged[n] = true
	defer delete(d.merged, n)
	var own, merged []pair
	line := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		var name string
		if isNull(unalias(k)) {
			return nil, &posError{line: k.Line, err: errors.New("a key with no name")}
		}
		if err := scalar(k, &name, "a text value", ""); err != nil {
			return nil, err
		}
		if k.Tag == "!!merge" {
			sources := mergeSources(val)
			if sources == nil {
				return nil, &posError{line: k.Line, err: errors.New("map merge requires map or sequence of maps as the value")}
			}
			for _, m := range sources {
				more, err := d.mappingPairs(m)
				if err != nil {
					return nil, err
				}
				merged = append(merged, more...)
			}
			continue
		}
		if l, dup := line[name]; dup {
			return nil, &posError{line: k.Line, err: fmt.Errorf("mapping key %q already defined at line %d", name, l)}
		}
		line[name] = k.Line
		own = append(own, pair{name, k, val})
	}
	var pairs []pair
	seen := map[string]bool{}
	for _, p := range merged {
		if _, set := line[p.name]; !set && !seen[p.name] {
			seen[p.name] = true
			pairs = append(pairs, p)
		}
	}
	pairs = append(pairs, own...)
	d.pairs[n] = pairs
	return pairs, nil
}

// mergeSources returns the mappings that a merge key's value names: one
// mapping, or a list of them. It returns nil when the value names
// anything else.
func mergeSources(n *yaml.Node) []*yaml.Node {
	n = unalias(n)
	switch n.Kind {
	case yaml.MappingNode:
		return []*yaml.Node{n}
	case yaml.SequenceNode:
		out := []*yaml.Node{}
		for _, c := range n.Content {
			c := unalias(c)
			if c.Kind != yaml.MappingNode {
				return nil
			}
			out = append(out, c)
		}
		return out
	}
	return nil
}

// scalar decodes the scalar n into p (a *bool, *int, *string or
// *float64) as yaml.v3 decodes a field of that type. When it cannot, its
// error says what was wanted (want) instead of key's value.
func scalar(n *yaml.Node, p any, want, key string) error {
	if v := unalias(n); v.Kind == yaml.ScalarNode && v.Decode(p) == nil {
		return nil
	}
	return at(n, key, fmt.Errorf("want %s, got %s", want, got(unalias(n))))
}

// got describes the value of n in a message.
func got(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	}
	if n.Tag == "!!null" && n.Value == "" {
		return "nothing"
	}
	if len(n.Value) > 10 { // as yaml.v3 cuts it in its messages
		return strconv.Quote(n.Value[:7] + "...")
	}
	return strconv.Quote(n.Value)
}

// isNull reports whether n is YAML's null ("", "~", "null").
func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.Tag == "!!null" }

// unalias follows YAML aliases to the node they name.
func unalias(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

func join(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}

// byKey returns the setting of key, or nil when there is none.
func (t Table[V]) byKey(key string) *Setting[V] {
	if key == "" {
		return nil
	}
	for i := range t {
		if t[i].Key == key {
			return &t[i]
		}
	}
	return nil
}

// short returns the setting that key, the key above it, takes alone (a
// Setting's Short), or nil when there is none.
func (t Table[V]) short(key string) *Setting[V] {
	for i := range t {
		if s := &t[i]; s.Short && s.shownKey() == key {
			return s
		}
	}
	return nil
}

// hasKeysUnder reports whether a setting's key is below prefix.
func (t Table[V]) hasKeysUnder(prefix string) bool {
	return slices.ContainsFunc(t, func(s Setting[V]) bool { return strings.HasPrefix(s.Key, prefix+".") })
}

// keysUnder lists the keys that a mapping at prefix may have: the next
// part of every key below prefix.
func (t Table[V]) keysUnder(prefix string) []string {
	var keys []string
	for _, s := range t {
		rest, ok := strings.CutPrefix(s.Key, prefix)
		if prefix != "" {
			rest, ok = strings.CutPrefix(s.Key, prefix+".")
		}
		if !ok || s.Key == "" {
			continue
		}
		part, _, _ := strings.Cut(rest, ".")
		if !slices.Contains(keys, part) {
			keys = append(keys, part)
		}
	}
	return keys
}

// unknownKey says that name is not a key of a mapping whose keys are
// known. When name is a key of another mapping of the file, it says
// where name belongs. Otherwise it names the key of known (or of all the
// file's keys) that name may be a typo of, if one is close.
func unknownKey(name string, known []string) string {
	msg := fmt.Sprintf("unknown key %q", name)
	for _, s := range Settings {
		if s.Flag != "" && s.Flag == strings.ReplaceAll(name, "_", "-") && s.Key != name {
			if s.Key == "" {
				return msg + fmt.Sprintf(" (--%s is a flag only: it has no key)", s.Flag)
			}
			return msg + fmt.Sprintf(" (--%s's key is %s)", s.Flag, s.Key)
		}
	}
	for _, s := range Settings {
		if s.Key == "" {
			continue
		}
		if s.Key == name {
			return msg + " (it belongs at the top of the file)"
		}
		if parent, ok := strings.CutSuffix(s.Key, "."+name); ok {
			return msg + fmt.Sprintf(" (it belongs under %s:)", parent)
		}
		if sub, ok := s.Field.(interface{ subKeys() []string }); ok && slices.Contains(sub.subKeys(), name) {
			return msg + fmt.Sprintf(" (it belongs in an entry of %s:)", s.Key)
		}
	}
	s := Suggest(name, known)
	if s == "" {
		s = Suggest(name, Settings.leafKeys())
	}
	if s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return msg
}

// leafKeys lists the last part of every key, including the keys of
// lists of mappings (the keys of a rule). An unknown key may be a typo
// of one of these words.
func (t Table[V]) leafKeys() []string {
	var keys []string
	for _, s := range t {
		if s.Key == "" {
			continue
		}
		keys = append(keys, s.Key[strings.LastIndexByte(s.Key, '.')+1:])
		if sub, ok := s.Field.(interface{ subKeys() []string }); ok {
			keys = append(keys, sub.subKeys()...)
		}
	}
	return keys
}

// Suggest returns the one of known closest to key, if it is close.
func Suggest(key string, known []string) string {
	best, bestD := "", 3
	for _, k := range known {
		if d := editDistance(key, k); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
