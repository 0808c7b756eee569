// Package conffile reads the configuration files of the generators that
// keep one (Hugo's, Jekyll's, MkDocs'): inside the project folder,
// through the one door, within the limits; a YAML error turned into a
// diagnostic that names the file and the line. A YAML key given twice
// takes its last value, as those generators read it ([LastKeyWins]).
package conffile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"gopkg.in/yaml.v3"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// ReadIn reads the settings file rel ("/" separators) of the folder dir
// within the limits lim, inside dir through the one door: never through a
// link out of dir, only a regular file, never waiting on one. Its errors
// are *diag.Diagnostic naming the file as name: "hugo.toml: a symbolic
// link out of its folder (or to an absolute path): not followed".
func ReadIn(dir, rel, name string, syn limits.Syntax, lim limits.Limits) ([]byte, error) {
	data, err := lim.ReadFile(dir, rel, name, syn)
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return nil, &diag.Diagnostic{File: name, Msg: pe.Err.Error(), Err: err}
	}
	return data, err
}

// IsFile reports whether rel ("/" separators) names a file of the folder
// dir to read: a regular file, or one that reading refuses and names (a
// link out of dir, a FIFO). A folder is none, nor is a path through a
// folder that is a link out of dir (a docs/ shared with another project),
// where no file of the project can be.
func IsFile(dir, rel string) bool {
	fi, err := fsx.Stat(dir, rel)
	if errors.Is(err, fsx.ErrOutside) {
		fi, err = fsx.Lstat(dir, rel) // the file itself a link out, or a folder on its way
	}
	return err == nil && !fi.IsDir()
}

// yamlLineRE is the line a yaml.v3 error names.
var yamlLineRE = lazyre.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// YAMLError turns a yaml.v3 error into a diag.Diagnostic with the line it
// names. A TypeError may name several lines; the first is used and the
// others stay in the message, which diag.DecoderMessage bounds: it may
// quote a value of the file.
func YAMLError(name string, err error) error {
	var msgs []string
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	} else {
		msgs = []string{err.Error()}
	}
	ce := &diag.Diagnostic{File: name, Err: err}
	for i, msg := range msgs {
		msg = strings.TrimPrefix(msg, "yaml: ")
		if m := yamlLineRE().FindStringSubmatch(msg); m != nil {
			if i == 0 {
				ce.Line, _ = strconv.Atoi(m[1])
				msg = m[2]
			}
		}
		if i == 0 {
			ce.Msg = msg
		} else {
			ce.Msg += "; " + msg
		}
	}
	ce.Msg = diag.DecoderMessage(ce.Msg)
	return ce
}

// Errorf returns a problem with the configuration file file, without a line.
func Errorf(file, format string, args ...any) error {
	return &diag.Diagnostic{File: file, Msg: fmt.Sprintf(format, args...)}
}

// ReadConfigFile decodes the TOML, YAML or JSON file rel (by its
// extension; "/" separators) of the folder dir into a map, read inside
// dir through the one door (package fsx: never through a link out of it,
// only a regular file) within the limits lim. name is the path to show
// in errors, each decoder's message bounded (diag.DecoderMessage: a
// TOML integer of a million digits is quoted whole). An empty file is
// an empty map.
func ReadConfigFile(dir, rel, name string, lim limits.Limits) (map[string]any, error) {
	data, err := ReadIn(dir, rel, name, limits.SyntaxOf(rel), lim)
	if err != nil {
		return nil, err
	}
	m := map[string]any{}
	switch strings.ToLower(path.Ext(rel)) {
	case ".toml":
		if _, err := toml.Decode(string(data), &m); err != nil {
			var pe toml.ParseError
			if errors.As(err, &pe) {
				return nil, &diag.Diagnostic{File: name, Line: pe.Position.Line, Msg: diag.DecoderMessage(pe.Message), Err: err}
			}
			return nil, &diag.Diagnostic{File: name, Msg: diag.DecoderMessage(err.Error()), Err: err}
		}
	case ".yaml", ".yml":
		var v any
		if err := UnmarshalYAML(data, &v); err != nil {
			return nil, YAMLError(name, err)
		}
		switch v := Normalize(v).(type) {
		case nil:
		case map[string]any:
			m = v
		default:
			return nil, Errorf(name, "the file is a %s, not a mapping of keys to values", KindOf(v))
		}
	case ".json":
		if len(bytes.TrimSpace(data)) == 0 {
			return m, nil
		}
		if err := json.Unmarshal(data, &m); err != nil {
			line := 0
			var se *json.SyntaxError
			var te *json.UnmarshalTypeError
			switch {
			case errors.As(err, &se):
				line = lineAt(data, se.Offset)
			case errors.As(err, &te):
				line = lineAt(data, te.Offset)
			}
			return nil, &diag.Diagnostic{File: name, Line: line, Msg: diag.DecoderMessage(err.Error()), Err: err}
		}
	default:
		return nil, Errorf(name, "unknown config format %q (want .toml, .yaml, .yml or .json)", path.Ext(rel))
	}
	return m, nil
}

// UnmarshalYAML decodes the YAML document data into v as yaml.Unmarshal
// does, but for a key that a mapping gives twice: the last value wins
// (see [LastKeyWins]) where yaml.Unmarshal refuses the document.
func UnmarshalYAML(data []byte, v any) error {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return err
	}
	if doc.Kind == 0 {
		return nil // an empty document: v stays as it is
	}
	LastKeyWins(&doc)
	return doc.Decode(v)
}

