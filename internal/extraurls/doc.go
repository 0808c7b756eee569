// Package extraurls reads the records of extra URLs: the pages a build's
// files do not show (a product from an API, a route a server renders),
// given by a file or by the output of a command (--extra-urls,
// --extra-urls-command), one record a line, in one of three formats:
//
//   - text: one absolute URL a line; blank lines and lines whose first
//     character other than a space is # are skipped;
//   - JSON lines (.jsonl, .ndjson): one object a line, with the
//     sitemap's own element names: loc (required), lastmod, changefreq,
//     priority (a number or a string), alternates ([{"hreflang": "de",
//     "href": "https://…"}]) and images ([{"loc": "https://…"}]); blank
//     lines and # comments are skipped, an unknown key is an error (a
//     key is matched exactly: "LOC" is not loc);
//   - CSV (.csv): a header row naming the columns, loc required, the
//     others among lastmod, changefreq, priority, alternates (space
//     separated hreflang=href pairs) and images (space separated URLs).
//
// A file's format is its name's extension ([FormatOf]); a command's output
// is sniffed ([Sniff]). Each record's values are checked as the pages'
// are: loc and every URL an absolute http(s) URL, normalized as mapping
// normalizes a page's (mapping.NormalizeURL); lastmod a date
// frontmatter.ParseDate reads (a date without a zone is UTC, none is
// guessed); changefreq and priority the protocol's values; each hreflang
// a valid code (internal/hreflang). A line that breaks one is an error at
// its line: "NAME:LINE: what is wrong", quoting the value as a message
// quotes one (a URL whole up to the protocol's bound, else an excerpt,
// control characters escaped: diag.URL, diag.Excerpt); read by
// [ReadUnquoted], a file the repository's settings name, it quotes
// nothing of the line, and says what was expected. Whether a URL is
// under the base URL, short enough and allowed by robots.txt is the
// build's to judge, as it is for a page.
//
// [Read] streams: one line in memory at a time, at most [MaxLine] bytes.
package extraurls
