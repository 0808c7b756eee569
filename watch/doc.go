// Package watch tells a long-running sitemapgen which files changed, so that
// it can rebuild: it watches folders recursively with fsnotify, waits for a
// burst of changes to end, and hands the changed paths over as one [Batch].
// It never builds a sitemap itself.
//
// # What is watched
//
// Every folder under each of [Options.Roots] gets a watch when [Run]
// starts, except hidden folders (.git, .cache …) and those
// [Options.Ignore] rejects. On local filesystems that stamp change times
// to the nanosecond, and without [Options.MaxWatches], only the roots'
// own watches are added before [Options.Ready]; the folders under them
// get theirs in the event loop's turns, breadth first, while the
// caller's first build runs, and each, listed once its watch is there,
// reports what changed in it from the start on, by those times: the
// folder when it gained or lost an entry, and its files changed. The
// build may have read a folder before its watch: a change is read by
// the build, seen by a watch, or found by its time.
// With [Options.Walk], the caller's first build walks a root and adds
// each folder's watch as its parent's listing finds it, before the walk
// lists it: the folder is then neither listed again nor its files
// statted, and the folders the walk leaves out (excluded) get theirs as
// above ([Walk]). At the system's limit the folders watched are then
// those the walk found first, not the upper levels.
// [Options.Watching] says when every folder has its watch. A folder created or moved in later gets its
// watches and is walked at once, and the files already in it are reported:
// files written before its watch was added are not missed. Watches of
// folders removed or moved away are dropped. The folder that holds each root is
// watched too, for the root's name only, so that a root removed and made
// again (as some build tools do with their output) is watched again and
// reported. A single file of
// [Options.Files] is watched through its folder, so that an editor that
// saves by writing a temporary file and renaming it over the original is
// seen.
//
// The watcher opens no file and follows no symbolic link: it lists
// folders and stats what is in them. A FIFO or a device under a root,
// which an open could wait on forever, and a link that loops or leaves
// the root are reported like any other path, and judged by the rebuild.
//
// # What is reported
//
// Paths are absolute and clean. Attribute-only changes (touch, chmod) are
// reported as changes: a page's modification time and permissions are
// inputs of a build. A batch leaves out: anything hidden below a root,
// editors' backup, swap and lock files (name~, .name.swp, .#name, #name#, 4913),
// temporary files (name.tmp, which includes the writer's
// .sitemapgen-*.tmp), and what [Options.Ignore] rejects. A folder in a
// batch means: walk it again; it was created, moved, removed, or events
// under it may have been lost.
//
// # Watches, fanotify and the scan
//
// Each watched folder takes one inotify watch (on Linux): the kernel
// tells of the tree's changes alone, so an idle watch uses no CPU,
// whatever other programs write. The number of watches per user is
// limited (fs.inotify.max_user_watches; 8,192 on many systems). The
// folders are watched breadth first, the upper levels of the tree before
// the deeper ones (or in the order the first build's walk finds them,
// with [Options.Walk]), up to the limit or to [Options.MaxWatches].
//
// Past it, where the process may use fanotify (Linux 5.9 or later, as
// root; [Options.NoFanotify] turns it off), Run marks the filesystems
// that hold the roots and Options.Files (toFanotify): every change is
// seen from then on, with no limit. The folders listed after the marks
// (by the first build's walk, or by watchLater, which then lists the
// folders left without watching them, for what changed in them before)
// are seen whole. The watches taken are read until the first build is
// done, then given back (dropOld). Run says so once through
// [Options.Warn], with the cost: fanotify wakes the process for every
// write on those filesystems, which it drops outside the tree. Before
// issue 98 fanotify was used from the start, however small the tree: 2.7
// to 5 % of a core while idle beside other programs' builds.
//
// Elsewhere, past the limit, Run says once through [Options.Warn]
// what the limit costs and how to raise it, keeps the watches it has, and
// scans the other folders in turns, at most 5 % of a core however many
// there are: a pass over them lasts at least [Options.Poll], longer where
// they are many. The first pass lists the folders, rather than a listing
// before Ready, on local filesystems that stamp change times to the
// nanosecond: what changed in a folder before its first look is found by
// those times. A folder the scan finds changed gets a watch of its own
// when one can be had (the folders changed last keep theirs), so that its
// next change is seen at once. A folder whose watch is given back is
// reported, to be walked again: the events of its watch not read yet are
// dropped with the watch. It scans everything when watching cannot
// start at all.
//
// When the kernel's event queue overflows (inotify's; fanotify's queue is
// unlimited), the next batch lists the roots and [Options.Files], to be
// walked again.
//
// # Concurrency
//
// Run owns three goroutines: one reads fsnotify's events and keeps the set
// of watched folders, one owns the debounce timer and the pending batch,
// and one calls the callback. The callback is called on that one
// goroutine, one batch at a time; changes that come while it runs make up
// the next batch. Everything stops, and the fsnotify watcher is closed,
// before Run returns.
//
// # Files
//
// fsnotify takes a watch a folder: walk.go adds them as the first build's
// walk finds each folder, and scan.go looks at the folders past the limit
// in turns. Past the limit, as root, fanotify_linux.go marks the
// filesystems of the roots whole instead; its events are named by file
// handles, read back as paths.
//
// # Where watch mode goes from here
//
// The batches go to the command (internal/cli/watch.go), which hands them
// to pipeline.Session.Update. A change to _headers, netlify.toml or
// vercel.json, to the site folder itself, or a batch after a failed walk
// rebuilds everything. A change to the configuration resolves it again and
// restarts the session (keeping the writer's state), or restarts the
// watcher when what is watched changed.
//
// # Files, Ready and the first build
//
// A single file ([Options.Files]) is watched through its folder. Where that
// folder does not exist yet, it is watched through the nearest folder above
// it that does (nearestFolder), and each missing folder is watched once it
// is made: watch mode starts wherever a build runs.
//
// [Options.Ready] comes once the roots and their parents are watched. The
// other folders get their watches in the event loop's turns while the first
// build runs, breadth first (watchLater). Each folder, listed once its
// watch is there, reports what changed in it from the start on by the
// kernel's change times (subfoldersSince, statAt). A change made during the
// build is read by the build, seen by a watch, or found by its time, and
// comes in the first batch. At the limit, the folders left go to the scan
// as they are (scanLeft), with the same start. With --max-watches, or where
// change times cannot be trusted, every watch is added before Ready.
//
// With [Walk], the first build's walk of the site folder takes the watches
// itself (walker.Options.Folders). Once a folder is listed, the walker tells
// the watcher of the folders in it that it enters and those it leaves out,
// and waits. The event loop watches the first at once (walked), so each
// folder's watch comes before its listing and the reads of its pages, and
// queues the others for watchLater. A folder the walk could not list is
// listed by the watcher (listLater). News of a folder with no watch is
// dropped: it is left out, or the scan's first look finds what is under it.
// Past the limit, the folders the walk enters go to the scan. Walk.Done
// ends it. After a walk that stopped, the watched folders are walked again
// (rewatch) and the whole tree is reported, as after lost events. This is
// not done with --content or a server build's pages, whose walk is not the
// site folder's; pipeline.Start drops the hook after the first walk. The
// scan takes no turn until the first build ends.
//
// # The scan
//
// Past the limit, every folder without a watch is listed once, in the first
// pass's turns (scanLater; a root at once). Each is kept as its own state
// and its entries' (the name, and a 31-bit digest of inode, mode, size,
// mtime and ctime), and looked at in turns whose CPU time is at most 1/20
// of the time between them. A folder found changed takes a watch from the
// one that changed longest ago, which is reported, to be walked again, and
// its folders without a watch listed (fsnotify drops the unread events of a
// watch removed). A folder's first look reads its change time again after
// listing it, keeping the state read before: an entry removed meanwhile
// reports the folder. At the system's limit, the first pass, having listed
// every folder, names the limit that fits the tree (fitting: its folders
// and a quarter more, a multiple of 65,536, at least 524,288). What changed
// in a folder before its first look is what has a change time from the
// start on (lazyFrom). Change times are trusted on local filesystems that
// stamp them to the nanosecond; elsewhere every folder is listed before the
// first build, in parallel, as the watches are set.
//
// # Dev servers
//
// Beside a Hugo dev server that renders to memory (plain hugo server), the
// sources change and the site folder does not. The command warns once a
// session, with --renderToDisk as the fix, of a batch of the sources that
// comes 10 s or more (memoryAfter) after one that no page of the site
// folder has followed. The watcher's own output is not such a page
// (watcher.notOurs). Time is used rather than a count of batches: two saves
// a moment apart are two batches before hugo --watch writes.
//
// # Memory
//
// The watcher keeps a set of folders, not a tree, with their paths packed
// in shared blocks; a moved folder's subfolders are found by a scan. At
// 90,000 folders the watches alone take about half of a one-shot build's
// memory.
package watch
