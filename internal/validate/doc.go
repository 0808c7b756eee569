// Package validate checks sitemap files and sitemap indexes against the
// Sitemaps 0.9 protocol, as its official schemas and limits define it,
// without an XML schema engine; and the protocol's other forms of a
// sitemap, text sitemaps (text.go) and RSS and Atom feeds (feed.go).
//
// # Files
//
// A path the caller names is followed where it points ([Read], [Check]'s
// paths); the files found from it (a folder's files, an index entry's
// file, the site's pages and robots.txt with Options.Site) are opened
// inside their folder through package fsx: a symbolic link out of it is
// refused, and nothing of its target is read.
//
// # What is checked
//
// [Check] reads each file once, as a stream (a 50,000-URL gzipped file is
// never held whole in memory), and reports:
//
//   - a gzip stream that cannot be read (a file is gzip when its first
//     bytes say so, whatever its name; a name that says otherwise is
//     advice), XML that is not well-formed (a DOCTYPE declaration read
//     by XML's grammar, which encoding/xml leaves unread: dtd.go), a
//     declared encoding other than UTF-8;
//   - the root element: <urlset> or <sitemapindex> in the sitemaps.org
//     namespace ([sitemap.Namespace]);
//   - the elements and their order as sitemap.xsd and siteindex.xsd give
//     them: loc, then lastmod, changefreq, priority, then extension
//     elements of other namespaces (xhtml:link, image:, video:, news:);
//   - the values: loc an absolute http(s) URL of 12 to 2,047 characters
//     (an IRI, with characters beyond ASCII, taken and given advice to
//     percent-encode them: iri.go),
//     lastmod a W3C Datetime (a date, or a date and time with a zone),
//     changefreq one of the seven
//     words, priority a decimal from 0.0 to 1.0, xhtml:link alternates with
//     an absolute href and a hreflang;
//   - the limits: [sitemap.MaxURLs] entries and [sitemap.MaxBytes]
//     uncompressed bytes a file, [sitemap.MaxNewsURLs] news articles a
//     file (Check stops reading a file past
//     [sitemap.MaxBytes], compressed or not, and past [MaxDepth] and
//     [MaxElements]; see [Options]);
//   - a URL listed twice, in one file or across the files of one run
//     (each <loc> kept as a hash: [locSet]); the articles of a news
//     sitemap (a <url> with <news:news>) apart from the others, as a
//     news sitemap lists again pages the other sitemaps list;
//   - with [Options.BaseURL], the protocol's scope (a sitemap lists only
//     URLs under its own folder) and index entries naming a missing file;
//   - an index entry with a ".." segment, written or percent-encoded;
//   - with [Options.Site], URLs that no file of the built site serves, and
//     URLs its robots.txt disallows for Googlebot, Bingbot or *;
//   - the hreflang clusters of the xhtml:link alternates, across all the
//     files of a run, by internal/hreflang's Checker (as a build checks
//     them): each alternate a <loc> of the files listing the page back,
//     each page in its own cluster, one x-default and one URL a
//     language, BCP 47 codes; with [Options.Site], no alternate whose
//     page is noindex, a redirect, canonical elsewhere or missing, as the
//     build's mapping judges it. Only the URLs that have alternates keep
//     their links until the files are read.
//   - the image, video and news extensions, against their schemas'
//     content models (extension.go).
//
// # Kinds and readers
//
// Each problem is of a stable kind and of one severity, error or advice
// (kinds.go, the one table of kinds). The image, video and news extensions
// are held to their schemas' content models, written as data
// (extension.go: one reader, model, for every element of them).
//
// [Read] is the same streaming reader, within the same limits, and hands
// out each entry's values, for diff. Each file found in a folder, or named
// by an index, is opened inside that folder (candidate.in). Without a base
// URL, an index's entries are matched to files by their path below the
// index's own location, inferred from where its entries' files are. With
// Options.Recorded (the writer's record, given by the commands), an index
// entry that names no file sitemapgen recorded in the folder is another
// application's sitemap (index.extra), and is not looked for.
package validate
