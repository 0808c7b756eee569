package validate

import (
	"fmt"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// Severity says what a [Problem] costs: an error breaks the protocol or a
// schema, and a search engine rejects the file or the entry; advice is
// about a valid file that loses something (an hreflang cluster a search
// engine cannot follow, a date in a form narrower tools refuse).
type Severity uint8

const (
	Error Severity = iota
	Advice
)

func (s Severity) String() string {
	if s == Advice {
		return "advice"
	}
	return "error"
}

// Kind names what a [Problem] is about, in a word that stays the same
// from release to release: --ignore takes it, --json gives it.
type Kind string

// The kinds of problem, each of one severity (see [Kinds]).
const (
	KindRead       Kind = "read"          // the file cannot be opened, read or decompressed
	KindXML        Kind = "xml"           // not well-formed XML, or not UTF-8, or the declaration not first
	KindNamespace  Kind = "namespace"     // an element in no namespace, or the wrong one
	KindElement    Kind = "element"       // an element or attribute the schema does not allow, or lacks
	KindOrder      Kind = "order"         // elements out of the schema's order
	KindLoc        Kind = "loc"           // a <loc> that is no absolute http(s) URL (or IRI) of 12 to 2,047 characters
	KindLastmod    Kind = "lastmod"       // a <lastmod> that is no W3C Datetime
	KindChangefreq Kind = "changefreq"    // a <changefreq> not one of the seven words
	KindPriority   Kind = "priority"      // a <priority> that is no decimal from 0.0 to 1.0
	KindLimit      Kind = "limit"         // past 50,000 entries, 50 MiB, 1,000 images, 1,000 news articles, or a reading limit
	KindDuplicate  Kind = "duplicate"     // a URL listed twice
	KindHost       Kind = "host"          // a file's URLs on more than one host
	KindScope      Kind = "scope"         // a URL outside the sitemap's folder (with a base URL)
	KindIndexEntry Kind = "index-entry"   // an index entry naming a missing file, or with ".."
	KindImage      Kind = "image"         // an <image:image> against sitemap-image.xsd
	KindVideo      Kind = "video"         // a <video:video> against sitemap-video.xsd
	KindNews       Kind = "news"          // a <news:news> against sitemap-news.xsd
	KindXHTMLLink  Kind = "xhtml-link"    // an <xhtml:link> against xhtml1-strict.xsd and Google's forms
	KindHreflang   Kind = "hreflang-code" // an hreflang that is no BCP 47 code of ISO 639 and 3166
	KindSite       Kind = "site"          // with a site folder: a URL no file of it serves
	KindRobots     Kind = "robots"        // with a site folder: a URL its robots.txt disallows, or robots.txt unreadable

	KindDateForm   Kind = "date-form"        // a W3C Datetime the schema's xsd:date and xsd:dateTime do not take
	KindCluster    Kind = "hreflang-cluster" // an hreflang alternate not listed back, not listed, or doubled
	KindLinkUnused Kind = "link-unused"      // an <xhtml:link> search engines make no use of
	KindIgnored    Kind = "ignored"          // a value the schema takes and search engines ignore, a feed item with no link
	KindIndexLocal Kind = "index-unmatched"  // without a base URL, an index entry not below the index's location
	KindGzip       Kind = "gzip"             // a file gzip-compressed and not named .gz, or named .gz and not
	KindIRI        Kind = "iri"              // a URL with characters beyond ASCII, which the protocol takes (RFC 3987)
)

// Kinds are every kind, in the order a summary names them, with its
// severity and what it is about.
var Kinds = []struct {
	Kind     Kind
	Severity Severity
	What     string
}{
	{KindRead, Error, "the file cannot be opened, read or decompressed"},
	{KindXML, Error, "not well-formed, not UTF-8, or not declaration first"},
	{KindNamespace, Error, "an element in no namespace or in the wrong one"},
	{KindElement, Error, "an element or attribute missing or not allowed"},
	{KindOrder, Error, "elements out of the schema's order"},
	{KindLoc, Error, "a <loc> not an absolute URL of 12-2,047 characters"},
	{KindLastmod, Error, "a <lastmod> that is no W3C Datetime"},
	{KindChangefreq, Error, "a <changefreq> not one of the seven words"},
	{KindPriority, Error, "a <priority> not a decimal from 0.0 to 1.0"},
	{KindLimit, Error, "over 50,000 entries, 50 MiB or a reading limit"},
	{KindDuplicate, Error, "a URL listed twice, in a file or across files"},
	{KindHost, Error, "a file's URLs on more than one host"},
	{KindScope, Error, "a URL outside the sitemap's folder (--base-url)"},
	{KindIndexEntry, Error, "an index entry naming a missing file, or with .."},
	{KindImage, Error, "an <image:image> sitemap-image.xsd refuses"},
	{KindVideo, Error, "a <video:video> sitemap-video.xsd refuses"},
	{KindNews, Error, "a <news:news> sitemap-news.xsd refuses"},
	{KindXHTMLLink, Error, "an <xhtml:link> xhtml1-strict.xsd refuses"},
	{KindHreflang, Error, "an hreflang that is no ISO 639/3166 code"},
	{KindSite, Error, "a URL no file of the built site serves (--site)"},
	{KindRobots, Error, "a URL robots.txt disallows (--site)"},
	{KindDateForm, Advice, "a date the protocol takes and the schema does not"},
	{KindCluster, Advice, "an hreflang alternate not listed back or twice"},
	{KindLinkUnused, Advice, "an alternate with neither hreflang nor media"},
	{KindIgnored, Advice, "what search engines ignore: image:license, a feed item"},
	{KindIndexLocal, Advice, "an index entry outside the index's folder: not looked for"},
	{KindGzip, Advice, "a file whose name and content disagree on gzip"},
	{KindIRI, Advice, "a URL with characters beyond ASCII: percent-encode them"},
}

// severity returns the severity of kind k.
func (k Kind) severity() Severity {
	for _, e := range Kinds {
		if e.Kind == k {
			return e.Severity
		}
	}
	return Error
}

// KnownKind reports whether k is one of [Kinds].
func KnownKind(k string) bool {
	for _, e := range Kinds {
		if string(e.Kind) == k {
			return true
		}
	}
	return false
}

// Problem is one thing wrong with a sitemap file, or one piece of advice
// about it.
type Problem struct {
	File     string // the file's path, as given or as found in a folder given
	Line     int    // 0 when the problem is the whole file's
	Kind     Kind
	Severity Severity
	Msg      string
}

// newProblem returns a problem of kind k, with its severity.
func newProblem(file string, line int, k Kind, msg string) Problem {
	return Problem{File: file, Line: line, Kind: k, Severity: k.severity(), Msg: msg}
}

// String returns the problem as "file:line: kind: msg" for an error and
// "file:line: advice: kind: msg" for advice, without ":line" when Line
// is 0.
func (p Problem) String() string {
	msg := p.Msg
	if p.Kind != "" {
		msg = string(p.Kind) + ": " + msg
	}
	if p.Severity == Advice {
		msg = "advice: " + msg
	}
	return diag.At(p.File, p.Line, msg).Error()
}

// Errors returns how many of problems are errors.
func Errors(problems []Problem) int {
	n := 0
	for _, p := range problems {
		if p.Severity == Error {
			n++
		}
	}
	return n
}

// dropped counts the problems of a file past maxProblems, by kind.
type dropped map[Kind]int

// problems returns one problem a kind, saying how many were not listed.
func (d dropped) problems(file string) []Problem {
	var out []Problem
	for _, k := range Kinds {
		if n := d[k.Kind]; n > 0 {
			out = append(out, newProblem(file, 0, k.Kind, fmt.Sprintf("%d more %s problems not listed", n, k.Kind)))
		}
	}
	return out
}
