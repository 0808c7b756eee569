package validate

// The content models of the image, video and news extensions, as their
// official schemas (internal/sitemaptest/schemas at the repository's root) declare
// them: each element's children in sequence with their occurrences, its
// attributes, and the type of its text. One reader, model, checks an
// element against its model, so a schema's rule is written once, as
// data.

import (
	"cmp"
	"encoding/xml"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/sitemapfile"
)

// elem is an element of an extension's content model.
type elem struct {
	name     string
	min, max int   // occurrences; max 0 is unbounded
	value    check // its text; nil for any text, or for element content
	attrs    []attr
	children []elem   // its sequence; nil for simple content
	oneOf    []string // children of which at least one is required (Google's rule beyond the schema)
}

// attr is an attribute of an element of a model.
type attr struct {
	name     string
	required bool
	value    check
}

// check says what keeps v from being of a type: "" when nothing does.
// advice is the kind of advice msg is when v is valid but worth a word
// (a W3C Datetime the schema's types do not take, a value search engines
// ignore), "" when msg is an error.
type check func(v string) (msg string, advice Kind)

// The types of the extensions' schemas. A URL is an IRI's too, which is
// advice.
func uri(v string) (string, Kind) {
	v = trimSpace(v)
	if msg := urlProblem(v); msg != "" {
		return msg, ""
	}
	if msg := iriAdvice(v); msg != "" {
		return msg, KindIRI
	}
	return "", ""
}

func maxLen(n int) check {
	return func(v string) (string, Kind) {
		if c := utf8.RuneCountInString(v); c > n {
			return fmt.Sprintf("%d characters: the schema allows at most %d", c, n), ""
		}
		return "", ""
	}
}

// integer is an xsd:integer from min to max (max 0: no bound).
func integer(min, max int) check {
	return func(v string) (string, Kind) {
		v = trimSpace(v)
		n, err := strconv.Atoi(strings.TrimPrefix(v, "+"))
		switch {
		case err != nil || strings.HasPrefix(v, "+-") || strings.HasPrefix(v, "+") && len(v) == 1:
			return fmt.Sprintf("%.40q is not a whole number", v), ""
		case n < min || max > 0 && n > max:
			if max > 0 {
				return fmt.Sprintf("%d is outside %d–%d", n, min, max), ""
			}
			return fmt.Sprintf("%d is less than %d", n, min), ""
		}
		return "", ""
	}
}

// decimal is an xsd:decimal from min to max.
func decimal(min, max float64) check {
	return func(v string) (string, Kind) {
		v = trimSpace(v)
		f, err := strconv.ParseFloat(v, 64)
		if !isDecimal(v) || err != nil {
			return fmt.Sprintf("%.40q is not a decimal number", v), ""
		}
		if f < min || f > max {
			return fmt.Sprintf("%s is outside %g–%g", diag.Excerpt(v), min, max), ""
		}
		return "", ""
	}
}

// date is the union of xsd:date and xsd:dateTime that the schemas give
// their dates, held to W3C Datetime, as Google asks of them (a time has
// a zone); a W3C Datetime the schemas do not take is advice.
func date(v string) (string, Kind) {
	v = trimSpace(v)
	switch {
	case w3cDate(v):
		return "", ""
	case w3cOnly(v):
		return dateFormMsg(v), KindDateForm
	}
	return fmt.Sprintf("%.40q is not a W3C Datetime the schema takes%s", v, dateHint(v)), ""
}

// license is sitemap-image.xsd's <image:license>, an xsd:anyURI, which
// takes any text: one that is no absolute URL is advice, as Google
// ignores the tag (since 2022: it reads an image's license from the
// page's structured data).
func license(v string) (string, Kind) {
	if v = trimSpace(v); urlProblem(v) != "" {
		return fmt.Sprintf("%q is no absolute URL: the schema takes it, and Google ignores the tag since 2022", diag.URLExcerpt(v)), KindIgnored
	}
	return "", ""
}

// oneOfWords is an enumeration.
func oneOfWords(words ...string) check {
	return func(v string) (string, Kind) {
		for _, w := range words {
			if v == w {
				return "", ""
			}
		}
		return fmt.Sprintf("%.40q is not one of %s", v, strings.Join(words, ", ")), ""
	}
}

// pattern is an xsd:pattern: the whole value must match. It is compiled
// when first used: most sitemaps have no extension element to check.
func pattern(expr, says string) check {
	re := lazyre.MustCompile(`^(?:` + expr + `)$`)
	return func(v string) (string, Kind) {
		if !re().MatchString(v) {
			return fmt.Sprintf("%.40q is not %s", v, says), ""
		}
		return "", ""
	}
}

var (
	yesNo   = oneOfWords("yes", "Yes", "YES", "no", "No", "NO")
	allowed = oneOfWords("allow", "deny")
)

