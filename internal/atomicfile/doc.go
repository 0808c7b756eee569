// Package atomicfile replaces files so that a reader, or a run killed at
// any instant, finds either the old file or the new one, whole: the data
// goes into a synced temporary file in the same folder, which is then
// renamed over the file.
//
// Every step goes through the folder held as a [fsx.Root]: the temporary
// file is a new file (O_EXCL, never an existing one or a link planted at
// its name), renamed inside the folder (a link at the file's name is
// replaced, its target untouched), and removed inside it on error; no
// step follows a link out of the folder. [WriteIn] writes a file of a
// folder the caller holds (the writer's record, the state file, the
// changes file); [Write] one whose folder is named (robots.txt, the feed,
// the key file, the kept generator dates, sitemap.yaml): the folder
// opened as named for the write, the file inside it.
//
// Every temporary file sitemapgen makes is named .sitemapgen-PID-N.tmp, by
// [CreateTempIn], so that a later run can tell a killed run's leftovers
// from a running one's files and remove them ([RemoveStaleIn]). The
// sitemap writer renames a whole set of such files into place.
//
// [WriteUnder] writes a file that a build keeps for the next, the caches':
// the folder is made as named, the file's folders inside it, and a killed
// run's leftovers are removed first. [WriteFunc] and [WriteFuncIn] stream
// a file's content.
package atomicfile
