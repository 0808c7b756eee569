// Package gcpace sets the collector's headroom by the size of what is
// live: an eighth of it, at least Knee, at most the whole of it (Go's
// default, GOGC 100).
//
// A build's live heap is mostly its records, which hold no pointer and
// cost the collector little to keep; its garbage is the pages' heads,
// read and dropped one after another. Go's default lets the heap grow by
// the whole live heap between cycles: the peak is twice what the build
// keeps. With half of it (issue 56) a build's peak was still its records
// and 8 MiB more at 100,000 pages, a fifth of the process; an eighth of
// it, at least 1.5 MiB, takes the peak at 100,000 pages below 30 MiB,
// for more collections, each of a heap mostly without pointers: up to
// 2 % of the build's CPU once the build made less garbage (55 MB at
// 100,000 pages, not 77: issue 71), 9 to 10 % before (bench/RESULTS.md).
// Below Knee nothing changes: a small site's heap is its garbage, and
// fewer cycles are worth more there than the bytes. Nor while the
// collector has had more than MaxShare of the CPU since Start: a heap
// of pointers that makes much garbage (a join's parsed sources) is
// collected at Go's default, as bytes are not worth a third of the CPU. A watch session
// paces its heap the same way, from its start to its end, with a least
// headroom of SessionKnee (StartAt).
//
// A build calls [Start]; a watch session calls [StartAt] with
// [SessionKnee] (3 MiB). Nothing changes when GOGC is set.
package gcpace
