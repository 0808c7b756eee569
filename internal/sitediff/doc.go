// Package sitediff compares two sitemap sets, such as the one deployed
// and the one a build just wrote: the URLs added, removed and changed
// (lastmod, changefreq, priority, hreflang alternates), and of the
// removed ones, those nothing answers any more.
//
// # Sets
//
// [Load] reads a set from a sitemap file (a urlset, an index followed to
// its files, .xml or .xml.gz, the text form, one URL a line, or an RSS or
// Atom feed) or a folder (its robots.txt's Sitemap: lines, else the
// entry file sitemapgen's record names, else its sitemap.xml,
// sitemap_index.xml or sitemap.txt). Every file is read by
// [validate.Read] (the one the user named) or [validate.ReadIn] (the
// files found from it, inside its folder: never through a link out of
// it), within validate's limits; an index entry is the file that
// [validate.LocateEntries] finds, as validate finds it: its URL's path
// below the index's location, the URL folder below which most entries
// name a file beside the index, so an index downloaded from a site,
// listing its shards by absolute URL, finds the shards downloaded beside
// it, in the folders of their URLs below the index's.
//
// A set is read back sorted by URL, each URL once, its values in one
// string. Its URLs are sorted in batches of 32 MiB, written to sorted
// runs in a temporary folder when there are more, and merged as they are
// read ([Set.Cursor]): diff holds a batch and a buffered reader a run,
// however many URLs the sets have (2.5 million URLs, 50 full files, in
// about 100 MB; bench/sets.sh).
//
// # Gone
//
// A removed URL is gone when no redirect rule of the site's host answers
// it and no file of the new site serves it ([Site]): a redirect stub or a
// page left out of the sitemap on purpose (noindex) is not gone.
//
// # Moved URLs
//
// A removed URL is moved ([Change].To) when the rule's target, or the meta
// refresh of the file that answers it, says where ([Site].Judge; the
// file's head is read by htmlhead). Else it is still served: a page left
// out on purpose. The two sets are merged in one pass, and changes are
// handed out as they are found. Of a folder, an index.extra entry of
// sitemapgen's index is not read.
package sitediff
