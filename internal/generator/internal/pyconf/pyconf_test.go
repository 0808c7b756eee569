package pyconf

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// TestPyLiteral: the literals of conf.py's settings, as the peers'
// options take them; anything else an expression of its text.
func TestPyLiteral(t *testing.T) {
	for _, tc := range []struct {
		text string
		want any
	}{
		{` 'a'`, "a"},
		{` r"a\b"  # comment`, `a\b`},
		{` 'it\'s'`, "it's"},
		{" ['a', \"b\",  # x\n  None, True, 3]", []any{"a", "b", nil, true, 3.0}},
		{` ('a',)`, []any{"a"}},
		{` []`, []any{}},
		{" {\n    \"status\": \"draft\",  # x\n 'n': [1] }", map[string]any{"status": "draft", "n": []any{1.0}}},
		{` {}`, map[string]any{}},
		{` {1: 'a'}`, peer.Expr{Text: "{1: 'a'}"}},
		{` {'a' 'b'}`, peer.Expr{Text: "{'a' 'b'}"}},
		{` False`, false},
		{` os.environ['X']`, peer.Expr{Text: "os.environ['X']"}},
		{` 'a' + 'b'`, peer.Expr{Text: "'a' + 'b'"}},
		{` """doc"""`, peer.Expr{Text: `"""doc"""`}},
		{` ['a'`, peer.Expr{Text: "['a'"}},
	} {
		if got := pyLiteral(tc.text); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %#v, want %#v", tc.text, got, tc.want)
		}
	}
	vals := Assignments([]byte("extensions = [\n  'a',  # ]\n  'b',\n]\nx = 1\n"))
	if got := vals["extensions"]; !reflect.DeepEqual(got.Val, []any{"a", "b"}) || got.Line != 1 {
		t.Errorf("a list over lines: %+v", got)
	}
	if got := vals["x"]; got.Val != 1.0 || got.Line != 5 {
		t.Errorf("the assignment after it: %+v", got)
	}
}

// A settings file of the largest size read (limits.settings_bytes) whose
// lines each open a bracket is read within fuzzbound's bounds: each value
// of up to maxPyLines lines was copied and scanned again as each line
// came, 441 MiB and two seconds for 4 MiB.
func TestAssignmentsBounded(t *testing.T) {
	for _, line := range []string{"a = (\n", "x = {'k': [\n"} {
		data := []byte(strings.Repeat(line, limits.Default.SettingsBytes/len(line)))
		t.Run(strings.TrimSpace(line), func(t *testing.T) {
			defer fuzzbound.Check(t)()
			Assignments(data)
		})
	}
}

// FuzzPythonConfig reads any Python configuration: never a panic; a
// literal is a whole quoted string's inside, on a line of the file.
func FuzzPythonConfig(f *testing.F) {
	f.Add([]byte("SITEURL = 'https://a.example'\nOUTPUT_PATH = \"out\"\n"))
	f.Add([]byte("SITEURL = os.environ['X']  # comment\nextensions = [\n  'a',\n]\n"))
	f.Add([]byte("X = " + strings.Repeat("[", maxPyDepth+1) + strings.Repeat("]", maxPyDepth+1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzbound.Check(t)()
		lines := 1 + bytes.Count(data, []byte("\n"))
		for name, v := range Assignments(data) {
			if v.Line < 1 || v.Line > lines {
				t.Errorf("%s: line %d of %d", name, v.Line, lines)
			}
			// One kind of quote may be inside the other's literal.
			if v.Literal && (strings.ContainsAny(v.Value, "\\\n") || strings.Contains(v.Value, "'") && strings.Contains(v.Value, `"`)) {
				t.Errorf("%s: literal %q", name, v.Value)
			}
			if !v.Literal && v.Value != "" {
				t.Errorf("%s: a value %q that is not a literal", name, v.Value)
			}
		}
	})
}

// TestAssignmentsDeep: a value nested deeper than maxPyDepth is no
// literal, read as an expression, never a stack overflow (2,000,000 [
// took the process down); one at the bound is read.
func TestAssignmentsDeep(t *testing.T) {
	nested := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	vals := Assignments([]byte("A = " + nested(maxPyDepth) + "\nB = " + nested(maxPyDepth+1) + "\nC = " + strings.Repeat("(", 100_000) + "\n"))
	if _, ok := vals["A"].Val.([]any); !ok {
		t.Errorf("A, %d deep: %T, want a list", maxPyDepth, vals["A"].Val)
	}
	for _, name := range []string{"B", "C"} {
		if _, ok := vals[name].Val.(peer.Expr); !ok {
			t.Errorf("%s: %T, want an expression", name, vals[name].Val)
		}
	}
}
