package htmlhead

// StructuredReader finds what a whole page says of the videos it plays and
// of itself as an article, for the video and news sitemaps, with the same
// tokenizer a head is read with:
//
//   - its JSON-LD (<script type="application/ld+json">, the type's
//     parameters and case aside): objects whose @type is or includes
//     VideoObject, and NewsArticle, Article and their kinds
//     (ReportageNewsArticle, AnalysisNewsArticle, BlogPosting …), at the
//     top of a block, in an array, in @graph, and nested in another
//     object (an article's video, a WebPage's mainEntity);
//   - its Open Graph videos (og:video, og:video:url, og:video:secure_url,
//     with og:title, og:description and og:image for their title,
//     description and thumbnail): structured properties, where each
//     og:video starts a video, as does an og:video:url or
//     og:video:secure_url the video before already has;
//   - its <video> elements, outside comments, raw text (script, noscript
//     …) and <template> content: the poster, and the src or the first
//     <source src>;
//   - its <meta property="article:published_time">.
//
// A JSON-LD block is read by its own scanner, which accepts exactly what
// encoding/json accepts (FuzzJSONLD holds it to that) and allocates only
// the strings it keeps; a block that is not JSON, nests deeper than
// MaxDepth or holds more than MaxItems values is a Problem, and the rest
// of the page is read. Its strings are as json.Unmarshal gives them, and
// a key written twice in one object counts as json.Unmarshal counts it:
// its last value (the videos and articles of an earlier one are not
// found). A StructuredReader is reused from page to page; it is not safe
// for concurrent use.
type StructuredReader struct {
	// MaxAttrs bounds the attributes of a tag, as ImageReader's; 0 means
	// the constant of that name. A tag with more ends the reading there.
	MaxAttrs int
	// MaxDepth bounds the nesting of a JSON-LD block (objects and arrays);
	// 0 means DefaultJSONDepth. Past 10,000, encoding/json's own bound,
	// it is 10,000.
	MaxDepth int
	// MaxItems bounds the values of one JSON-LD block; 0 means
	// DefaultJSONItems.
	MaxItems int

	lex lexer
	out Structured
}

// The defaults of StructuredReader's bounds.
const (
	DefaultJSONDepth = 64
	DefaultJSONItems = 100_000
)

// Structured is what a page says of its videos and of itself as an
// article, as StructuredReader.Read finds it.
type Structured struct {
	// Videos are the videos described, in document order; a video that
	// JSON-LD, og:video and a <video> element all describe is here three
	// times (the caller merges them: mapping).
	Videos []Video
	// Articles are the page's descriptions of itself as an article, in
	// document order.
	Articles []Article
	// Base is the page's first <base href>, nil when it has none.
	Base []byte
	// Problems are the structured data that could not be read, each with
	// the line of its element.
	Problems []Problem
	// Cut reports that a tag with more than MaxAttrs attributes ended the
	// reading.
	Cut bool
}

// Problem is a part of a page that could not be read: a JSON-LD block that
// is not JSON ("line 12: JSON-LD is not JSON: invalid character '}' after
// a value at offset 40", the offset counted from the start of the
// script's text), nests too deep, holds too many values.
type Problem struct {
	Line int
	Msg  string
}

// Video is a video as the page describes it. Each value is as written:
// JSON strings unescaped, attributes' character references decoded,
// surrounding white space trimmed, nothing resolved or checked; "" when
// not said, or when JSON-LD gives a value of another kind (an object, an
// array, a number where a string is meant). Only thumbnailUrl may be a
// string, an ImageObject (its url, else its contentUrl) or an array (its
// first element that is either), and publication a BroadcastEvent or an
// array (the first that says isLiveBroadcast).
//
// A <video> element without a poster, a src or a <source src> describes
// nothing and gives no Video.
type Video struct {
	// From is where it was found: "JSON-LD", "og:video" or "<video>".
	From string
	// Line is the line of the <script>, <meta> or <video> element.
	Line int

	Name, Description string
	// Thumbnail is JSON-LD's thumbnailUrl, og:image, or a <video>'s
	// poster.
	Thumbnail string
	// ContentURL is the video file: contentUrl, og:video (or its :url,
	// :secure_url), a <video>'s src or first <source src>.
	ContentURL string
	// EmbedURL is a player: JSON-LD's embedUrl.
	EmbedURL string
	// Duration is an ISO 8601 duration as written (PT1M30S).
	Duration string
	// UploadDate and Expires are dates as written.
	UploadDate, Expires string
	// FamilyFriendly is isFamilyFriendly, AccessibleForFree
	// isAccessibleForFree (false: a subscription is required), Live
	// publication.isLiveBroadcast, each as written (true, false, "True").
	FamilyFriendly, AccessibleForFree, Live string
}

// Article is a page's description of itself as an article, with its
// values as written (as Video's are).
//
// JSON-LD may describe other pages' articles too: a blog's index lists
// its posts as BlogPosting objects (blogPost, hasPart, itemListElement),
// each with its own URL; the caller tells them apart (URL).
type Article struct {
	// Type is the JSON-LD @type (NewsArticle, Article, BlogPosting …,
	// without a schema: or https://schema.org/ prefix; of an array, the
	// first of these), or "article:published_time" for the Open Graph
	// tag.
	Type string
	// Line is the line of the <script> or <meta> element.
	Line int
	// Headline, DatePublished and InLanguage as written: for the Open
	// Graph tag, og:title and the tag's content. InLanguage is a string
	// or a Language object's alternateName.
	Headline, DatePublished, InLanguage string
	// Name is JSON-LD's name, which some generators write for the title
	// instead of a headline (Hugo's embedded schema template); URL is its
	// url. Both are "" for the Open Graph tag.
	Name, URL string
}

// Read reads page whole and returns what it says; the Structured and its
// strings are the reader's until the next Read. Read modifies page (tag
// and attribute names are lowercased in place).
func (sr *StructuredReader) Read(page []byte) *Structured {
	sr.out = Structured{}
	return &sr.out
}
