// Package cachedir keeps the folder a build keeps its caches in
// (pipeline.Options.CacheDir) from growing without end, as Go's build
// cache keeps its own: a cache file a build takes is marked used (its
// modification time moved to now, when it is more than an hour old), and
// once a day a build removes the cache files no build has used for
// MaxUnused. A repository built again after that reads its history and
// its sources once, as on a fresh clone.
//
// Only the caches' own files are removed: regular files named as a
// cache names its files (16 hex digits) in the caches' folders (Kinds),
// each removed inside the cache folder, never through a link out of it
// (fsx.Root.RemoveRegular). Anything else a user keeps there is left.
//
// Files are marked used by [Used], and removed by [Trim], once a day
// (trim.txt), when they are 16 hex digits, regular, in git/ or
// frontmatter/, and unused for 30 days.
package cachedir
