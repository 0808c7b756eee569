// Package htmlhead reads the <head> of a built HTML page: its robots
// directives, a meta refresh, the canonical link, hreflang alternates and
// a modified time. It decides nothing: mapping applies the inclusion
// policy to what [Head] reports.
//
// # Reading a head
//
// [HeadReader] reads a page in growing chunks, from 4 KiB up to its limit
// (64 KiB by default), and stops as soon as the head has ended: at </head>,
// at <body>, or at the first element or text that cannot be in a head. It
// tokenizes as the HTML standard says a browser does (lex.go; no regular
// expressions over HTML), checked token for token against
// golang.org/x/net/html's tokenizer by FuzzLexer, and about ten times as
// fast: a head is mostly quoted attribute values, which it skips with
// bytes.IndexByte (BenchmarkHeadLexers: 1.2 µs for a typical 1.7 KB head,
// against 2.9 µs for github.com/tdewolff/parse/v2/html and 13 µs for
// x/net/html). A tag counts only once it is complete, so a head cut off by
// the limit never yields half an attribute; the head is then marked
// Truncated. URLs in a page that declares another charset than UTF-8 are
// decoded from it (golang.org/x/net/html/charset). A head with no meta
// refresh has one more look, in the bytes already read past its end: a
// layout that wraps a redirect stub puts the stub's refresh in the body,
// which a browser follows too ([HeadReader.Read]). A search for a rare
// letter's word skips the body of every other page at the memory's
// speed: 280 instructions of 34,000 for a typical page's first 4 KiB
// (valgrind's count of BenchmarkHeadLexers/HeadReader).
//
// # Whole pages
//
// The same tokenizer reads whole pages for what else a build asks of
// them: [LinkReader] their links, for audit and for what a list page
// shows (each link's place in the markup, when asked); [ImageReader] the images they
// show; [StructuredReader] what they say of their videos and of
// themselves as articles (JSON-LD, Open Graph, <video> elements), for the
// video and news sitemaps. Each is reused from page to page.
//
// Any input is safe: malformed or binary content, invalid UTF-8 and empty
// files give a Head (with Problems) and never a panic.
//
// # The readers of whole pages
//
// [LinkReader] hands out a page's <a href> links with their lines and,
// when asked, their place: the names of the elements around each
// (places.go). places.go opens and closes elements as x/net/html's tree
// builder does, in a fixed amount of work a tag. FuzzLinks compares it
// with that tree builder on every page whose elements the tree keeps in
// the order of their tags: not where a table moves content in front of it,
// nor where misnested formatting elements are copied, nor with SVG,
// MathML, forms, frames or templates. LinkReader also gives the first
// <base href>, and with Others the href of another element too (<h2
// href>), for list pages; and of each link, the <article> it is in and
// whether it is in the article's title or its text (Link.Body).
//
// [ImageReader] gives the images a page shows: og:image, <img src> and
// srcset, <picture> sources; only the content of <main> or <article> when
// the page has it. [Srcset] is the standard's srcset parser.
//
// [StructuredReader] gives what a page says of its videos and of itself as
// an article: its JSON-LD, read by its own scanner (jsonld.go, which
// FuzzJSONLD holds to encoding/json), og:video, <video> elements,
// article:published_time, its title and <html lang>, as written. It reads
// in the same pass of the tokenizer as the head (HeadReader.ReadPage).
//
// The head's Fragment field tells a page that is no page: no doctype, no
// <html>, <head>, <body> or head element, and nothing of its own to show
// but a template's directives.
package htmlhead
