// Package postbuild writes what a build writes besides its sitemaps, once
// they are written: the changes file (the URLs the build added, changed
// and removed since the previous one, for 'sitemapgen submit'), the
// IndexNow key file (KEY.txt), and an Atom 1.0 feed (RFC 4287) of the
// most recently modified URLs (feed.xml, [FeedName]). Each file is
// replaced atomically, and a failure here never touches the sitemap set.
//
// [Prepare] runs before the build: it reads the previous build, which the
// build is about to replace, and removes the previous changes file, so
// that a build that fails leaves none to be submitted again.
// [Outputs.Write] runs after the build has written its sitemaps.
//
// # Changes: the previous build
//
// Two records of it can be compared with a new build, each giving every URL
// it listed and the URL's lastmod as written: a URL is changed when its
// lastmod is (a URL without one, before or after, is never reported as
// changed). With the hash lastmod source, a page's lastmod changes exactly
// when its content does.
//
//   - the state file (package hashstate), when the build that saved it was
//     asked for a changes file: it survives a fresh clone on CI, where the
//     site folder is built from nothing, when it is cached or committed
//     ([PreviousFromState]);
//   - the sitemaps sitemapgen wrote in the output folder, before the build
//     replaces them: only files its record (.sitemapgen-files) lists, and
//     index entries under the base URL ([PreviousFromSitemaps]); another tool's
//     sitemap.xml is not a previous build.
//
// # Changes: the file format
//
// One URL a line, sorted by URL, each after a sign and a space: "+" added,
// "-" removed, "~" changed; a first comment line gives the base URL, for
// 'sitemapgen submit':
//
//	# base_url: https://example.com/
//	+ https://example.com/new/
//	~ https://example.com/posts/edited/
//	- https://example.com/gone/
//
// Lines starting with "#" and blank lines are comments.
//
// # The feed: what it is for
//
// A sitemap lists every page; the feed lists only the newest changes, the
// [FeedOptions.Limit] pages with the latest modification dates, each with its
// URL, title and date. Feed readers show it to people who follow the site,
// and crawlers that follow feeds fetch it more often than a large sitemap.
// Google's sitemap documentation lists Atom 1.0 among the sitemap formats it
// accepts, so the feed can also be submitted in Search Console, as a
// supplement to the sitemap (it names only recent pages), not a
// replacement; submitting either does not guarantee crawling or indexing.
//
// The feed is referenced from nothing: sitemapgen does not add it to
// robots.txt, to the sitemap index, or to any page. To announce it, link it
// from the site's pages, for example in their <head>:
//
//	<link rel="alternate" type="application/atom+xml" href="/feed.xml">
//
// # The feed: the document
//
// The feed's atom:id is its own URL ([FeedOptions.SelfURL], by default the base
// URL followed by feed.xml), not the base URL: the home page is usually one
// of the entries, and an entry's atom:id is its page's URL, so the base URL
// would name two things. Its atom:updated is the newest entry's date, its
// atom:author the site (FeedOptions.Title, or the base URL's host), and it links
// to itself (rel="self") and to the site (rel="alternate").
//
// Each entry has the page's URL as atom:id and as its rel="alternate" link,
// a title (FeedEntry.Title, or the URL's decoded path when that is empty) and the
// page's modification date as atom:updated. Entries carry no atom:content or
// atom:summary: RFC 4287 section 4.1.2 requires an entry without
// atom:content to have a rel="alternate" link, which every entry has, and
// section 4.1.1.1 says the absence of atom:summary is not an error.
//
// Dates are RFC 3339 in UTC, to the second (2024-05-01T10:30:00Z). Every
// value is escaped for XML; characters XML 1.0 cannot carry (control
// characters other than tab, newline and carriage return, invalid UTF-8,
// U+FFFE, U+FFFF) become U+FFFD.
//
// # The feed: determinism
//
// The same entries, in any order, give the same bytes: no clock (the feed's
// date is its newest entry's), no map order, and a total order on entries
// (newest first, then by URL; see [SelectFeed]). A site with no dated page has
// no feed: [EncodeFeed] and [WriteFeed] return [ErrNoFeedEntries], since an Atom feed
// must have an atom:updated and one without entries says nothing.
//
// # Removed URLs
//
// With --changes, a removed URL that nothing answers is a warning: no
// redirect rule answers it and no page left out is at it. The changes file
// is parsed back, with file:line errors, for submit.
package postbuild
