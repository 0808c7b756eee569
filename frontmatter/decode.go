package frontmatter

// Decoding the front matter block: YAML, TOML or JSON, key by key, each
// key with the line it is on.

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"gopkg.in/yaml.v3"
)

// field is one key of the front matter and its value.
type field struct {
	key  string // as written; with its parent's, as "sitemap.priority"
	name string // lowercase, as looked up
	line int    // the key's line in the file; 0 when yet to be found (TOML)
	val  any    // the decoded value; fields for a nested mapping
	raw  string // YAML: a scalar as written, for text
	// plain is a YAML scalar written without quotes, which a YAML
	// reader may take for a timestamp.
	plain bool
	prim  toml.Primitive
}

// fields are the keys of a mapping, in order.
type fields []field

// get returns the first field called name.
func (fs fields) get(name string) (field, bool) {
	for _, f := range fs {
		if f.name == name {
			return f, true
		}
	}
	return field{}, false
}

// getPath returns the field at a dotted path of keys, as
// "last_update.date": a key of a nested mapping.
func (fs fields) getPath(name string) (field, bool) {
	top, rest, ok := strings.Cut(name, ".")
	if !ok {
		return fs.get(name)
	}
	f, found := fs.get(top)
	if sub, isMap := f.val.(fields); found && isMap {
		return sub.getPath(rest)
	}
	return field{}, false
}

// sourceKeys are the keys Source reads, and nestedKeys those it reads from
// the mappings sitemap, build and last_update.
var (
	sourceKeys = map[string]bool{
		"lastmod": true, "last_modified_at": true, "modified": true, "updated": true, "updateddate": true,
		"date": true, "publishdate": true, "pubdate": true, "published": true, "publisheddate": true, "publishedat": true,
		"expirydate": true, "unpublishdate": true, "draft": true, "headless": true,
		"build": true, "_build": true, "url": true, "permalink": true, "slug": true,
		"title": true, "aliases": true, "redirect_from": true, "categories": true,
		"category": true, "tags": true, "sitemap": true, "last_update": true,
		"translationkey": true, "lang": true,
	}
	nestedKeys = map[string]bool{
		"exclude": true, "disable": true, "changefreq": true, "priority": true,
		"lastmod": true, "render": true, "list": true, "date": true,
	}
)

// nested reports whether the key name holds a mapping Source reads.
// last_update is Docusaurus' (date and author).
func nested(name string) bool {
	return name == "sitemap" || name == "build" || name == "_build" || name == "last_update"
}

// unmarshalYAML decodes YAML front matter for fm.Parse.
func unmarshalYAML(data []byte, v any) error {
	p := v.(*sourceParse)
	p.in.done, p.closed = true, true
	p.src.Format = "yaml"
	p.end = p.open + bytes.Count(data, newline) + 1
	if p.tooDeep(data, limits.YAML) {
		return nil
	}
	var doc yaml.Node
	if err := guard(func() error { return yaml.Unmarshal(data, &doc) }); err != nil {
		line, msg := yamlError(err)
		p.problem(p.bodyLine(line), "YAML: %s", msg)
		return nil
	}
	root := &doc
	if root.Kind == yaml.DocumentNode {
		if len(root.Content) == 0 {
			return nil
		}
		root = root.Content[0]
	}
	root = unalias(root)
	switch {
	case root.Kind == yaml.MappingNode:
		p.apply(p.yamlFields(root, "", p.known))
	case root.Kind == 0, root.Kind == yaml.ScalarNode && root.Tag == "!!null":
	case root.Kind == yaml.SequenceNode:
		p.problem(p.bodyLine(root.Line), "YAML: the front matter is a list, not keys and values")
	default:
		p.problem(p.bodyLine(root.Line), "YAML: the front matter is a single value, not keys and values")
	}
	return nil
}

// yamlError splits an error of yaml.v3 into the line it names (0 when
// none) and the rest of its message.
func yamlError(err error) (line int, msg string) {
	msg = strings.TrimPrefix(err.Error(), "yaml: ")
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, after, ok := strings.Cut(rest, ": "); ok {
			if line, err := strconv.Atoi(n); err == nil {
				return line, diag.DecoderMessage(after)
			}
		}
	}
	return 0, diag.DecoderMessage(msg)
}

