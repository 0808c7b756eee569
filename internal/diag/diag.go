package diag

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Program is the prefix of a message that has no place.
const Program = "sitemapgen"

// A Diagnostic is a problem at a place: a file, and within it a line
// and a column when they are known.
type Diagnostic struct {
	// File is the path as the user would type it (relative to the working
	// directory, or as given).
	File string
	// Line and Col count from 1; 0 when unknown (Col is then ignored).
	Line, Col int
	// Msg says what is wrong: lowercase, no final period.
	Msg string
	// Hint, when set, says what to do; each of its lines prints on a
	// line of its own after "hint: ".
	Hint string
	// Err, when set, is the error the problem comes from (a decoder's),
	// for errors.Is and errors.As; Msg says it already.
	Err error
}

// Unwrap returns the error the problem comes from, if any.
func (d *Diagnostic) Unwrap() error { return d.Err }

// A Pos is a place in a file: what a message names when it points
// somewhere besides its own place ("the rule at _redirects:3").
type Pos struct {
	File string
	Line int // 0 when unknown
}

// String returns "file:line", or "file" when the line is unknown.
func (p Pos) String() string { return (&Diagnostic{File: p.File, Line: p.Line}).Place() }

// Errorf returns the problem at p that format and args say.
func (p Pos) Errorf(format string, args ...any) *Diagnostic {
	return &Diagnostic{File: p.File, Line: p.Line, Msg: fmt.Sprintf(format, args...)}
}

// At returns the Diagnostic msg at line of file.
func At(file string, line int, msg string) *Diagnostic {
	return &Diagnostic{File: file, Line: line, Msg: msg}
}

// Place is "file:line:col", "file:line" or "file", as much as is known;
// the file as [Quote] shows it.
func (d *Diagnostic) Place() string {
	var b strings.Builder
	b.WriteString(Quote(d.File))
	if d.Line > 0 {
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(d.Line))
		if d.Col > 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(d.Col))
		}
	}
	return b.String()
}

// Error returns "place: message", then the hint's lines.
func (d *Diagnostic) Error() string {
	s := d.Msg
	if d.File != "" {
		s = d.Place() + ": " + s
	}
	return s + hintLines(d.Hint)
}

// Quote returns the path p as a message shows it: quoted, Go-style, when
// it holds a control character or is not valid UTF-8. Raw, a newline in a
// file's name would split a message in two (or forge another), and an
// escape sequence would reach the terminal. A path Quote returned comes
// back unchanged.
func Quote(p string) string {
	if NeedsQuote(p) {
		return strconv.Quote(p)
	}
	return p
}

// NeedsQuote reports whether s holds what a line must not carry raw: a
// control character (a line break, an escape, NUL), a Unicode line or
// paragraph separator (U+2028, U+2029, which YAML reads as a line
// break), or bytes that are not UTF-8. Such a value is shown quoted
// ([Quote], [Escape]), and a value a file gives is not carried into
// another file with it (sitemapgen init).
func NeedsQuote(s string) bool {
	return !utf8.ValidString(s) || strings.ContainsFunc(s, breaksLine)
}

// breaksLine reports whether r is a control character or a Unicode line
// or paragraph separator.
func breaksLine(r rune) bool {
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029'
}

// ShowPath returns the path p as a message shows it: whole (as
// Quote shows it) up to the 4,096 bytes of a path the kernel takes,
// else as an excerpt; a path a file gives may be longer.
func ShowPath(p string) string {
	if len(p) > 4096 {
		p = Excerpt(p)
	}
	return Quote(p)
}

func hintLines(hint string) string {
	if hint == "" {
		return ""
	}
	return "\nhint: " + strings.ReplaceAll(hint, "\n", "\nhint: ")
}

// Severities a message may be printed with.
const (
	// Warning is a problem that does not stop the run.
	Warning = "warning"
	// Error is a problem with one file among others, which the run
	// reports before it fails.
	Error = "error"
	// Note is what kept a value from being found, said by a command that
	// goes on without it (init).
	Note = "note"
)

// Format returns the message of err as printed: path first when err is or
// wraps a *Diagnostic with a file (the place moved to the front of what
// the wrappers said), else after "sitemapgen: ". A severity (Warning,
// Error), when given, follows the place: "vercel.json:3: warning: ...".
// The result has no final newline.
func Format(err error, severity string) string {
	sev := ""
	if severity != "" {
		sev = severity + ": "
	}
	msg := err.Error()
	var d *Diagnostic
	if !errors.As(err, &d) || d.File == "" {
		return Program + ": " + sev + msg
	}
	place := d.Place()
	// The wrappers' words, if any, come before the diagnostic's own
	// message: take its place out of the middle.
	if own := place + ": "; !strings.HasPrefix(msg, own) {
		if i := strings.Index(msg, own); i >= 0 {
			msg = msg[:i] + msg[i+len(own):]
		}
	} else {
		msg = msg[len(own):]
	}
	return place + ": " + sev + msg
}

