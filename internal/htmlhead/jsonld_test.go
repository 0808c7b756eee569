package htmlhead

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
)

// readBlock reads one JSON-LD block with the scanner, at the given
// bounds (0: the defaults), as a StructuredReader does.
func readBlock(block []byte, maxDepth, maxItems int) (vs []Video, as []Article, ok bool, r *jsonLD) {
	r = &jsonLD{videos: &vs, articles: &as, maxDepth: maxDepth, maxItems: maxItems}
	if r.maxDepth == 0 {
		r.maxDepth = DefaultJSONDepth
	}
	if r.maxItems == 0 {
		r.maxItems = DefaultJSONItems
	}
	ok = r.read(block, 1)
	return vs, as, ok, r
}

// oracleBlock finds a block's videos and articles, by the reader's
// rules, in the value json.Unmarshal makes of it (numbers as written,
// with UseNumber): the reader's results must be these. A map has no
// order, so neither have the finds: they are sorted.
func oracleBlock(block []byte) (vs []Video, as []Article) {
	dec := json.NewDecoder(bytes.NewReader(block))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		panic(fmt.Sprintf("oracle given a block json.Valid takes: %v", err))
	}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			video, article := oracleTypes(v["@type"])
			if video {
				vs = append(vs, Video{
					From: "JSON-LD", Line: 1,
					Name:              oracleText(v["name"]),
					Description:       oracleText(v["description"]),
					Thumbnail:         oracleThumbnail(v["thumbnailUrl"]),
					ContentURL:        oracleText(v["contentUrl"]),
					EmbedURL:          oracleText(v["embedUrl"]),
					Duration:          oracleText(v["duration"]),
					UploadDate:        oracleText(v["uploadDate"]),
					Expires:           oracleText(v["expires"]),
					FamilyFriendly:    oracleFlagText(v["isFamilyFriendly"]),
					AccessibleForFree: oracleFlagText(v["isAccessibleForFree"]),
					Live:              oracleLive(v["publication"]),
				})
			}
			if article != "" {
				lang := oracleText(v["inLanguage"])
				if m, ok := v["inLanguage"].(map[string]any); ok {
					lang = oracleText(m["alternateName"])
				}
				as = append(as, Article{
					Type: article, Line: 1,
					Headline:      oracleText(v["headline"]),
					DatePublished: oracleText(v["datePublished"]),
					InLanguage:    lang,
					Name:          oracleText(v["name"]),
					URL:           oracleText(v["url"]),
				})
			}
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(doc)
	sortFinds(vs, as)
	return vs, as
}

// sortFinds sorts videos and articles by all their fields.
func sortFinds(vs []Video, as []Article) {
	slices.SortFunc(vs, func(a, b Video) int { return strings.Compare(fmt.Sprintf("%#v", a), fmt.Sprintf("%#v", b)) })
	slices.SortFunc(as, func(a, b Article) int { return strings.Compare(fmt.Sprintf("%#v", a), fmt.Sprintf("%#v", b)) })
}

// oracleTypes says whether a @type value names VideoObject, and the
// first article type it names.
func oracleTypes(t any) (video bool, article string) {
	var names []string
	switch t := t.(type) {
	case string:
		names = []string{t}
	case []any:
		for _, e := range t {
			if s, ok := e.(string); ok {
				names = append(names, s)
			}
		}
	}
	for _, n := range names {
		for _, p := range []string{"schema:", "https://schema.org/", "http://schema.org/"} {
			if strings.HasPrefix(n, p) {
				n = n[len(p):]
				break
			}
		}
		if n == "VideoObject" {
			video = true
		}
		if a := articleType([]byte(n)); a != "" && article == "" {
			article = a
		}
	}
	return video, article
}

func oracleText(v any) string {
	s, _ := v.(string)
	return strings.TrimSpace(s)
}

// oracleFlag returns a string, number or boolean as written, and
// whether v is one of those.
func oracleFlag(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return strings.TrimSpace(v), true
	case json.Number:
		return string(v), true
	case bool:
		return fmt.Sprint(v), true
	}
	return "", false
}

