package jsconfig

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/limits"
	tparse "github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/js"
)

// The lexer held to a real one: github.com/tdewolff/parse/v2/js, whose
// lexer follows ECMAScript's grammar and whose parser decides, as the
// grammar does, where a "/" starts a regular expression. The hand lexer
// stays for what that one does not do (TypeScript, which it cannot
// parse; the bounds on tokens and nesting a file of a pull request is
// read within); on JavaScript both read, they must cut the same tokens.

// oracleToken is a token of tdewolff's lexer: its class and its bytes'
// offsets in the source.
type oracleToken struct {
	kind     tokenKind
	pos, end int
}

// oracleTokens lexes src with tdewolff's lexer, the tokens of templates'
// substitutions inside their template, as the hand lexer returns them; a
// "/" at one of regexAt is read as a regular expression, the hand lexer's
// decision (which oracleRegexes holds to the parser). ok is false where
// it reports an error: the tokens before it are returned.
func oracleTokens(src []byte, regexAt map[int]bool) (toks []oracleToken, ok bool) {
	l := js.NewLexer(tparse.NewInputBytes(src))
	pos := 0
	depth, tplStart := 0, 0 // templates open, and where the outermost began
	for {
		tt, data := l.Next()
		start := pos
		if tt == js.DivToken || tt == js.DivEqToken {
			if regexAt[start] {
				tt, data = l.RegExp()
			}
		}
		if tt == js.ErrorToken {
			// The end of the source, but inside a template: an error.
			return toks, depth == 0 && (l.Err() == nil || l.Err().Error() == "EOF")
		}
		pos = start + len(data)
		var kind tokenKind
		switch {
		case tt == js.WhitespaceToken, tt == js.LineTerminatorToken, tt == js.CommentToken, tt == js.CommentLineTerminatorToken:
			continue
		case tt == js.TemplateStartToken:
			if depth == 0 {
				tplStart = start
			}
			depth++
			continue
		case tt == js.TemplateMiddleToken:
			continue
		case tt == js.TemplateEndToken:
			if depth--; depth == 0 {
				toks = append(toks, oracleToken{kindTemplate, tplStart, pos})
			}
			continue
		case depth > 0:
			continue // inside a substitution
		case tt == js.StringToken, tt == js.TemplateToken:
			kind = kindString
		case tt == js.RegExpToken:
			kind = kindRegex
		case tt&0x0100 != 0:
			kind = kindNumber
		case tt == js.PrivateIdentifierToken, js.IsIdentifierName(tt):
			kind = kindIdent
		default:
			kind = kindPunct
		}
		toks = append(toks, oracleToken{kind, start, pos})
	}
}

// compareTokens reports the first token the hand lexer cuts otherwise
// than tdewolff's, "" for none. A number the hand lexer reads past the
// grammar's number (1..toString, 1.a) holds what tdewolff reads as
// further tokens; the comparison goes on after it.
func compareTokens(src []byte, ours []token, theirs []oracleToken) string {
	j := 0
	for i := 0; i < len(theirs); i++ {
		o := theirs[i]
		if j >= len(ours) {
			return fmt.Sprintf("tdewolff's %v %q at %d, and no token of ours", o.kind, src[o.pos:o.end], o.pos)
		}
		t := ours[j]
		if t.kind == kindUnterminated {
			return "" // the hand lexer's leniency: nothing after it is compared
		}
		if t.kind == kindNumber && o.kind == kindNumber && t.pos == o.pos && t.end >= o.end {
			for i+1 < len(theirs) && theirs[i+1].pos < t.end {
				i++
			}
			if i+1 < len(theirs) && theirs[i].end != t.end {
				return fmt.Sprintf("our number %q at %d ends inside tdewolff's %q", src[t.pos:t.end], t.pos, src[theirs[i].pos:theirs[i].end])
			}
			j++
			continue
		}
		if t.pos != o.pos || t.end != o.end || t.kind != o.kind {
			return fmt.Sprintf("ours %v %q at %d–%d, tdewolff's %v %q at %d–%d", t.kind, src[t.pos:t.end], t.pos, t.end, o.kind, src[o.pos:o.end], o.pos, o.end)
		}
		j++
	}
	if j < len(ours) && ours[j].kind != kindUnterminated {
		return fmt.Sprintf("our %v %q at %d, past tdewolff's last token", ours[j].kind, src[ours[j].pos:ours[j].end], ours[j].pos)
	}
	return ""
}

// incrDiv matches a "/" after ++ or --.
var incrDiv = regexp.MustCompile(`(\+\+|--)[\s\v]*/`)

// regexCounter counts the regular expression literals of a program.
type regexCounter struct{ n int }

func (c *regexCounter) Enter(n js.INode) js.IVisitor {
	switch n := n.(type) {
	case *js.LiteralExpr:
		if n.TokenType == js.RegExpToken {
			c.n++
		}
	case js.LiteralExpr:
		if n.TokenType == js.RegExpToken {
			c.n++
		}
	}
	return c
}

func (c *regexCounter) Exit(js.INode) {}