// unalias follows YAML aliases to the node they name.
func unalias(n *yaml.Node) *yaml.Node {
	for i := 0; n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

// yamlFields returns the keys of the mapping m that are in known, with
// their values decoded. Parent is the key m belongs to, or "".
func (p *sourceParse) yamlFields(m *yaml.Node, parent string, known map[string]bool) fields {
	n := 0
	for i := 0; i+1 < len(m.Content); i += 2 {
		if k := m.Content[i]; k.Kind == yaml.ScalarNode && known[strings.ToLower(k.Value)] {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	fs := make(fields, 0, n)
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], unalias(m.Content[i+1])
		if k.Kind != yaml.ScalarNode {
			continue
		}
		f := field{key: parent + k.Value, name: strings.ToLower(k.Value), line: p.bodyLine(k.Line)}
		if !known[f.name] {
			continue
		}
		switch {
		case v.Kind == yaml.MappingNode && parent == "" && nested(f.name):
			f.val = p.yamlFields(v, f.key+".", nestedKeys)
		default:
			if err := guard(func() error { return v.Decode(&f.val) }); err != nil {
				_, msg := yamlError(err)
				p.problem(f.line, "%s: %s", f.key, msg)
				continue
			}
			if v.Kind == yaml.ScalarNode {
				f.raw, f.plain = v.Value, v.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0
			}
		}
		fs = append(fs, f)
	}
	return fs
}

// unmarshalTOML decodes TOML front matter for fm.Parse.
func unmarshalTOML(data []byte, v any) error {
	p := v.(*sourceParse)
	p.in.done, p.closed = true, true
	p.src.Format = "toml"
	p.end = p.open + bytes.Count(data, newline) + 1
	if p.tooDeep(data, limits.TOML) {
		return nil
	}
	var top map[string]toml.Primitive
	var md toml.MetaData
	err := guard(func() (err error) {
		md, err = toml.Decode(string(data), &top)
		return err
	})
	if err != nil {
		line, msg := 0, err.Error()
		if pe, ok := errors.AsType[toml.ParseError](err); ok {
			line, msg = pe.Position.Line, pe.Message
		}
		p.problem(p.bodyLine(line), "TOML: %s", diag.DecoderMessage(msg))
		return nil
	}
	p.md = &md
	p.apply(p.tomlFields(top, nil, p.known))
	return nil
}

// tooDeep reports whether data, the front matter between the
// delimiters, nests deeper than p.maxDepth, a problem then: the decoders
// recurse once a level (TOML's with a cost quadratic in the depth), so
// they are not given it.
func (p *sourceParse) tooDeep(data []byte, syn limits.Syntax) bool {
	line := limits.Deep(data, syn, p.maxDepth)
	if line > 0 {
		p.problem(p.bodyLine(line), "nesting deeper than %d (limits.nesting)", p.maxDepth)
	}
	return line > 0
}

// tomlFields returns the keys of the table m that are in known, with their
// values decoded, in the order of the file. Parent is the key of m, or nil.
func (p *sourceParse) tomlFields(m map[string]toml.Primitive, parent toml.Key, known map[string]bool) fields {
	var fs fields
	seen := make(map[string]bool, len(m))
	for _, k := range p.md.Keys() {
		if len(k) <= len(parent) || !slices.Equal(k[:len(parent)], parent) || seen[k[len(parent)]] {
			continue
		}
		key := k[len(parent)]
		seen[key] = true
		prim, ok := m[key]
		name := strings.ToLower(key)
		if !ok || !known[name] {
			continue
		}
		f := field{key: key, name: name, prim: prim}
		if parent != nil {
			f.key = strings.Join(parent, ".") + "." + key
		}
		if err := guard(func() error { return p.md.PrimitiveDecode(prim, &f.val) }); err != nil {
			p.problem(p.lineOf(f), "%s: %s", f.key, diag.DecoderMessage(err.Error()))
			continue
		}
		if _, ok := f.val.(map[string]any); ok && parent == nil && nested(name) {
			var sub map[string]toml.Primitive
			if err := guard(func() error { return p.md.PrimitiveDecode(prim, &sub) }); err == nil {
				f.val = p.tomlFields(sub, toml.Key{key}, nestedKeys)
			}
		}
		fs = append(fs, f)
	}
	return fs
}

// tomlProbe fails to decode whatever it is given, so that the error says
// where the key is.
type tomlProbe struct{}

var errProbe = errors.New("probe")

// UnmarshalTOML fails.
func (tomlProbe) UnmarshalTOML(any) error { return errProbe }

// lineOf returns the line of f's key in the file. TOML keys have no line
// until one is asked for: the decoder tells only in an error.
func (p *sourceParse) lineOf(f field) int {
	if f.line > 0 {
		return f.line
	}
	if p.md != nil {
		var probe tomlProbe
		err := guard(func() error { return p.md.PrimitiveDecode(f.prim, &probe) })
		if pe, ok := errors.AsType[toml.ParseError](err); ok && pe.Position.Line > 0 {
			return p.bodyLine(pe.Position.Line)
		}
	}
	return p.open
}

// unmarshalJSON decodes JSON front matter for fm.Parse. The object may go
// on past the line of data's closing brace (which may close a nested
// object), so it is decoded from sourceInput, reading on as needed.
func unmarshalJSON(data []byte, v any) error {
	p := v.(*sourceParse)
	pos := p.start
	dec := json.NewDecoder(readerFunc(func(b []byte) (int, error) { return p.in.readAt(&pos, b) }))
	fs, err := p.jsonFields(dec)
	p.in.done = true
	switch {
	case err == nil:
		p.closed = true
		p.end = p.lineAt(dec.InputOffset())
	case p.in.err != nil:
		p.readErr = p.in.err
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		// Never closed.
	default:
		p.closed = true
		p.end = p.open + bytes.Count(bytes.TrimSuffix(data, newline), newline)
		line := p.open
		if se, ok := errors.AsType[*json.SyntaxError](err); ok {
			line = p.lineAt(se.Offset)
		}
		p.problem(line, "JSON: %s", diag.DecoderMessage(err.Error()))
	}
	if p.closed {
		p.src.Format = "json"
		if err == nil {
			p.apply(fs)
		}
	}
	return nil
}

// readerFunc is an io.Reader made of a function.
type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(b []byte) (int, error) { return f(b) }

// lineAt returns the line of the last of the first off bytes of the JSON.
func (p *sourceParse) lineAt(off int64) int {
	end := p.start + int(max(0, min(off-1, int64(len(p.in.buf)-p.start))))
	return p.open + bytes.Count(p.in.buf[p.start:end], newline)
}

// jsonFields decodes a JSON object key by key, so that each key's line is
// known, and returns the keys Source reads. The Offset of a
// *json.SyntaxError it returns is just past the byte at fault, counted
// from the start of the object.
func (p *sourceParse) jsonFields(dec *json.Decoder) (fields, error) {
	// Token's syntax errors are at the byte at fault.
	token := func() (json.Token, error) {
		t, err := dec.Token()
		if se, ok := errors.AsType[*json.SyntaxError](err); ok {
			se.Offset++
		}
		return t, err
	}
	if _, err := token(); err != nil {
		return nil, err
	}
	var fs fields
	for dec.More() {
		t, err := token()
		if err != nil {
			return nil, err
		}
		key, _ := t.(string)
		f := field{key: key, name: strings.ToLower(key), line: p.lineAt(dec.InputOffset())}
		keyEnd := dec.InputOffset()
		var skip json.RawMessage
		v := any(&skip)
		if p.known[f.name] {
			v = &f.val
		}
		if err := dec.Decode(v); err != nil {
			// A number too large for a float64 is this key's problem;
			// the decoder has read past it.
			if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
				p.problem(f.line, "%s: %s is out of range", f.key, diag.Excerpt(te.Value))
				continue
			}
			if se, ok := errors.AsType[*json.SyntaxError](err); ok {
				se.Offset = p.valueError(keyEnd)
			}
			return nil, err
		}
		if !p.known[f.name] {
			continue
		}
		if m, ok := f.val.(map[string]any); ok && nested(f.name) {
			f.val = jsonNested(m, f)
		}
		fs = append(fs, f)
	}
	_, err := token()
	return fs, err
}