func oracleThumbnail(v any) string {
	one := func(v any) (string, bool) {
		switch v := v.(type) {
		case string:
			return strings.TrimSpace(v), true
		case map[string]any:
			if s, ok := v["url"].(string); ok {
				return strings.TrimSpace(s), true
			}
			if s, ok := v["contentUrl"].(string); ok {
				return strings.TrimSpace(s), true
			}
		}
		return "", false
	}
	if a, ok := v.([]any); ok {
		for _, e := range a {
			if s, ok := one(e); ok {
				return s
			}
		}
		return ""
	}
	s, _ := one(v)
	return s
}

func oracleLive(v any) string {
	switch v := v.(type) {
	case map[string]any:
		s, _ := oracleFlag(v["isLiveBroadcast"])
		return s
	case []any:
		for _, e := range v {
			if m, ok := e.(map[string]any); ok {
				if s, ok := oracleFlag(m["isLiveBroadcast"]); ok {
					return s
				}
			}
		}
	}
	return ""
}

// oracleFlag's first result, for a field.
func oracleFlagText(v any) string { s, _ := oracleFlag(v); return s }

// jsonSeeds are blocks of every shape the reader handles, for the table
// tests and to seed FuzzJSONLD.
var jsonSeeds = []string{
	`{"@context":"https://schema.org","@type":"VideoObject","name":"A","thumbnailUrl":"t.jpg","contentUrl":"v.mp4"}`,
	`[{"@type":"NewsArticle","headline":"H","datePublished":"2024-01-02"},{"@type":"VideoObject","name":"V"}]`,
	`{"@context":"https://schema.org","@graph":[{"@type":"WebPage","mainEntity":{"@type":"Article","headline":"x","video":[{"@type":"VideoObject","name":"n1"},{"@type":"VideoObject","name":"n2"}]}}]}`,
	`{"@type":["WebPage","schema:VideoObject","https://schema.org/BlogPosting"],"name":" both ","headline":"h"}`,
	`{"@type":"VideoObject","thumbnailUrl":[{"@type":"ImageObject","contentUrl":"c.jpg"},"s.jpg"],"publication":[{"@type":"BroadcastEvent"},{"isLiveBroadcast":true}]}`,
	`{"@type":"VideoObject","thumbnailUrl":{"url":5,"contentUrl":"c"},"isFamilyFriendly":"True","isAccessibleForFree":false,"publication":{"isLiveBroadcast":1e999}}`,
	`{"@type":"VideoObject","name":"a\u0026b\ud83d\ude00\ud800x\udc00\/\"","description":{"x":1},"duration":["PT1M"],"uploadDate":null,"expires":-0}`,
	`{"@type":"ReportageNewsArticle","inLanguage":{"@type":"Language","name":"English","alternateName":"en"},"url":"https://example.com/a"}`,
	`{"video":{"@type":"VideoObject","name":"first"},"video":{"@type":"VideoObject","name":"second"}}`,
	`{"@type":"VideoObject","name":"a","name":"b","@type":"Thing"}`,
	`{"n\u0061me":"escaped key","@type":"VideoObject","\u0040type":"Article","headline":"t"}`,
	"{\"@type\":\"VideoObject\",\"name\":\"bad \xff utf-8 \xed\xa0\x80\"}",
	`[[[{"@type":"VideoObject"}]],{"hasPart":[{"@type":"TechArticle"},{"@type":"LiveBlogPosting"}]}]`,
	`"just a string"`, `0`, `-0.5e+10`, `true`, `null`, `[]`, `{}`, ` [ 1 , 2 ] `,
	`{"a":`, `{"a" 1}`, `{"a":1,}`, `[1,]`, `[01]`, `[1.]`, `[.5]`, `[1e]`, `[+1]`, `"\x"`, `"\'"`, `"\u12g4"`, "\"a\tb\"", `tru`, `nul`, `{"a":1}}`, `[1]x`, `'a'`, "\xef\xbb\xbf{}", ``, `   `,
}

// TestJSONLDOracle reads each seed with the scanner and with
// encoding/json: the same verdict, and, when it is JSON, the same finds.
func TestJSONLDOracle(t *testing.T) {
	for _, s := range jsonSeeds {
		checkJSONLD(t, []byte(s), maxJSONDepth, 0)
	}
}