// ExcerptBytes is the most bytes of an untrusted value a message quotes.
const ExcerptBytes = 80

// Excerpt returns s as a message may quote it: whole when it is at most
// ExcerptBytes long, else its first bytes, cut at a character's start,
// and "… (N bytes)"; when what it keeps holds a control character, that
// part escaped as Go escapes it (\n, \x1b; and then a byte that is not
// UTF-8 too, \xff), so that %s prints it on one line. A value a
// page, a file or a server gives can be megabytes, and can hold a line
// break or a terminal's escape sequence: a message quotes at most this
// much of it, whatever it holds, so that a line stays a line, the
// terminal shows what the file holds, and printing it costs nothing.
func Excerpt(s string) string {
	n := len(s)
	if n <= ExcerptBytes {
		return Escape(s)
	}
	// The part kept is at most ExcerptBytes-20 bytes as shown: escaped,
	// a control character takes four (\x03), so fewer of such a value's
	// bytes are kept.
	const keep = ExcerptBytes - 20
	cut := keep
	for {
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		if e := Escape(s[:cut]); len(e) <= keep || cut == 0 {
			return e + "… (" + strconv.Itoa(n) + " bytes)"
		}
		cut--
	}
}

// Escape returns s with its control characters escaped as Go escapes
// them (\n, \x1b, \u2028; and then a byte that is not UTF-8 too, \xff),
// without quotes, when it holds one (or a line separator, U+2028);
// else s as it is. For a value a message shows whole (a URL shorter than the protocol's bound): a line break in
// it would end the message's line and begin another, which a CI log
// reads as its own ("::error::"), and an escape sequence would reach the
// terminal.
func Escape(s string) string {
	if !strings.ContainsFunc(s, breaksLine) {
		return s
	}
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// DecoderBytes is the most bytes of a decoder's message (a TOML, YAML
// or JSON library's) a message quotes.
const DecoderBytes = 240

// DecoderMessage returns a decoder's message as a message quotes it. A
// decoder may quote whole the value it could not take (TOML's "999… is
// out of range for int64", "expected value but found …"), which may be
// megabytes and may hold a control character: each run of it without a
// space longer than ExcerptBytes is cut as [Excerpt] cuts a value (so the
// words around it, what the decoder says is wrong, stay), control
// characters are escaped, and past DecoderBytes the message is cut and
// says how long it was.
func DecoderMessage(msg string) string {
	var b strings.Builder
	for rest := msg; ; {
		word, more, space := strings.Cut(rest, " ")
		if len(word) > ExcerptBytes {
			word = Excerpt(word)
		} else {
			word = Escape(word)
		}
		b.WriteString(word)
		if b.Len() > DecoderBytes || !space {
			break
		}
		b.WriteByte(' ')
		rest = more
	}
	s := b.String()
	if len(s) <= DecoderBytes {
		return s
	}
	cut := DecoderBytes - 40
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "… (a message of " + strconv.Itoa(len(msg)) + " bytes)"
}

// URLBytes is the length from which [URL] shows a URL as an excerpt:
// the longest a sitemap lists is one shorter (sitemap.MaxLocLength).
const URLBytes = 2048

// URL returns the URL u as every message shows it, and as every file
// sitemapgen writes for people (sitemap.yaml's comments) carries it:
// whole when a sitemap could list one as long (shorter than URLBytes),
// else an excerpt ([Excerpt]), its control characters escaped
// ([Escape]), and its user information (a user name, a password or a
// token before "@") never shown: "https://xxxxx@host/". It hides it
// whether or not u parses: a URL refused because it does not parse may
// hold a token too. It is the one function that shows a URL a flag, a
// variable, a platform or a configuration gives.
func URL(u string) string {
	u = hideUserInfo(u)
	if len(u) < URLBytes {
		return Escape(u)
	}
	return Excerpt(u)
}

// URLExcerpt is the URL u as [URL] shows it, its user information hidden,
// and then bounded as [Excerpt] bounds a value: for a message that quotes
// a URL of a file among many (a sitemap's loc, which validate quotes
// once a problem), where its first 80 bytes say which.
func URLExcerpt(u string) string { return Excerpt(URL(u)) }

// HasUserInfo reports whether the URL u has user information that [URL]
// hides, whether or not u parses.
func HasUserInfo(u string) bool { return hideUserInfo(u) != u }

// hideUserInfo returns u with the user information of its authority (the
// text between "//" and the last "@" before the path) replaced by
// "xxxxx".
func hideUserInfo(u string) string {
	i := strings.Index(u, "//")
	if i < 0 {
		return u
	}
	start := i + 2
	end := len(u)
	if j := strings.IndexAny(u[start:], "/?#"); j >= 0 {
		end = start + j
	}
	at := strings.LastIndexByte(u[start:end], '@')
	if at < 0 {
		return u
	}
	return u[:start] + "xxxxx" + u[start+at:]
}