// oracleRegexes returns how many regular expression literals tdewolff's
// parser finds in src, as a script or a module (the grammar decides
// where a "/" starts one); ok is false for source it does not parse.
func oracleRegexes(src []byte) (int, bool) {
	ast, err := js.Parse(tparse.NewInputBytes(src), js.Options{})
	if err != nil {
		return 0, false
	}
	var c regexCounter
	js.Walk(&c, ast)
	return c.n, true
}

// comparable reports whether the lexers are held to each other on src:
// source without what the hand lexer leaves to the grammar's edges (an
// HTML-like comment, which a module may not hold; a hashbang, which it
// skips; a character past ASCII outside a literal, which it takes for a
// letter; a carriage return, which it takes for white space only).
func comparable(src []byte) bool {
	if bytes.HasPrefix(src, []byte("#!")) || bytes.Contains(src, []byte("<!--")) || bytes.Contains(src, []byte("-->")) || bytes.ContainsRune(src, '\r') {
		return false
	}
	for _, c := range src {
		if c >= 0x80 || c == 0 {
			return false
		}
	}
	return true
}

// FuzzLexAgainstTdewolff holds the hand lexer to tdewolff's: on
// JavaScript both lex, they cut the same tokens, of the same kinds; where
// tdewolff's parser reads a program, the hand lexer finds its regular
// expression literals, as many, no "/" taken for one wrongly.
func FuzzLexAgainstTdewolff(f *testing.F) {
	for _, s := range []string{
		"export default defineConfig({ site: 'https://x.org', base: '/b', build: { format: 'file' } })",
		"module.exports = { output: 'export', distDir: `out`, basePath: process.env.BP }",
		"const re = /[/]/g, x = a / b / c; if (/a/.test(s)) y = `t${/}/.source}` + 'q'",
		"x = 1.5e3 + .5 + 0x1F + 1_000 + 10n; y = a?.b ?? c; z **= 2; w >>>= 1",
		"const { a, ...rest } = obj; const f = async () => { await g(`${`${1}`}`) }",
		"label: for (const k of o) { if (k) continue label; else break }",
		"a = b\n/hi/g.exec(c)",
		"x = y / z /* c */ / w // d\n",
		"class A { #p = 1; get #q() { return this.#p } static { } }",
		"x = '\\u{1F600}\\x41\\n' + \"\\\"\" + `\\``",
		"o = { 'a': 1, [k]: 2, get g() {}, set s(v) {}, m() {}, async *n() {} }",
		"function f() { return /re/ }",
		"x = a++ / 2; y = a-- / 3; z = (1) / 2; w = [1] / 2; v = {} / 1",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 4096 || !comparable(src) {
			return
		}
		l, err := lexed(src, limits.Default)
		if err != nil || l == nil {
			return
		}
		regexAt := map[int]bool{}
		for _, p := range l.regexAt {
			regexAt[p] = true
		}
		// After ++ or --, a "/" divides: a prefix ++ of a regular
		// expression (--/re/) is an early error the parser does not
		// report, and no program holds one.
		if n, ok := oracleRegexes(src); ok && n != len(l.regexAt) && !incrDiv.Match(src) {
			t.Fatalf("%q: tdewolff's parser finds %d regular expressions, the hand lexer %d", src, n, len(l.regexAt))
		}
		theirs, ok := oracleTokens(src, regexAt)
		if !ok {
			// tdewolff stops at an error: compare what it read.
			for len(theirs) > 0 && theirs[len(theirs)-1].end > len(src) {
				theirs = theirs[:len(theirs)-1]
			}
		}
		ours := l.toks
		if !ok {
			// The hand lexer goes on past what tdewolff refuses: only the
			// tokens before its last are compared.
			if len(theirs) == 0 {
				return
			}
			last := theirs[len(theirs)-1]
			theirs = theirs[:len(theirs)-1]
			for k, tok := range ours {
				if tok.pos >= last.pos {
					ours = ours[:k]
					break
				}
			}
		}
		if msg := compareTokens(src, ours, theirs); msg != "" {
			t.Fatalf("%q: %s", src, msg)
		}
	})
}

// TestLexAgainstTdewolff runs the fuzz target's comparison on every
// token shape the readers meet in configurations.
func TestLexAgainstTdewolff(t *testing.T) {
	for _, src := range []string{
		"export default { a: 1 }",
		strings.Repeat("x = a / b; y = /c/; ", 20),
	} {
		l, err := lexed([]byte(src), limits.Default)
		if err != nil {
			t.Fatal(err)
		}
		regexAt := map[int]bool{}
		for _, p := range l.regexAt {
			regexAt[p] = true
		}
		theirs, ok := oracleTokens([]byte(src), regexAt)
		if !ok {
			t.Fatalf("%q: tdewolff refuses it", src)
		}
		if msg := compareTokens([]byte(src), l.toks, theirs); msg != "" {
			t.Errorf("%q: %s", src, msg)
		}
	}
}

func (k tokenKind) String() string {
	return [...]string{"punctuator", "identifier", "string", "template", "number", "regex", "unterminated"}[k]
}
