// Package walker finds the candidate files of a site: the regular files under
// a root whose slash-separated relative path matches an include glob and no
// exclude glob.
//
// # Concurrency and order
//
// [Walk] reads folders in parallel (tree.go) and calls its callbacks from
// several goroutines at once, in no particular order: a caller that needs
// an order sorts what it collects. Each file is handed over with the open
// folder it was found in ([File.Dir]), to be statted or opened relative to
// it. On a site of 100,000 pages in 90,000 folders the walk takes about
// half the time of filepath.WalkDir and a stat of every page. [WalkPaths],
// which reads again only the files and folders a rebuild names, walks each
// folder among them the same way.
//
// # Policy
//
// Hidden files and folders (names starting with ".") are skipped. A folder
// an exclude pattern matches is not entered. Symbolic links are not
// followed unless [Options.FollowSymlinks] is set; then they are followed
// only when their target stays inside the root and the one door (package
// fsx) would follow them too: never an absolute link, nor a path that
// climbs out of the root on its way back in, so that what the walk lists
// every command can read. A link back to one of its own ancestors, or one
// that resolves to itself, is reported as a loop rather than walked
// forever. Only folders are ever opened: a FIFO or a
// device named page.html cannot block the walk.
//
// Problems that concern one file or folder are handed to [Options.Warn]
// and the walk goes on; only a problem with the root itself, or the
// callback's error, stops it. They are of two kinds:
//
//   - The policy's, which leave out what no web server would serve as a
//     page, or what is not followed: a FIFO, socket or device named
//     page.html, a file whose mode lets nobody read it, a link that loops,
//     leaves the root, is absolute or dangles, a link to a folder while FollowSymlinks
//     is off (a link named like a page goes to [Options.Ignored]). They
//     come as one of the Err values below (errors.Is); the walk knows what
//     it leaves out.
//   - I/O errors, which leave the walk unsure of what is there: a folder
//     that cannot be listed, an entry gone or unreadable between its
//     folder's listing and its stat, a link whose target cannot be
//     reached. They come as an [*IOError]. Their caller decides: a one-off
//     build fails, since its sitemap could silently miss pages; watch mode
//     warns, since the change's own event reads them again.
//
// # What it tells of what it leaves out
//
// [WalkPaths] applies the same policy to only the files and folders a
// rebuild names. I/O errors come as an [*IOError]. What the walk leaves out
// unseen (a hidden or excluded file or folder) is told to
// [Options.LeftOut] during a walk, set only for --verbose. [Why] says it
// for one file, after the walk, for --explain.
//
// With [Options.Folders], the walk tells watch mode of the folders in each
// folder it lists, and waits while their watches are added (see package
// watch).
package walker
