// Package sitegen writes realistic built static sites of any size, for
// tests and benchmarks: the shape of a Hugo build (public/) with what a
// sitemap generator must judge right, and a manifest of every file with
// what a correct sitemap says of it.
//
// A site of n pages holds exactly n HTML files: a home page and an error
// page (404.html), twenty sections with their list pages, folders nested
// up to five deep, pretty pages (DIR/NAME/index.html) and plain ones
// (DIR/NAME.html), pagination (SECTION/page/K/, page/1/ a redirect to the
// section, as Hugo makes it), redirect stubs with and without noindex,
// noindex pages, AMP copies whose canonical link names their page,
// translations in two more languages whose hreflang links name each other
// both ways, a head over 4 KiB now and then (a JSON-LD block before the
// modified time), and names with spaces, letters outside ASCII, '&' and
// "'". Beside them, about a third as many files that are not pages:
// styles, scripts, fonts, images, page bundles' images, RSS feeds,
// robots.txt.
//
// The same number of pages, seed and base URL give the same files, bytes
// and modification times (of folders too), whatever the number of
// workers: everything is drawn in one sequence, and the files are written
// by several goroutines afterwards.
//
// The manifest is the oracle ([Kind].Listed): the package must not know
// how sitemapgen decides. bench/gensite runs it.
package sitegen
