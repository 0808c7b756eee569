package jsconfig

import (
	"reflect"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestChoices: a value that is a literal, or a conditional expression of
// literals, reads as the strings it may be, its condition never
// evaluated (issue 97: tailwind-nextjs-starter-blog's next.config.js).
// Anything else is what Str says of it, with Str's note.
func TestChoices(t *testing.T) {
	tests := []struct {
		name, src string
		want      Choice
		st        State
		notes     []string
	}{
		{"a literal", `module.exports = { output: 'export' }`, Choice{Line: 1, Values: []string{"export"}}, OK, nil},
		{"a conditional", "module.exports = {\n  output: process.env.EXPORT ? 'export' : undefined,\n}",
			Choice{Line: 2, Cond: "process.env.EXPORT", Values: []string{"export"}, Unset: true}, OK, nil},
		{"a const of the top level, through a function and a call",
			"const output = process.env.EXPORT ? 'export' : undefined\nconst basePath = process.env.BASE_PATH || undefined\n" +
				"module.exports = () => {\n  const plugins = [a, b]\n  return plugins.reduce((acc, next) => next(acc), {\n    output,\n    basePath,\n  })\n}\n",
			Choice{Line: 6, Cond: "process.env.EXPORT", Values: []string{"export"}, Unset: true}, OK, nil},
		{"nested, in parentheses, typed", "export default { output: (a === 'b' ? (c ? 'export' : 'standalone') : 'export') as const }",
			Choice{Line: 1, Cond: "a === 'b'", Values: []string{"export", "standalone"}}, OK, nil},
		{"a name a function's parameter may shadow", "const output = x ? 'export' : null\nfunction f(output) { return output }\nexport default { output }",
			Choice{Line: 3}, Bad, []string{"a.js:3: output is not a literal string (output); hint"}},
		{"a branch that is no literal", "export default { output: x ? 'export' : y }",
			Choice{Line: 1}, Bad, []string{"a.js:1: output is not a literal string (x ? 'export' : y); hint"}},
		{"a default, not a choice", "export default { output: process.env.OUT || 'export' }",
			Choice{Line: 1}, Bad, []string{"a.js:1: output is not a literal string (process.env.OUT || 'export'); hint"}},
		{"not set", "export default { distDir: 'x' }", Choice{}, Absent, nil},
		{"undefined", "export default { output: undefined }", Choice{Line: 1}, Absent, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader("a.js", []byte(tt.src), limits.Default)
			got, st := r.Choices("output", "; hint")
			if st != tt.st || !reflect.DeepEqual(got, tt.want) || !reflect.DeepEqual(r.Notes(), tt.notes) {
				t.Errorf("got %+v %v %q\nwant %+v %v %q", got, st, r.Notes(), tt.want, tt.st, tt.notes)
			}
		})
	}

	// A value another module gives (a spread) is in that module's
	// tokens: read as Str reads it, not through this file's.
	r := NewReader("a.js", []byte("import shared from 'y'; a ? 'b' : null; export default { ...shared }"), limits.Default)
	r.Spread("shared", NewReader("shared.js", []byte("export default {\n  output: x ? 'export' : undefined,\n}"), limits.Default))
	if got, st := r.Choices("output", "; hint"); st != Bad || !reflect.DeepEqual(r.Notes(), []string{"shared.js:2: output is not a literal string (x ? 'export' : undefined); hint"}) {
		t.Errorf("spread: %+v %v %q", got, st, r.Notes())
	}
}