// checkJSONLD is FuzzJSONLD's property for one block.
func checkJSONLD(t *testing.T, block []byte, maxDepth, maxItems int) {
	t.Helper()
	vs, as, ok, r := readBlock(block, maxDepth, maxItems)
	if !ok && r.bound {
		return // over a bound: a Problem of its own, not a verdict on the JSON
	}
	if valid := json.Valid(block); ok != valid {
		t.Fatalf("block %q: scanner says %v (%s), json.Valid says %v", block, ok, r.msg, valid)
	}
	if !ok {
		if len(vs) > 0 || len(as) > 0 || !strings.HasPrefix(r.msg, "JSON-LD is") {
			t.Fatalf("block %q: not JSON (%s), yet found %v %v", block, r.msg, vs, as)
		}
		return
	}
	sortFinds(vs, as)
	wantV, wantA := oracleBlock(block)
	if !slices.Equal(vs, wantV) {
		t.Fatalf("block %q: videos\n%#v\nencoding/json gives\n%#v", block, vs, wantV)
	}
	if !slices.Equal(as, wantA) {
		t.Fatalf("block %q: articles\n%#v\nencoding/json gives\n%#v", block, as, wantA)
	}
}

// FuzzJSONLD holds the scanner to encoding/json: it takes a block iff
// json.Valid does (but for a block over its bounds, which it says is),
// and each string it keeps is what json.Unmarshal gives at that place.
func FuzzJSONLD(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, block []byte) {
		defer fuzzbound.Check(t)()
		checkJSONLD(t, block, maxJSONDepth, 0)
		checkJSONLD(t, block, 3, 20) // the bounds, reached often
	})
}

