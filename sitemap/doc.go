// Package sitemap is the data model of the Sitemaps 0.9 protocol
// (https://www.sitemaps.org/protocol.html): the [URL] record that flows
// through sitemapgen from mapping to writer, the [URLs] a build hands
// on, its value types and the protocol's limits.
//
// The package does no I/O. Every value type validates on construction, so a
// [URL] built from [ParseChangeFreq], [ParsePriority] and a loc accepted by
// [CheckLoc] always encodes to a schema-valid <url> element.
//
// [URL] carries its [Video] list and its [News]. Besides [ChangeFreq] and
// [Priority], the package holds [Flag] and the limits of the extensions
// ([MaxNewsURLs], [NewsWindow] …). [URLs] is the interface of the sorted
// records that a build hands to the writer, the changes file and the feed.
// None of them imports another for a type.
package sitemap