// imageModel is sitemap-image.xsd's <image:image>.
var imageModel = elem{name: "image", children: []elem{
	{name: "loc", min: 1, max: 1, value: uri},
	{name: "caption", max: 1},
	{name: "geo_location", max: 1},
	{name: "title", max: 1},
	{name: "license", max: 1, value: license},
}}

// videoModel is sitemap-video.xsd's <video:video>, with Google's rule
// that a video has a content_loc or a player_loc.
var videoModel = elem{name: "video", oneOf: []string{"content_loc", "player_loc"}, children: []elem{
	{name: "thumbnail_loc", min: 1, max: 1, value: uri},
	{name: "title", min: 1, max: 1, value: maxLen(100)},
	{name: "description", min: 1, max: 1, value: maxLen(2048)},
	{name: "content_loc", max: 1, value: uri},
	{name: "player_loc", max: 1, value: uri, attrs: []attr{{name: "allow_embed", value: yesNo}, {name: "autoplay"}}},
	{name: "duration", max: 1, value: integer(0, 28800)},
	{name: "expiration_date", max: 1, value: date},
	{name: "rating", max: 1, value: decimal(0, 5)},
	{name: "content_segment_loc", value: uri, attrs: []attr{{name: "duration", value: integer(0, 28800)}}},
	{name: "view_count", max: 1, value: integer(0, 0)},
	{name: "publication_date", max: 1, value: date},
	{name: "tag", max: 32},
	{name: "category", max: 1, value: maxLen(256)},
	{name: "family_friendly", max: 1, value: yesNo},
	{name: "restriction", max: 1, value: pattern(`([A-Z]{2}( +[A-Z]{2})*)?`, "a list of ISO 3166 country codes"),
		attrs: []attr{{name: "relationship", required: true, value: allowed}}},
	{name: "gallery_loc", max: 1, value: uri, attrs: []attr{{name: "title"}}},
	{name: "price", value: nil, attrs: []attr{
		{name: "currency", value: pattern(`[A-Z]{3}`, "an ISO 4217 currency code")},
		{name: "type", value: oneOfWords("purchase", "PURCHASE", "rent", "RENT")},
		{name: "resolution", value: oneOfWords("sd", "SD", "hd", "HD")}}},
	{name: "requires_subscription", max: 1, value: yesNo},
	{name: "uploader", max: 1, attrs: []attr{{name: "info", value: uri}}},
	{name: "tvshow", max: 1, children: []elem{
		{name: "show_title", min: 1, max: 1},
		{name: "video_type", min: 1, max: 1, value: oneOfWords("full", "preview", "clip", "interview", "news", "other")},
		{name: "episode_title", max: 1},
		{name: "season_number", max: 1, value: integer(1, 0)},
		{name: "episode_number", max: 1, value: integer(1, 0)},
		{name: "premier_date", max: 1, value: date},
	}},
	{name: "platform", max: 1, value: pattern(`((web|mobile|tv)( (web|mobile|tv))*)?`, "a list of web, mobile and tv"),
		attrs: []attr{{name: "relationship", required: true, value: allowed}}},
	{name: "live", max: 1, value: yesNo},
	{name: "id", attrs: []attr{{name: "type", required: true,
		value: oneOfWords("tms:series", "tms:program", "rovi:series", "rovi:program", "freebase", "url")}}},
}}

// newsModel is sitemap-news.xsd's <news:news>.
var newsModel = elem{name: "news", children: []elem{
	{name: "publication", min: 1, max: 1, children: []elem{
		{name: "name", min: 1, max: 1},
		{name: "language", min: 1, max: 1, value: pattern(`zh-cn|zh-tw|([a-z]{2,3})`, "an ISO 639 code of 2 or 3 lowercase letters, or zh-cn or zh-tw")},
	}},
	{name: "access", max: 1, value: oneOfWords("Subscription", "Registration")},
	{name: "genres", max: 1, value: pattern(`(PressRelease|Satire|Blog|OpEd|Opinion|UserGenerated)(, *(PressRelease|Satire|Blog|OpEd|Opinion|UserGenerated))*`,
		"a comma-separated list of PressRelease, Satire, Blog, OpEd, Opinion, UserGenerated")},
	{name: "publication_date", min: 1, max: 1, value: date},
	{name: "title", min: 1, max: 1},
	{name: "keywords", max: 1},
	{name: "stock_tickers", max: 1, value: pattern(`(\w+:\w+(, *\w+:\w+){0,4})?`, "up to 5 comma-separated EXCHANGE:TICKER pairs")},
}}