func TestJSONLDShapes(t *testing.T) {
	type finds struct {
		videos   []Video
		articles []Article
	}
	v := func(name string) Video { return Video{From: "JSON-LD", Line: 1, Name: name} }
	tests := []struct {
		name, block string
		want        finds
	}{
		{"top-level object", `{"@context":"https://schema.org","@type":"VideoObject","name":"Launch","description":"The launch.","thumbnailUrl":"https://example.com/t.jpg","contentUrl":"https://example.com/v.mp4","embedUrl":"https://example.com/player?v=1","duration":"PT1M54S","uploadDate":"2024-03-31T08:00:00+08:00","expires":"2030-01-01","isFamilyFriendly":true,"isAccessibleForFree":"False","publication":{"@type":"BroadcastEvent","isLiveBroadcast":false}}`,
			finds{videos: []Video{{From: "JSON-LD", Line: 1, Name: "Launch", Description: "The launch.", Thumbnail: "https://example.com/t.jpg", ContentURL: "https://example.com/v.mp4",
				EmbedURL: "https://example.com/player?v=1", Duration: "PT1M54S", UploadDate: "2024-03-31T08:00:00+08:00", Expires: "2030-01-01", FamilyFriendly: "true", AccessibleForFree: "False", Live: "false"}}}},
		{"top-level array", `[{"@type":"BreadcrumbList"},{"@type":"VideoObject","name":"a"},{"@type":"VideoObject","name":"b"}]`,
			finds{videos: []Video{v("a"), v("b")}}},
		{"@graph", `{"@context":"https://schema.org","@graph":[{"@type":"WebSite"},{"@type":"NewsArticle","headline":"Big news","datePublished":"2024-05-01T10:00:00Z","inLanguage":"en-GB"}]}`,
			finds{articles: []Article{{Type: "NewsArticle", Line: 1, Headline: "Big news", DatePublished: "2024-05-01T10:00:00Z", InLanguage: "en-GB"}}}},
		{"nested: an article's video, a page's mainEntity, in document order", `{"@type":"WebPage","mainEntity":{"@type":"BlogPosting","headline":"h","video":[{"@type":"VideoObject","name":"1","hasPart":{"@type":"VideoObject","name":"1a"}},{"@type":"VideoObject","name":"2"}]},"video":{"@type":"VideoObject","name":"3"}}`,
			finds{videos: []Video{v("1"), v("1a"), v("2"), v("3")}, articles: []Article{{Type: "BlogPosting", Line: 1, Headline: "h"}}}},
		{"@type array and prefixes", `[{"@type":["Thing","schema:VideoObject"],"name":"a"},{"@type":"http://schema.org/VideoObject","name":"b"},{"@type":"https://schema.org/VideoObject","name":"c"},{"@type":"https://schema.org/videoobject","name":"no: case"},{"@type":"schema.org/VideoObject","name":"no: prefix"},{"@type":{"@id":"VideoObject"},"name":"no: object"}]`,
			finds{videos: []Video{v("a"), v("b"), v("c")}}},
		{"both kinds", `{"@type":["VideoObject","OpinionNewsArticle","NewsArticle"],"name":"n","headline":"h"}`,
			finds{videos: []Video{v("n")}, articles: []Article{{Type: "OpinionNewsArticle", Line: 1, Headline: "h", Name: "n"}}}},
		{"@type last", `{"name":"n","@type":"VideoObject"}`, finds{videos: []Video{v("n")}}},
		{"article kinds", `[{"@type":"Article"},{"@type":"AnalysisNewsArticle"},{"@type":"AskPublicNewsArticle"},{"@type":"BackgroundNewsArticle"},{"@type":"ReportageNewsArticle"},{"@type":"ReviewNewsArticle"},{"@type":"Report"},{"@type":"ScholarlyArticle"},{"@type":"SocialMediaPosting"},{"@type":"WebPage"}]`,
			finds{articles: []Article{{Type: "Article", Line: 1}, {Type: "AnalysisNewsArticle", Line: 1}, {Type: "AskPublicNewsArticle", Line: 1}, {Type: "BackgroundNewsArticle", Line: 1},
				{Type: "ReportageNewsArticle", Line: 1}, {Type: "ReviewNewsArticle", Line: 1}, {Type: "Report", Line: 1}, {Type: "ScholarlyArticle", Line: 1}}}},
		{"thumbnailUrl forms", `[{"@type":"VideoObject","thumbnailUrl":["a.jpg","b.jpg"]},{"@type":"VideoObject","thumbnailUrl":{"@type":"ImageObject","url":"u.jpg","contentUrl":"c.jpg"}},{"@type":"VideoObject","thumbnailUrl":{"contentUrl":"c.jpg"}},{"@type":"VideoObject","thumbnailUrl":[1,{"width":3},{"url":"third.jpg"},"fourth.jpg"]},{"@type":"VideoObject","thumbnailUrl":[]},{"@type":"VideoObject","thumbnailUrl":[["nested.jpg"]]}]`,
			finds{videos: []Video{{From: "JSON-LD", Line: 1, Thumbnail: "a.jpg"}, {From: "JSON-LD", Line: 1, Thumbnail: "u.jpg"}, {From: "JSON-LD", Line: 1, Thumbnail: "c.jpg"}, {From: "JSON-LD", Line: 1, Thumbnail: "third.jpg"}, v(""), v("")}}},
		{"publication.isLiveBroadcast", `[{"@type":"VideoObject","publication":{"isLiveBroadcast":true}},{"@type":"VideoObject","publication":[{"name":"none"},{"isLiveBroadcast":"True"},{"isLiveBroadcast":false}]},{"@type":"VideoObject","publication":{"isLiveBroadcast":null}},{"@type":"VideoObject","isLiveBroadcast":true}]`,
			finds{videos: []Video{{From: "JSON-LD", Line: 1, Live: "true"}, {From: "JSON-LD", Line: 1, Live: "True"}, v(""), v("")}}},
		{"values of the wrong kind are empty", `{"@type":"VideoObject","name":{"@value":"x"},"description":["d"],"contentUrl":42,"duration":true,"uploadDate":null,"isFamilyFriendly":{"x":true},"isAccessibleForFree":[true]}`,
			finds{videos: []Video{v("")}}},
		{"numbers as written", `{"@type":"VideoObject","isFamilyFriendly":1,"isAccessibleForFree":-0.0e+00}`,
			finds{videos: []Video{{From: "JSON-LD", Line: 1, FamilyFriendly: "1", AccessibleForFree: "-0.0e+00"}}}},
		{"white space trimmed", "{\"@type\":\"VideoObject\",\"name\":\" \\n\\t spaced \\u00a0\\u2003 \",\"description\":\"   \"}",
			finds{videos: []Video{v("spaced")}}},
		{"escapes as html/template writes them", `{"@type":"NewsArticle","headline":"Tom \u0026 Jerry\u0027s \u003cb\u003e\/ \u002b","url":"https:\/\/example.com\/a?b=1\u0026c=2"}`,
			finds{articles: []Article{{Type: "NewsArticle", Line: 1, Headline: "Tom & Jerry's <b>/ +", URL: "https://example.com/a?b=1&c=2"}}}},
		{"lone surrogates, as encoding/json", `{"@type":"VideoObject","name":"\ud800 \udc00 \ud83d\ude00 \ud83d\u0041 \ud83d"}`,
			finds{videos: []Video{v("\uFFFD \uFFFD 😀 \uFFFDA \uFFFD")}}},
		{"invalid UTF-8, as encoding/json", "{\"@type\":\"VideoObject\",\"name\":\"a\xffb\xed\xa0\x80c\"}",
			finds{videos: []Video{v("a\uFFFDb\uFFFD\uFFFD\uFFFDc")}}},
		{"inLanguage", `[{"@type":"Article","inLanguage":"fr"},{"@type":"Article","inLanguage":{"@type":"Language","name":"English","alternateName":"en"}},{"@type":"Article","inLanguage":["de"]}]`,
			finds{articles: []Article{{Type: "Article", Line: 1, InLanguage: "fr"}, {Type: "Article", Line: 1, InLanguage: "en"}, {Type: "Article", Line: 1}}}},
		{"a key given twice: its last value", `{"@type":"VideoObject","name":"first","name":"last","thumbnailUrl":{"url":"a"},"thumbnailUrl":7}`,
			finds{videos: []Video{v("last")}}},
		{"a key given twice: the videos of an earlier value are not found", `{"video":{"@type":"VideoObject","name":"gone"},"x":{"@type":"VideoObject","name":"kept"},"vid\u0065o":[{"@type":"VideoObject","name":"second"}]}`,
			finds{videos: []Video{v("kept"), v("second")}}},
		{"@type given twice", `[{"@type":"VideoObject","@type":"Thing"},{"@type":"Thing","@type":"VideoObject","name":"b"}]`,
			finds{videos: []Video{v("b")}}},
		{"keys past linearDups", manyKeys(40), finds{videos: []Video{v("0"), v("2"), v("1b")}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vs, as, ok, r := readBlock([]byte(tt.block), 0, 0)
			if !ok {
				t.Fatalf("not read: %s", r.msg)
			}
			if !slices.Equal(vs, tt.want.videos) {
				t.Errorf("videos\n%#v\nwant\n%#v", vs, tt.want.videos)
			}
			if !slices.Equal(as, tt.want.articles) {
				t.Errorf("articles\n%#v\nwant\n%#v", as, tt.want.articles)
			}
			checkJSONLD(t, []byte(tt.block), 0, 0)
		})
	}
}