// valueError returns the offset just past the byte at fault in the value
// of the key that ends at keyEnd. The Offset of Decode's errors counts
// only the bytes of values it has decoded, so the value is scanned again
// by a decoder of its own; keyEnd when that finds no fault.
func (p *sourceParse) valueError(keyEnd int64) int64 {
	b := p.in.buf[min(p.start+int(keyEnd), len(p.in.buf)):]
	rest := bytes.TrimLeft(b, " \t\r\n")
	if len(rest) == 0 || rest[0] != ':' {
		return keyEnd
	}
	value := keyEnd + int64(len(b)-len(rest)+1)
	var raw json.RawMessage
	err := json.NewDecoder(bytes.NewReader(rest[1:])).Decode(&raw)
	if se, ok := errors.AsType[*json.SyntaxError](err); ok {
		return value + se.Offset
	}
	return keyEnd
}

// jsonNested returns the keys of the object m, the value of parent, that
// Source reads, in byte order, each on its parent's line.
func jsonNested(m map[string]any, parent field) fields {
	var fs fields
	for _, k := range slices.Sorted(maps.Keys(m)) {
		name := strings.ToLower(k)
		if nestedKeys[name] {
			fs = append(fs, field{key: parent.key + "." + k, name: name, line: parent.line, val: m[k]})
		}
	}
	return fs
}
