package generator

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
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/conffile"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// configErrorf returns a problem with the configuration file file, without a line.
func configErrorf(file, format string, args ...any) error {
	return &diag.Diagnostic{File: file, Msg: fmt.Sprintf(format, args...)}
}

// readConfigFile decodes the TOML, YAML or JSON file rel (by its
// extension; "/" separators) of the folder dir into a map, read inside
// dir through the one door (package fsx: never through a link out of it,
// only a regular file) within the limits lim. name is the path to show
// in errors. An empty file is an empty map.
func readConfigFile(dir, rel, name string, lim limits.Limits) (map[string]any, error) {
	data, err := readIn(dir, rel, name, limits.SyntaxOf(rel), lim)
	if err != nil {
		return nil, err
	}
	m := map[string]any{}
	switch strings.ToLower(path.Ext(rel)) {
	case ".toml":
		if _, err := toml.Decode(string(data), &m); err != nil {
			var pe toml.ParseError
			if errors.As(err, &pe) {
				return nil, &diag.Diagnostic{File: name, Line: pe.Position.Line, Msg: pe.Message, Err: err}
			}
			return nil, &diag.Diagnostic{File: name, Msg: err.Error(), Err: err}
		}
	case ".yaml", ".yml":
		var v any
		if err := yaml.Unmarshal(data, &v); err != nil {
			return nil, yamlError(name, err)
		}
		switch v := normalize(v).(type) {
		case nil:
		case map[string]any:
			m = v
		default:
			return nil, configErrorf(name, "the file is a %s, not a mapping of keys to values", kindOf(v))
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
			return nil, &diag.Diagnostic{File: name, Line: line, Msg: err.Error(), Err: err}
		}
	default:
		return nil, configErrorf(name, "unknown config format %q (want .toml, .yaml, .yml or .json)", path.Ext(rel))
	}
	return m, nil
}

func lineAt(data []byte, offset int64) int {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	return bytes.Count(data[:offset], []byte("\n")) + 1
}

// normalize turns yaml.v3's map[any]any (a mapping with keys that are
// not all strings) into map[string]any, recursively.
func normalize(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			v[k] = normalize(e)
		}
		return v
	case map[any]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[fmt.Sprint(k)] = normalize(e)
		}
		return m
	case []any:
		for i, e := range v {
			v[i] = normalize(e)
		}
		return v
	}
	return v
}

// kindOf names a decoded value's type for messages.
func kindOf(v any) string {
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

// stringValue returns a scalar as a string (numbers and booleans
// included, as Hugo's and Jekyll's loose typing does); ok is false for
// lists and tables.
func stringValue(v any) (string, bool) {
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

// boolValue returns a boolean, accepting the strings "true" and "false".
func boolValue(v any) (bool, bool) {
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

// stringList returns a list of strings, or a single string as a list of
// one.
func stringList(v any) ([]string, bool) {
	switch v := v.(type) {
	case nil:
		return nil, true
	case string:
		return []string{v}, true
	case []any:
		out := make([]string, 0, len(v))
		for _, e := range v {
			s, ok := stringValue(e)
			if !ok {
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	}
	return nil, false
}

// readIn, isFile and yamlError are package conffile's ReadIn, IsFile
// and YAMLError.
var (
	readIn    = conffile.ReadIn
	isFile    = conffile.IsFile
	yamlError = conffile.YAMLError
)

// hasFolder reports whether the folder dir has a folder rel ("/"
// separators), or a link of that name, which a project may point at a
// folder it shares with others (Hugo's themes/): a name that marks the
// project, looked at and never followed.
func hasFolder(dir, rel string) bool {
	fi, err := fsx.Lstat(dir, rel)
	return err == nil && (fi.IsDir() || fi.Mode()&fs.ModeSymlink != 0)
}