// manyKeys returns an object of n keys whose values are videos, with
// keys 1 and 3 given again at the end: "1" with another video, "3"
// with none.
func manyKeys(n int) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		fmt.Fprintf(&b, `"%d":{"@type":"VideoObject","name":"%d"},`, i, i)
	}
	b.WriteString(`"1":{"@type":"VideoObject","name":"1b"}`)
	for i := 3; i < n; i++ {
		fmt.Fprintf(&b, `,"%d":null`, i)
	}
	b.WriteString("}")
	return b.String()
}

func TestJSONLDProblems(t *testing.T) {
	tests := []struct{ block, msg string }{
		{``, "JSON-LD is empty"},
		{" \n\t ", "JSON-LD is empty"},
		{`{"a":1,}`, `JSON-LD is not JSON: invalid character '}' looking for a key at offset 7`},
		{`[1,]`, `JSON-LD is not JSON: invalid character ']' looking for a value at offset 3`},
		{`{"a" 1}`, `JSON-LD is not JSON: invalid character '1' after a key at offset 5`},
		{`{"a":1 "b":2}`, `JSON-LD is not JSON: invalid character '"' after a value at offset 7`},
		{`{"a":[1,2}`, `JSON-LD is not JSON: invalid character '}' after a value at offset 9`},
		{`{"a":"b"`, `JSON-LD is not JSON: unexpected end of input at offset 8`},
		{`{"a":"b`, `JSON-LD is not JSON: unexpected end of input at offset 7`},
		{`[01]`, `JSON-LD is not JSON: invalid character '1' after a value at offset 2`},
		{`[-]`, `JSON-LD is not JSON: invalid character ']' in a number at offset 2`},
		{`[1.e5]`, `JSON-LD is not JSON: invalid character 'e' in a number at offset 3`},
		{`["a\qb"]`, `JSON-LD is not JSON: invalid character 'q' in an escape at offset 4`},
		{`["\'"]`, `JSON-LD is not JSON: invalid character '\'' in an escape at offset 3`}, // encoding/json's unquote takes it, its scanner does not
		{`["\u00e"]`, `JSON-LD is not JSON: invalid character '"' in a \u escape at offset 7`},
		{"[\"a\nb\"]", `JSON-LD is not JSON: invalid byte 0x0a in a string at offset 3`},
		{`[True]`, `JSON-LD is not JSON: invalid character 'T' looking for a value at offset 1`},
		{`[nul]`, `JSON-LD is not JSON: invalid character ']' in a literal at offset 4`},
		{`{} {}`, `JSON-LD is not JSON: invalid character '{' after the top-level value at offset 3`},
		{`{'a':1}`, `JSON-LD is not JSON: invalid character '\'' looking for a key at offset 1`},
		{"\xef\xbb\xbf{}", `JSON-LD is not JSON: a byte-order mark looking for a value at offset 0`},
		{"[\xff]", `JSON-LD is not JSON: invalid byte 0xff looking for a value at offset 1`},
		{`<!-- {"a":1} -->`, `JSON-LD is not JSON: invalid character '<' looking for a value at offset 0`},
	}
	for _, tt := range tests {
		_, _, ok, r := readBlock([]byte(tt.block), 0, 0)
		if ok || r.msg != tt.msg {
			t.Errorf("block %q: read %v, %q; want %q", tt.block, ok, r.msg, tt.msg)
		}
		if json.Valid([]byte(tt.block)) {
			t.Errorf("block %q: json.Valid takes it", tt.block)
		}
	}
}

