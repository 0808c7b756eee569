package limits

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/sitemapgen/sitemapgen/internal/diag"
)

func TestDeep(t *testing.T) {
	const max = 3
	tests := []struct {
		name string
		syn  Syntax
		in   string
		want int // the line Deep returns
	}{
		{name: "toml flat", syn: TOML, in: "a = [1, [2, [3]]]\n[t]\nb = {c = 1}\n"},
		{name: "toml deep", syn: TOML, in: "a = 1\nb = [[[[1]]]]\n", want: 2},
		{name: "toml inline tables", syn: TOML, in: "a = {b = {c = {d = {}}}}\n", want: 1},
		{name: "toml brackets in strings", syn: TOML, in: "a = \"[[[[\"\nb = '{{{{'\nc = '''\n[[[[\n'''\n# [[[[\n"},
		{name: "toml closers in strings", syn: TOML, in: "a = [\"]\", [\"]\", [\"]\", [\"]\"]]]]\n", want: 1},
		{name: "toml escaped quote", syn: TOML, in: "a = [\"\\\"]\", [[[1]]]]\n", want: 1},
		{name: "toml extra closing quotes", syn: TOML, in: "a = ['''x'''', [[[1]]]]\n", want: 1},
		{name: "toml multiline basic", syn: TOML, in: "a = \"\"\"\n\\\"\"\"]]]\n\"\"\"\nb = [[[[1]]]]\n", want: 4},
		{name: "toml unterminated string ends at the line", syn: TOML, in: "a = \"x\nb = [[[[1]]]]\n", want: 2},
		{name: "toml dotted key", syn: TOML, in: "a.b = 1\nx.y.z.w = 1\nv.w.x.y.z = 1\n", want: 3},
		{name: "toml quoted dotted key", syn: TOML, in: "'a'.\"b\".c.d.e = 1\n", want: 1},
		{name: "toml table header", syn: TOML, in: "[a.b]\nc = 1\n[a.b.c.d]\n", want: 3},
		{name: "toml header then keys", syn: TOML, in: "[a.b]\nc.d.e = 1\n", want: 2},
		{name: "toml header then values", syn: TOML, in: "[a.b]\nc = [[1]]\n", want: 2},
		{name: "toml array of tables", syn: TOML, in: "[[a]]\nb = 1\n[[a]]\nc = [1]\n"},
		{name: "toml dotted keys in inline tables", syn: TOML, in: "a = {b.c = 1, d = 2, e.f = {g.h.i = 1}}\n", want: 1},
		{name: "toml dots in values", syn: TOML, in: "a = [1.5, 2.5, 3.5, 4.5, 1979-05-27T07:32:00.999, 'x.y.z']\nb = {c = 1.5, d = 2.5, e = 3.5}\n"},
		{name: "toml after an inline table", syn: TOML, in: "a = [{b = 1}, {c = 1}, 1.5.6.7]\n"},
		{name: "toml digits as keys", syn: TOML, in: "1.2.3.4.5 = 1\n", want: 1},
		{name: "json deep", syn: JSON, in: "{\"a\":\n{\"b\": [[1]]}}", want: 2},
		{name: "json strings", syn: JSON, in: `{"a": "[[[[", "b": "]]]]", "c": "\"[[["}`},
		{name: "json single quotes are no strings", syn: JSON, in: `{"a": ['x', [[1]]]}`, want: 1},
		{name: "yaml flat", syn: YAML, in: "a: 1\nb:\n  c: [1, 2]\n"},
		{name: "yaml block deep", syn: YAML, in: "a:\n  b:\n    c:\n      d: 1\n", want: 4},
		{name: "yaml dashes", syn: YAML, in: "- - - - x\n", want: 1},
		{name: "yaml flow", syn: YAML, in: "a:\n  b: [[1]]\n", want: 2},
		{name: "yaml quotes", syn: YAML, in: "a: '[[[['\nb: \"{{{{\"\nc: 'it''s [[[['\n"},
		{name: "yaml quote in a plain scalar", syn: YAML, in: "a: it's\nb: [[[[1]]]]\nc: '\n", want: 2},
		{name: "yaml comment", syn: YAML, in: "a: 1 # [[[[\n# {{{{\n"},
		{name: "yaml block scalar", syn: YAML, in: "a: |-\n  x:\n    y:\n      z: [[[[\nb: 1\n"},
		{name: "yaml after a block scalar", syn: YAML, in: "a: >\n  text\nb: [[[[1]]]]\n", want: 3},
		{name: "python flat", syn: Python, in: "extensions = [\n  'a',\n  ('b', {'c': 1}),\n]\n"},
		{name: "python deep", syn: Python, in: "a = 1\nb = [({[1]})]\n", want: 2},
		{name: "python over lines", syn: Python, in: "a = [\n [\n  [\n   [1]]]]\n", want: 4},
		{name: "python brackets in strings and comments", syn: Python, in: "a = '[[[['\nb = \"((((\"  # {{{{\nc = '''\n[[[[\n'''\nd = \"\"\"]]]]\"\"\"\n"},
		{name: "python closers in strings", syn: Python, in: "a = [']', [')', ['}', [']']]]]\n", want: 1},
		{name: "python escaped quotes", syn: Python, in: "a = ['\\'', r\"\\\"\", [[[1]]]]\n", want: 1},
		{name: "python string over a line by a backslash", syn: Python, in: "a = '\\\n[[[['\nb = [[[[1]]]]\n", want: 3},
		{name: "python unterminated string ends at the line", syn: Python, in: "a = 'x\nb = [[[[1]]]]\n", want: 2},
		{name: "python quotes in a triple-quoted string", syn: Python, in: "a = '''it's \"x\" '' '''\nb = [[[[1]]]]\n", want: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Deep([]byte(tt.in), tt.syn, max); got != tt.want {
				t.Errorf("Deep(%q) = %d, want %d", tt.in, got, tt.want)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	big := strings.Repeat("#", MaxBytes+1)
	err := Check("hugo.toml", []byte(big), TOML)
	if d, ok := errors.AsType[*diag.Diagnostic](err); !ok || d.Error() != "hugo.toml: larger than 4194304 bytes (limits.settings_bytes)" {
		t.Errorf("Check(too big) = %v", err)
	}
	deep := "a = 1\nb = " + strings.Repeat("[", 4<<20-20)
	start := time.Now()
	err = Check("hugo.toml", []byte(deep), TOML)
	if err == nil || err.Error() != "hugo.toml:2: nesting deeper than 100 (limits.nesting)" {
		t.Errorf("Check(deep) = %v", err)
	}
	t.Logf("4 MiB scanned in %v", time.Since(start))
	ok := "a = " + strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth) + "\n"
	if err := Check("hugo.toml", []byte(ok), TOML); err != nil {
		t.Errorf("Check(%d deep) = %v", MaxDepth, err)
	}
	var v map[string]any
	if _, err := toml.Decode(ok, &v); err != nil {
		t.Errorf("toml.Decode(%d deep) = %v", MaxDepth, err)
	}
}
