// Package mapping turns a site's pages into sitemap records: it decides
// each page's URL (base URL and path, pretty and clean URLs, trailing slash,
// RFC 3986 percent-encoding), its lastmod, changefreq and priority, and
// whether it belongs in the sitemap at all, as a search engine would judge
// it from the page's head and the host's headers.
//
// A [Mapper] is configured once from [Options] and is safe for concurrent
// use. It does no I/O: everything it needs arrives in a [Page].
//
// # Inclusion policy
//
// [Mapper.Map] leaves a page out, in this order, when it is an error page
// (404.html …), when its URL path (from a generator) climbs above the base
// URL, when a host's rule serves it as an error page with status 404 (see
// [host.Redirects.ErrorPage]) and it looks like one (never the home page),
// when its URL is too long for the protocol, when its head says noindex
// (robots or googlebot), when the host serves it with X-Robots-Tag noindex, when it is a redirect stub (an instant
// meta refresh elsewhere), or when its canonical URL is another page of
// the site or on another host. A canonical that names the page in another
// form (a trailing slash, index.html, or .html under a clean URL) becomes
// the page's URL. A canonical link that lacks the folder of the page's
// build, as Sphinx writes each language's from one html_baseurl, is read
// in that build ([FolderBuilds]). Each part but the URL's place and
// length can be switched off in [Options] (X-Robots-Tag by leaving Hosts
// nil). What cannot be judged with certainty (a canonical that is not a
// URL, conflicting canonicals, a delayed refresh) keeps the page, with a
// warning.
//
// # URLs
//
// A Loc is the base URL followed by the page's path, percent-encoded by
// [EncodePath]: every byte that RFC 3986 does not allow in a path
// segment (control characters, space, "%", "\", "#", "?", "<", ">",
// '"', non-ASCII and invalid UTF-8) becomes %XX, so that a static server
// that decodes the path finds the file. A Loc never leaves the base URL:
// it has no dot segment ("." or ".."): walked paths have none, a clean
// URL keeps the extension of a name of dots ("...html"), and a
// generator's URL path has its dot segments resolved, or the page is left
// out when they climb above the base URL (OutsideBase). A URL of
// [sitemap.MaxLocLength] characters or more is left out (LocTooLong). A
// path that is not valid UTF-8 is listed, with a warning: some servers
// do not serve such names.
//
// # What a page says of itself
//
// mapping.Map leaves a page out for these reasons of [PageReasons], by what
// the page says of itself:
//
//   - Its kind: a Next.js error shell is a redirect or an error page. A
//     fragment has no doctype, no <html>, <head>, <body> or head element,
//     and nothing of its own to show but a template's directives
//     (htmlhead.Head.Fragment), whatever folder it is in: a theme's partials
//     that MkDocs copies, Gatsby's slices, an empty file, text with no tag
//     at all such as a search engine's site-verification file.
//   - Its name: an error page's, each locale's 404 that a generator names
//     (Starlight's de/404/), or a single-page app's fallback that the
//     generator's configuration names (Options.Fallbacks).
//   - The host's rules: the page a Netlify rule serves with status 404
//     (host.Redirects.ErrorPage), when it looks like an error page, by a path
//     that names an error or by noindex. Never the home page:
//     Mapper.servedAsError warns of a page kept.
//   - Its source's front matter, with Jekyll's defaults: (a static file's
//     too) and Hugo's cascades. Hugo's build: {list: never} is sitemap:
//     false.
//   - The host's headers (X-Robots-Tag).
//
// # Files
//
// videos.go makes a page's videos from what it describes: the JSON-LD,
// og:video and <video> of one video are merged, JSON-LD's values first;
// it checks the required fields and the hosts, and [ISODuration]. news.go
// makes the page an article: every dated article is kept, [InNewsWindow]
// is for the writer's caller, and NewsLanguage. Both give warnings at the
// describing line ([LineWarning]) and notes for --explain.
package mapping