// TestJSONLDHostile reads blocks made to hurt: deep, long, large,
// unending. Each is a Problem or read, within fuzzbound's bounds, and
// what a bound stops is said to be the bound.
func TestJSONLDHostile(t *testing.T) {
	const million = 1_000_000
	tests := []struct {
		name  string
		block string
		msg   string // "" when the block is read
	}{
		{"10^6 [", strings.Repeat("[", million), "JSON-LD nests more than 64 arrays and objects (offset 64); the block is skipped"},
		{"10^6 [ closed", strings.Repeat("[", million) + strings.Repeat("]", million), "JSON-LD nests more than 64 arrays and objects (offset 64); the block is skipped"},
		{"10^6 objects deep", strings.Repeat(`{"a":`, million), "JSON-LD nests more than 64 arrays and objects (offset 320); the block is skipped"},
		{"64 deep is read", strings.Repeat("[", 64) + strings.Repeat("]", 64), ""},
		{"an array of 10^6", "[" + strings.Repeat("0,", million) + "0]", "JSON-LD holds more than 100000 values (offset 199999); the block is skipped"},
		{"an object of 10^6 keys", "{" + strings.Repeat(`"k":0,`, million) + `"k":0}`, "JSON-LD holds more than 100000 values (offset 599999); the block is skipped"},
		{"10^5 videos", "[" + strings.Repeat(`{"@type":"VideoObject"},`, 49_999) + "0]", ""},
		{"a string of 64 MiB", `{"@type":"VideoObject","name":"` + strings.Repeat("x", 64<<20) + `"}`, ""},
		{"an unterminated string", `{"name":"` + strings.Repeat("x", 1<<20), "JSON-LD is not JSON: unexpected end of input at offset 1048585"},
		{"escapes unending", `["` + strings.Repeat(`\u00`, 4), `JSON-LD is not JSON: invalid character '\\' in a \u escape at offset 6`},
		{"keys given again after many videos", repeatedKeys(12_000, 24_000), ""},
		{"videos nested 60 deep around 49,000", strings.Repeat(`{"@type":"VideoObject","v":`, 60) + "[" + strings.Repeat(`{"@type":"VideoObject"},`, 49_900) + "0]" + strings.Repeat("}", 60), ""},
		{"1e999, -0, 1E+2", `[1e999,-0,1E+2,-0.0,0e0]`, ""},
		{"a number of 10^6 digits", "[" + strings.Repeat("9", million) + "]", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer fuzzbound.Check(t)()
			vs, _, ok, r := readBlock([]byte(tt.block), 0, 0)
			if tt.msg == "" {
				if !ok {
					t.Errorf("not read: %s", r.msg)
				}
				if strings.HasPrefix(tt.name, "10^5") && len(vs) != 49_999 {
					t.Errorf("%d videos, want 49999", len(vs))
				}
				if strings.HasPrefix(tt.name, "videos nested") && len(vs) != 49_960 {
					t.Errorf("%d videos, want 49960", len(vs))
				}
				if strings.HasPrefix(tt.name, "keys given") && len(vs) != 24_000 {
					t.Errorf("%d videos, want 24000", len(vs))
				}
				if strings.HasPrefix(tt.name, "a string") && (len(vs) != 1 || len(vs[0].Name) != 64<<20) {
					t.Errorf("the name is not read whole")
				}
				return
			}
			if ok || r.msg != tt.msg {
				t.Errorf("read %v, %q; want %q", ok, r.msg, tt.msg)
			}
			if len(vs) > 0 {
				t.Errorf("a block not read gave %d videos", len(vs))
			}
		})
	}
}

