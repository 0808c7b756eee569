package host

import (
	"bytes"
	"encoding/json"
	"strings"
)

// The lines of a JSON file's entries, for the messages that name them
// (vercel.json's "headers" and "redirects", its build.env): the
// decoder keeps no line, so each entry's is counted from its offset.

// jsonArrayLines returns the line of each entry of the top-level array
// key of a JSON object, in order (vercel.json's "headers", "redirects").
func jsonArrayLines(data []byte, key string) []int {
	lines, _ := jsonEntries(data, '[', key)
	return lines
}

// jsonKeyLines returns the line of each key of the object at path (a
// key of the top-level object, a key of its value …) in the JSON data,
// the first where a key is written twice; nil when there is no such
// object.
func jsonKeyLines(data []byte, path ...string) map[string]int {
	lines, keys := jsonEntries(data, '{', path...)
	if keys == nil {
		return nil
	}
	m := make(map[string]int, len(keys))
	for i, k := range keys {
		if _, seen := m[k]; !seen {
			m[k] = lines[i]
		}
	}
	return m
}

// jsonEntries returns the line of each entry of the array or object
// (open, '[' or '{') at path in the JSON data: the value of a key of the
// top-level object, of a key of that value's object, and so on. An
// object's entries are its keys, which keys holds in order. It reads
// data once, and up to a syntax error; nil when there is no such array
// or object.
func jsonEntries(data []byte, open json.Delim, path ...string) (lines []int, keys []string) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, nil
	}
	for i, want := range path {
		delim := json.Delim('{')
		if i == len(path)-1 {
			delim = open
		}
		found := false
		for !found && dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, nil
			}
			if k != want {
				var skip json.RawMessage
				if dec.Decode(&skip) != nil {
					return nil, nil
				}
				continue
			}
			if t, err := dec.Token(); err != nil || t != delim {
				return nil, nil
			}
			found = true
		}
		if !found {
			return nil, nil
		}
	}
	lines, keys = []int{}, []string{}
	line, counted := 1, 0 // the line at data[counted]
	for dec.More() {
		off := int(dec.InputOffset())
		for off < len(data) && strings.IndexByte(" \t\r\n,", data[off]) >= 0 {
			off++
		}
		line += bytes.Count(data[counted:off], []byte("\n"))
		counted = off
		if open == '{' {
			k, err := dec.Token()
			if err != nil {
				return lines, keys
			}
			keys = append(keys, k.(string))
		}
		lines = append(lines, line)
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return lines, keys
		}
	}
	return lines, keys
}
