// Package fsx is the one door through which sitemapgen opens the files of
// a site, a project, a sitemap set or an output folder: every file others
// may control. A file is opened inside a folder, never through a symbolic
// link out of it (Go's [os.Root]); only a regular file is read, found
// without waiting (a FIFO opened for reading blocks until something
// writes to it, which may be never); and never more of it than the bound
// the setting that covers it gives.
//
// # Roads
//
// A file is opened by one of two roads:
//
//   - inside a folder ([Root], [ReadFile], [Open], [Stat], [Lstat],
//     [Chtimes], [ReadDir], [Root.WalkDir]): the folder is the site, the
//     project, the output folder or the set's folder, opened as it was
//     named; the file's path inside it may pass through links only to
//     places inside it, and never through an absolute one. Such a file
//     is what a pull request can plant;
//   - named ([ReadNamed], [OpenNamed], [StatNamed]): a path the user gave
//     on the command line or in an environment variable (--config, a
//     sitemap to validate, --changes), followed wherever it points,
//     since the user chose it; it is still read only when it is a regular
//     file, and bounded.
//
// A path that a file of the repository gives (sitemap.yaml's out: or
// changes:, a generator's publish folder) is no named path: [Within]
// checks that it leads inside the project's tree (internal/project
// decides which tree), and a file it names is then opened inside that
// tree.
//
// sitemapgen's own files (its sitemaps, its record, the feed, the key
// file, the changes and state files, and the temporary files they are
// written through) are made, renamed and removed inside the folder that
// holds them, held as a Root, as they are read ([Root.Create],
// [Root.MkdirAll], [Root.Rename], [Root.Remove], [Root.RemoveRegular],
// [Root.SyncDir]): never through a link out of it, and with no check of a
// path made before an act on the same path, which a link swapped in
// between would lead elsewhere. Package atomicfile writes a file whole
// through them. A folder the user named is made, or taken back when
// empty, by the named road ([MkdirAllNamed], [RemoveEmptyNamed]).
//
// The pages of a site go by a third road, the walker's (package walker,
// and the pipeline's pageRoot, which opens each page relative to the
// folder the walk found it in): its link policy is follow_symlinks, and
// a page's reads are bounded by the head's limits. DESIGN.md, "One door
// for files", lists the calls outside this package that the tests allow,
// and why.
//
// # Which folder a file is read in
//
// Every file of a site, a project, a sitemap set or an output folder is
// read inside the folder it belongs to:
//
//   - The site folder (DIR): its pages, robots.txt, _headers, _redirects.
//   - The project folder: sitemap.yaml, the generators' configurations,
//     netlify.toml, vercel.json, wrangler.toml, and the default state file
//     .sitemapgen/state.json (pipeline.Hash.Dir), written only inside it
//     too.
//   - The sources' folder: a join's sources, Jekyll's layouts, Astro's
//     collections, Eleventy's data, the modules a route imports and
//     tsconfig.json. Routes are read as tokens by jscode within
//     limits.settings_bytes, limits.js_tokens and limits.nesting. The
//     modules that one reading of Next.js's or Gatsby's routes follows are
//     bounded all together by limits.settings_bytes (jscode.Modules). Pelican's
//     sources are read with their metadata bounded by
//     limits.front_matter_bytes, and HTML by its head.
//   - A server build's record of its routes (generator.ReadServerBuild):
//     Next.js's prerender-manifest.json and the other manifests, Astro's
//     newest dist/server/manifest_*.mjs, SvelteKit's manifest.js, Nuxt's
//     server.mjs and the names of .output/public; each within
//     limits.page_bytes.
//   - The built list pages that a list page's date is read from
//     (pipeline.OpenSitePages, within limits.page_bytes), and robots.txt's
//     Sitemap: lines that name a project's own sitemap
//     (writer.OtherRobotsLines, robots.MaxBytes).
//   - The output folder: the record, the kept generator dates, robots.txt
//     under --robots, the feed, the viewer, and the generator's own sitemaps
//     (pipeline.OwnSitemaps.Decide).
//   - The git folder: HEAD, shallow and the refs watch mode watches.
//   - A sitemap set's folder: every file validate finds in it and diff reads
//     of it (validate.ReadIn).
//
// The bounds are the limits: keys (internal/limits: settings_bytes,
// rule_file_bytes, robots_bytes, page_bytes, front_matter_bytes,
// state_bytes, generator_urls, output_bytes), or the protocol's for
// validate.
//
// # Paths a repository gives
//
// A path that a file of the repository gives is not a named path. This
// covers a key of the settings file declared Path (root, out, source,
// state, changes; of sitemap.yaml or a --config file alike), and a folder
// that a generator's or platform's configuration names, which a build
// walks, reads or writes (publishDir, contentDir, [build] publish …). Such
// a path must lead inside the project's tree once its links are followed:
// [Within](top, path) is the one rule. An absolute path is cleaned first,
// so that the path judged is the path used. The rule is applied where each
// kind of path is read: config.layer for the settings file,
// project.discovery.inTree for the configurations. The tree is the one
// project.TreeOf decides: the project folder, or the git work tree it is
// in (a .git looked for from the project folder up, below
// GIT_CEILING_DIRECTORIES; no git runs). A file such a path names (state:,
// changes:) is then read and written inside the tree (project.Tree.Place),
// never through a folder linked out of it. A path from a flag or the
// environment stays the user's own.
//
// # sitemapgen's own files
//
// sitemapgen's own files go through the same door. They are made, renamed
// and removed inside the folder that holds them, held as a [Root]
// (Root.Create with O_EXCL, MkdirAll, Rename, Remove, RemoveRegular,
// SyncDir). internal/atomicfile writes a file whole through them.
//
// The writer holds the output folder for a whole write (and a withdrawal):
// its temporary files, the renames of the set, the record, and the stale
// files and the sitemaps it takes over, which are removed with
// RemoveRegular. What a name is, and its removal, are asked of the one
// folder that holds it, so no link swapped in between leads out. The
// writer's other steps read through the held folder too, never the
// folder's path again, which a folder swapped for a link after it was
// opened would lead elsewhere (TestFolderSwappedAfterOpened,
// TestStateFolderSwapped). A dry run or a check, which acts on nothing,
// opens the folder for each look.
//
// A sitemap.txt that is not ours is written over only when TakeOver names
// it and it reads as a text sitemap (the generator's own,
// hexo-generator-sitemap's), or when it lists exactly the URLs of the
// sitemap.xml beside it (isTextTwin: static-sitemap-cli's twin).
//
// The feed, the key file, robots.txt and the kept generator dates are
// written inside the output folder. The default state file is written
// inside the project (.sitemapgen is made there too). The changes file is
// written inside the output folder when it lies in it (a folder of OUT
// linked out of it is refused, named), else inside its own folder as
// named. A folder the user named (--out, the changes file's and --state's)
// is made by the named road ([MkdirAllNamed]), and a failed run takes back
// only the empty folders it made ([RemoveEmptyNamed]: rmdir, never a file
// made in their place).
//
// # The guard
//
// TestOneDoor parses every non-test Go file of the module. It fails where
// one calls a function that opens, stats, lists, touches, writes, renames
// or removes a file by its path, or runs a program: os.Open, OpenFile,
// ReadFile, Stat, Lstat, Chtimes, ReadDir, DirFS, OpenRoot, Readlink,
// Create, CreateTemp, MkdirTemp, WriteFile, Truncate, Mkdir, MkdirAll,
// Remove, RemoveAll, Rename, Chmod, Chown, Lchown, Symlink, Link, CopyFS,
// StartProcess; io/ioutil's readers and writers; filepath.Walk, WalkDir,
// EvalSymlinks, Glob; syscall's and x/sys/unix's Open, Openat, Stat,
// Lstat, Fstatat, Statx, Faccessat, Unlink, Unlinkat, Rename, Renameat,
// Renameat2, Rmdir, Mkdir, Mkdirat, Readlink, Mkfifo, Mknod, Exec …;
// os.Chdir; net/http's Dir, FileServer, ServeFile; the templates'
// ParseFiles and ParseGlob; os/exec's Command, CommandContext and Cmd. It
// fails too where a file dot-imports one of those packages. The places
// allowed, and why, are listed in the test and in DESIGN.md, "One door for
// files". TestOffRoadCalls holds the guard to finding such a call under any
// import name.
//
// Those places, in more detail:
//
//   - walker: the walk of a site's pages uses getdents and openat relative
//     to its open folders. Each path is made NUL-terminated in its worker's
//     buffer, not copied to the heap for each call; Dir.Openat gives the
//     pages' opens the same. A link is followed only to a target inside
//     DIR, and only when the door would follow it too (an fsx.Stat of the
//     link's path). Through os.Root each path would be looked up again,
//     component by component, on the hot path.
//   - internal/pipeline's page_linux.go and page_other.go: a page is opened
//     relative to the folder the walk found it in, or the site folder
//     (openat, openWalked), with O_NONBLOCK, its reads bounded by the head's
//     limits, or by limits.page_bytes when read whole. A page read again
//     after the build (pipeline.SitePages, audit's) is opened by one openat2
//     with RESOLVE_BENEATH and RESOLVE_NO_MAGICLINKS, the door's rule in the
//     kernel; through the door where the kernel lacks it or refuses the
//     path.
//   - watch: it lists and lstats the folders it watches and the paths events
//     name, never a file's contents.
//   - internal/dirlock: the lock file, opened with O_NOFOLLOW (not O_EXCL: a
//     killed run's lock is taken again), refused when it is a link, not a
//     regular file, or has another name; removed by its own name when
//     released.
//   - internal/sitediff/runs.go: diff's sorted runs of a large set, in a
//     temporary folder of its own, removed whole when the set is closed.
//   - internal/gitdates: runs git, with the repository's fsmonitor, hooks,
//     pager, filters, diff drivers, textconv and signature program switched
//     off on its command line.
//   - internal/command: the one place the user's own commands run, with
//     /bin/sh -c, their output read within limits.extra_urls_bytes, their
//     run within limits.command_seconds.
//   - bench, internal/sitegen, internal/sitemaptest, internal/testtool,
//     internal/fuzzbound, internal/browsertest, internal/npmtest,
//     internal/generator/internal/buildtest: not sitemapgen but benchmark
//     tools and tests' helpers, run on trees they made.
//
// A place that no longer makes such a call fails the test too, so the list
// stays the list of what is left.
package fsx