// repeatedKeys returns an object of k keys whose values are videos,
// then m videos under other keys, then the k keys again with null: each
// repeat takes back one video from before the m others.
func repeatedKeys(k, m int) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range k {
		fmt.Fprintf(&b, `"k%d":{"@type":"VideoObject"},`, i)
	}
	for i := range m {
		fmt.Fprintf(&b, `"m%d":{"@type":"VideoObject"},`, i)
	}
	for i := range k {
		fmt.Fprintf(&b, `"k%d":null,`, i)
	}
	b.WriteString(`"end":0}`)
	return b.String()
}

// TestJSONLDDepthCap: a bound on nesting past encoding/json's own is
// that bound, so the scanner never takes what json.Valid does not.
func TestJSONLDDepthCap(t *testing.T) {
	deep := func(n int) []byte { return []byte(strings.Repeat("[", n) + strings.Repeat("]", n)) }
	_, _, ok, r := readBlock(deep(maxJSONDepth+1), 1<<20, 0)
	if ok || r.msg != "JSON-LD nests more than 10000 arrays and objects (offset 10000); the block is skipped" {
		t.Errorf("10001 levels: read %v, %q", ok, r.msg)
	}
	if json.Valid(deep(maxJSONDepth + 1)) {
		t.Errorf("json.Valid takes %d levels", maxJSONDepth+1)
	}
	if _, _, ok, r := readBlock(deep(maxJSONDepth), 1<<20, 0); !ok || !json.Valid(deep(maxJSONDepth)) {
		t.Errorf("10000 levels not read: %s", r.msg)
	}
}

// TestJSONLDAllocs: a block allocates only the strings kept, here the
// name and the thumbnail, which are not escaped (so one allocation
// each); the scanner's own memory is the reader's, reused.
func TestJSONLDAllocs(t *testing.T) {
	block := []byte(`{"@context":"https://schema.org","@graph":[{"@type":"WebPage","name":"skipped \u00e9","breadcrumb":{"@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"name":"Home"}]}},` +
		`{"@type":"VideoObject","name":"kept","thumbnailUrl":{"@type":"ImageObject","url":"https://example.com/t.jpg","width":1280}}]}`)
	var vs []Video
	var as []Article
	r := &jsonLD{videos: &vs, articles: &as, maxDepth: DefaultJSONDepth, maxItems: DefaultJSONItems}
	r.read(block, 1) // grows the reader's memory
	got := testing.AllocsPerRun(100, func() {
		vs = vs[:0]
		if !r.read(block, 1) || len(vs) != 1 {
			t.Fatal("not read")
		}
	})
	if got != 2 {
		t.Errorf("%v allocations a block, want 2 (the name and the thumbnail)", got)
	}
}