// LastKeyWins removes from each mapping below n the keys that the
// mapping gives again further down, with their values, so that the last
// value of a key given twice is the one read. That is how the
// generators' own YAML readers take such a file: Ruby's (Jekyll, GitHub
// Pages), PyYAML (MkDocs) and yaml.v2 (Hugo before 0.152; later Hugo
// stops on it, so a site it built has none). yaml.v3 refuses the
// mapping instead ("mapping key "markdown" already defined").
//
// Keys are the same as yaml.v3 compares them: two scalars of the same
// text. A merge key (<<) given twice is left as it is: Ruby merges both,
// in order, which one mapping cannot say, so yaml.v3 still refuses it.
// Aliases are not followed: the mapping they name is made last-wins
// where it is written.
func LastKeyWins(n *yaml.Node) {
	if n == nil {
		return
	}
	if n.Kind == yaml.MappingNode && len(n.Content) > 2 {
		n.Content = lastKeys(n.Content)
	}
	for _, c := range n.Content {
		LastKeyWins(c)
	}
}

// lastKeys returns the key and value pairs of a mapping's content
// without those whose scalar key a later pair gives again. It returns
// content itself when no key is given twice.
func lastKeys(content []*yaml.Node) []*yaml.Node {
	last := make(map[string]int, len(content)/2)
	keys := 0
	for i := 0; i+1 < len(content); i += 2 {
		if k := content[i]; k.Kind == yaml.ScalarNode && k.Value != "<<" {
			last[k.Value] = i
			keys++
		}
	}
	if len(last) == keys {
		return content
	}
	out := make([]*yaml.Node, 0, len(content))
	for i := 0; i+1 < len(content); i += 2 {
		k := content[i]
		if j, ok := last[k.Value]; ok && k.Kind == yaml.ScalarNode && j != i {
			continue // given again further down
		}
		out = append(out, content[i], content[i+1])
	}
	return out
}

// RepeatedKey returns the first key, in the order of the file, that a
// mapping below n gives again, and the key it repeats; nil when none
// does. It is for the generators whose YAML reader stops on such a
// file (Hexo's js-yaml: "duplicated mapping key"). Keys are compared
// as [LastKeyWins] compares them.
func RepeatedKey(n *yaml.Node) (again, first *yaml.Node) {
	if n == nil {
		return nil, nil
	}
	if n.Kind != yaml.MappingNode {
		for _, c := range n.Content {
			if again, first := RepeatedKey(c); again != nil {
				return again, first
			}
		}
		return nil, nil
	}
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if f, ok := seen[k.Value]; ok && k.Kind == yaml.ScalarNode {
			return k, f
		}
		if k.Kind == yaml.ScalarNode && k.Value != "<<" {
			seen[k.Value] = k
		}
		if again, first := RepeatedKey(n.Content[i+1]); again != nil {
			return again, first
		}
	}
	return nil, nil
}

func lineAt(data []byte, offset int64) int {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	return bytes.Count(data[:offset], []byte("\n")) + 1
}

// Normalize turns yaml.v3's map[any]any (a mapping with keys that are
// not all strings) into map[string]any, recursively.
func Normalize(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			v[k] = Normalize(e)
		}
		return v
	case map[any]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[fmt.Sprint(k)] = Normalize(e)
		}
		return m
	case []any:
		for i, e := range v {
			v[i] = Normalize(e)
		}
		return v
	}
	return v
}

// KindOf names a decoded value's type for messages.
func KindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case int, int64, uint64, float64:
		return "number"
	case []any, []map[string]any:
		return "list"
	case map[string]any:
		return "table"
	}
	return fmt.Sprintf("%T", v)
}

// StringValue returns a scalar as a string (numbers and booleans
// included, as Hugo's and Jekyll's loose typing does); ok is false for
// lists and tables.
func StringValue(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case bool, int, int64, uint64, float64:
		return fmt.Sprint(v), true
	case nil:
		return "", true
	}
	return "", false
}

// BoolValue returns a boolean, accepting the strings "true" and "false".
func BoolValue(v any) (bool, bool) {
	switch v := v.(type) {
	case bool:
		return v, true
	case string:
		b, err := strconv.ParseBool(v)
		return b, err == nil
	case nil:
		return false, true
	}
	return false, false
}

// StringList returns a list of strings, or a single string as a list of
// one.
func StringList(v any) ([]string, bool) {
	switch v := v.(type) {
	case nil:
		return nil, true
	case string:
		return []string{v}, true
	case []any:
		out := make([]string, 0, len(v))
		for _, e := range v {
			s, ok := StringValue(e)
			if !ok {
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	}
	return nil, false
}

// HasFolder reports whether the folder dir has a folder rel ("/"
// separators), or a link of that name, which a project may point at a
// folder it shares with others (Hugo's themes/): a name that marks the
// project, looked at and never followed.
func HasFolder(dir, rel string) bool {
	fi, err := fsx.Lstat(dir, rel)
	return err == nil && (fi.IsDir() || fi.Mode()&fs.ModeSymlink != 0)
}

// KeyLine returns the 1-based line of the first line of a YAML or TOML
// file that sets key (case-insensitively), 0 if none does.
func KeyLine(data []byte, key string) int {
	for i, ln := range bytes.Split(data, []byte("\n")) {
		s := strings.TrimSpace(string(ln))
		s = strings.TrimLeft(s, `"'`)
		if len(s) < len(key) || !strings.EqualFold(s[:len(key)], key) {
			continue
		}
		rest := strings.TrimLeft(strings.TrimLeft(s[len(key):], `"'`), " \t")
		if strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, "=") {
			return i + 1
		}
	}
	return 0
}
