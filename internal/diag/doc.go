// Package diag is the one shape of sitemapgen's messages about a place in
// a file: the path first, then the line, as compilers, gofmt and go vet
// print them, so that an editor or a CI log viewer jumps to the place:
//
//	sitemap.yaml:3: unknown key "chanegfreq" (did you mean "changefreq"?)
//	vercel.json:12: warning: redirect rule never matches
//	content/post.md:2: warning: date "yesterday" is not a date
//	public/old.html: warning: cannot read the page: permission denied; not listed
//
// A problem without a place keeps the program's name in front:
//
//	sitemapgen: no base URL: the sitemap needs the absolute URL the site is served at
//
// # Errors
//
// A [*Diagnostic] is an error with a place. Wrapped by callers with %w, it
// still prints path first: [Format] finds it in the chain and moves its
// place to the front ("lastmod source hash: state.json:3:9: bad value"
// prints as "state.json:3:9: lastmod source hash: bad value").
//
// # Excerpts
//
// [Excerpt] is the most of an untrusted value a message quotes: 80 bytes.
// URLs are quoted by [URL], whole up to the protocol's 2,048 bytes, their
// user information (a token in https://user:TOKEN@host/) never shown:
// every message and comment that shows a URL a flag, a variable, a
// platform or a configuration gives goes through it. Control characters
// are escaped ([Escape]). [DecoderMessage] turns a TOML, YAML or JSON
// decoder's message, which may quote a value whole, into what a message
// quotes: each value an excerpt, at most 240 bytes.
package diag
