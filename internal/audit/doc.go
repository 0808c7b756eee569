// Package audit checks a built site as a search engine meets it, before it
// is deployed: a build that writes nothing tells what each page is (listed,
// or left out and why), then every page is read whole for its <a href>
// links, and each link is followed to the file a static host would serve
// for it. What it reports:
//
//   - listed pages no other page links to (orphans);
//   - indexable pages the site links to that the sitemap leaves out;
//   - links to redirects (a stub page or a host rule), noindex pages, pages
//     canonical elsewhere, robots.txt-blocked pages, the error page, and
//     paths no file serves (404);
//   - the build's own warnings: hreflang clusters, robots.txt (with
//     robots_txt: warn), duplicates, host rules.
//
// # Memory
//
// No link is kept: each is resolved when it is read, against a table of
// the pages by a 64-bit hash of their paths, and only counted (its target's
// inbound links) unless it is a problem. A link whose path no page has is
// kept until the end (its target's path once, each link as three numbers),
// to be looked up on disk and among the host's redirect rules.
//
// # Order
//
// Pages are read on several goroutines; the findings are sorted by path,
// line, kind and message, and which link is named as a page's first is the
// least by path and line: the same site gives the same report.
//
// # Files
//
// Every file of the site the audit opens (its pages, robots.txt, the
// files a link names) is opened inside the site folder (package fsx; the
// pages by pipeline.SitePages, the same rule in one system call a page):
// a symbolic link out of it, or anything but a regular file, is refused
// at once; a page is read up to limits.page_bytes, robots.txt up to
// limits.robots_bytes.
//
// # Links
//
// Each link is resolved as a browser does (resolve.go, without
// allocating), and followed as a static host serves it. The report names
// orphans, linked pages the sitemap misses, links to 404s, redirects (stubs
// and host rules), noindex, non-canonical and robots.txt-blocked pages, the
// error page, and the build's own warnings. Errors (missing, sitemap link)
// are links a crawler meets as a 404; every other kind is advice.
package audit
