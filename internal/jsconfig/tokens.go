package jsconfig

import "github.com/sitemapgen/sitemapgen/internal/limits"

// Kind is what a [Token] is.
type Kind uint8

// The kinds of tokens.
const (
	Punct        Kind = Kind(kindPunct)        // a punctuator: ( { . => …
	Ident        Kind = Kind(kindIdent)        // an identifier or keyword
	String       Kind = Kind(kindString)       // a string literal, or a template literal without ${}
	Template     Kind = Kind(kindTemplate)     // a template literal with ${} substitutions
	Number       Kind = Kind(kindNumber)       // a number as written
	Regex        Kind = Kind(kindRegex)        // a regular expression literal, as written
	Unterminated Kind = Kind(kindUnterminated) // an unterminated string or template
)

// Token is one token of JavaScript or TypeScript source, as [Tokens]
// reads it.
type Token struct {
	Kind Kind
	// Text is an identifier, punctuator, number or regular expression
	// as written, and a string's value; "" for a template with ${}.
	Text string
	// Line is the 1-based line the token starts on; Pos and End its byte
	// offsets in the source.
	Line, Pos, End int
}

// Is reports whether t is the punctuator punct.
func (t Token) Is(punct string) bool { return t.Kind == Punct && t.Text == punct }

// IsIdent reports whether t is the identifier (or keyword) name.
func (t Token) IsIdent(name string) bool { return t.Kind == Ident && t.Text == name }

// Tokens splits data, JavaScript or TypeScript source, into tokens, as
// the Reader does: comments skipped, string, template and regular
// expression literals whole (the tokens inside a template's ${}
// substitutions are not returned). Source larger than lim.SettingsBytes
// is not read; past lim.JSTokens tokens, or lim.Nesting brackets open,
// it stops: the tokens read so far are returned with a
// *diag.Diagnostic that says where (its File is "").
func Tokens(data []byte, lim limits.Limits) ([]Token, error) {
	toks, err := lex(data, lim)
	out := make([]Token, len(toks))
	for i, t := range toks {
		out[i] = Token{Kind: Kind(t.kind), Text: t.text, Line: t.line, Pos: t.pos, End: t.end}
	}
	return out, err
}