// models are the extension elements checked against their schema, by
// namespace, with the kind of their problems.
var models = map[string]struct {
	m *elem
	k Kind
}{
	imageNS: {&imageModel, KindImage},
	videoNS: {&videoModel, KindVideo},
	newsNS:  {&newsModel, KindNews},
}

// model reads the element t, just started, as its model m in the
// namespace ns says, reporting problems of kind k.
func (fc *fileCheck) model(t xml.StartElement, m *elem, ns string, k Kind) error {
	line := fc.line
	pfx := sitemapfile.Prefix(ns)
	fc.modelAttrs(t, m, pfx, k)
	if m.children == nil {
		v, err := fc.value(t)
		if err != nil {
			return err
		}
		if m.value != nil {
			if msg, advice := m.value(v); msg != "" {
				fc.addf(cmp.Or(advice, k), line, "<%s:%s>: %s", pfx, m.name, msg)
			}
		}
		return nil
	}
	var counts [32]int // the model's children, at most 32
	pos := 0
	for {
		tok, err := fc.next()
		if err != nil {
			return err
		}
		switch c := tok.(type) {
		case xml.CharData:
			fc.text(c, pfx+":"+m.name)
		case xml.EndElement:
			for i, ch := range m.children {
				if counts[i] < ch.min {
					fc.addf(k, line, "<%s:%s> has no <%s:%s>", pfx, m.name, pfx, ch.name)
				}
			}
			if len(m.oneOf) > 0 && !fc.anyOf(m, counts[:]) {
				fc.addf(k, line, "<%s:%s> has neither <%s:%s> nor <%s:%s>: a search engine needs one of them", pfx, m.name, pfx, m.oneOf[0], pfx, m.oneOf[1])
			}
			return nil
		case xml.StartElement:
			at := fc.line
			i := -1
			if c.Name.Space == ns {
				i = slices.IndexFunc(m.children, func(e elem) bool { return e.name == c.Name.Local })
			}
			if i < 0 {
				fc.addf(k, at, "element %s is not allowed in <%s:%s>; want %s", fc.name(c.Name), pfx, m.name, names(pfx, m.children))
				if err := fc.skip(); err != nil {
					return err
				}
				continue
			}
			ch := &m.children[i]
			switch counts[i]++; {
			case i < pos:
				fc.addf(k, at, "<%s:%s> after <%s:%s>: the order is %s", pfx, ch.name, pfx, m.children[pos].name, names(pfx, m.children))
			case ch.max == 1 && counts[i] == 2:
				fc.addf(k, at, "second <%s:%s> in <%s:%s>", pfx, ch.name, pfx, m.name)
			case ch.max > 1 && counts[i] == ch.max+1:
				fc.addf(k, at, "more than %d <%s:%s> in <%s:%s>", ch.max, pfx, ch.name, pfx, m.name)
			}
			pos = max(pos, i)
			if err := fc.model(c, ch, ns, k); err != nil {
				return err
			}
		}
	}
}

// modelAttrs checks the attributes of t against those of its model.
func (fc *fileCheck) modelAttrs(t xml.StartElement, m *elem, pfx string, k Kind) {
	var found [4]bool // the model's attributes, at most 4
	for _, a := range t.Attr {
		if a.Name.Space == "xmlns" || a.Name.Space == "" && a.Name.Local == "xmlns" {
			continue
		}
		i := -1
		if a.Name.Space == "" {
			for j := range m.attrs {
				if m.attrs[j].name == a.Name.Local {
					i = j
				}
			}
		}
		if i < 0 {
			fc.addf(k, fc.line, "attribute %s is not allowed on <%s:%s>", fc.name(a.Name), pfx, m.name)
			continue
		}
		found[i] = true
		if ck := m.attrs[i].value; ck != nil {
			if msg, _ := ck(a.Value); msg != "" {
				fc.addf(k, fc.line, "<%s:%s %s>: %s", pfx, m.name, a.Name.Local, msg)
			}
		}
	}
	for i, a := range m.attrs {
		if a.required && !found[i] {
			fc.addf(k, fc.line, "<%s:%s> has no %s attribute", pfx, m.name, a.name)
		}
	}
}

// anyOf reports whether one of m.oneOf's children was read.
func (fc *fileCheck) anyOf(m *elem, counts []int) bool {
	for i, ch := range m.children {
		if counts[i] > 0 && slices.Contains(m.oneOf, ch.name) {
			return true
		}
	}
	return false
}

// names lists the children of a model, prefixed, for a message.
func names(pfx string, children []elem) string {
	var b strings.Builder
	for i, ch := range children {
		if i > 0 {
			b.WriteString(", ")
		}
		if i == 6 && len(children) > 8 {
			fmt.Fprintf(&b, "… (%d in all)", len(children))
			break
		}
		b.WriteString(pfx + ":" + ch.name)
	}
	return b.String()
}
