// Package writer writes a site's sitemap files from sorted sitemap records:
// one <urlset> when every URL fits in one file, otherwise numbered shards
// listed by a <sitemapindex>; a news sitemap of the URLs that are news
// articles; optionally gzip-compressed, a plain-text sitemap, and the
// Sitemap: lines of robots.txt.
//
// # Files
//
// The entry point is sitemap.xml (sitemap.xml.gz with gzip), or the
// name [Options.Filename] gives: the urlset itself, or the index of
// shards named after their content, sitemap-1-HASH.xml,
// sitemap-2-HASH.xml and so on (see [Write]). Where the set takes over a
// generator's own sitemaps ([Options.TakeOver]), each URL of theirs a
// search engine may have been given keeps answering with a file of the
// set that leads to the URLs it may list: an alias (aliases.go). With
// [Options.XSL], every XML file names a stylesheet.
// The URLs whose [sitemap.URL.News] is set are also written, with their
// <news:news> and nothing else, to the news sitemap: sitemap-news.xml,
// then sitemap-news-2.xml and up past [sitemap.MaxNewsURLs] URLs a file,
// listed first by the index, which sitemap.xml then always is. When no
// URL has news, there is no news file, and the one an earlier Write made
// is removed (a news sitemap without a <url> is invalid).
// More shards than one index can list (50,000, or fewer when
// [Options.MaxBytes] is small) go into further index files,
// sitemap-index-2.xml and up, which robots.txt names beside sitemap.xml. The
// text sitemap is sitemap.txt (or [Options.TextName]), or sitemap-1.txt and
// up (NAME-1.txt) when it must be split.
// Every urlset and text file stays within [Options.MaxURLs] entries, and
// every file under [Options.MaxBytes] uncompressed bytes, measured on the
// bytes written.
//
// # Writing
//
// [Write] streams every file into a temporary file in the output folder,
// syncs it, and only when all of them are complete renames them into place:
// shards first, the index after them, robots.txt last. A shard's name
// carries the first ten hex digits of the SHA-256 of its uncompressed bytes,
// so a new shard never replaces, under the same name, one the old index
// lists: until the index itself is renamed, the folder holds the old set
// whole, and after it the new one. An error before the renames removes the
// temporary files and leaves the previous sitemaps as they were. Afterwards it removes the sitemap files of an earlier run that the
// new set no longer has, as listed in the folder's record ([RecordName]);
// it touches nothing else. The record is rewritten only when the list of
// files changes. Besides its files, the record keeps the Sitemap: lines a
// Write with Options.Robots put in robots.txt, and the base URL the
// generator's own sitemap gave before a Write replaced it
// ([Options.KeepBase], [RecordedBase]): what the folder no longer says
// once ours is in its place.
//
// A long-running process (watch mode) gives every Write the same [State]
// ([Options.State]). Such a Write first encodes the whole set without
// touching the disk, to learn each file's digest, then writes, the same
// way, only the files whose bytes differ from what it last wrote under
// their name, or that are no longer on disk as it left them; the others keep
// their bytes and modification time ([Result.Kept]). An uncompressed
// urlset file it writes again is made from the one the last Write left
// at its place where their elements agree: the bytes before the first
// element that differs and after the last one are copied from it, once
// checked against the State's digest of them, and only the elements
// between are encoded (splice.go). It also counts the
// URLs added, removed and changed since the last successful Write
// ([Result.URLChanges]). A Write with a State that fails leaves the State
// knowing only files that are on disk as it recorded them, so the next one
// writes whatever this one left undone.
//
// Identical input gives identical bytes: no clock, no map order, and gzip
// headers without a time or name.
//
// Compression is github.com/klauspost/compress's gzip, chosen by
// BenchmarkGzip over compress/gzip.
//
// # What the package owns
//
// Besides the urlsets, indexes, gzip, text files and robots.txt, the writer
// owns:
//
//   - the hreflang alternates, image:image and video:video entries of a URL,
//     each namespace declared only in a set that uses it;
//   - the viewer page sitemap.html (viewer.go, the page embedded from
//     viewer.html): each URL's alternates, images and videos, a news
//     sitemap's articles apart;
//   - sections ([Options.Sections]): each section's URLs in shards of their
//     own, sitemap-NAME-N-HASH.xml, listed first;
//   - other applications' sitemaps in the index ([Options.Extra]);
//   - the news sitemap (news.go): the URLs with News, their <loc> and
//     <news:news> alone, listed before the sections;
//   - the aliases at a generator's sitemap URLs (aliases.go);
//   - a set withdrawn when no page is listed on purpose (withdraw.go);
//   - the output folder as a Write sees it: its record, what may be placed,
//     taken over or removed, and the abort (folder.go).
//
// # The write protocol
//
// A crawler always finds a complete set. A Write goes through these steps:
//
//  0. The command holds the output folder's lock from before the build
//     until its last file is written (internal/dirlock: a flock of
//     .sitemapgen-lock, removed when the run ends). Watch mode takes it for
//     each build and write. A second run waits, or with --no-wait fails
//     (exit 1). The steps below hold for one writer: two writers at once
//     would each remove only what their own reading of the record listed.
//  1. Every file (text sitemaps, urlset shards, news files, index files,
//     robots.txt) is written to a temporary file .sitemapgen-PID-N.tmp in
//     the output folder, and synced. An error here (a URL too big for
//     max_bytes, a full disk) removes the temporary files; the previous set
//     is untouched.
//  2. The shards of an index are named after their content:
//     sitemap-N-HASH.xml, where HASH is the first ten hex digits of the
//     SHA-256 of the uncompressed bytes. A shard whose bytes change gets a
//     new name. So no rename of step 4 replaces a file the old index lists
//     with other bytes: until the new sitemap.xml is in place, the old one
//     and every file it names are as they were. A shard whose bytes do not
//     change keeps its name, so watch mode still leaves it alone, and
//     identical input still gives identical names. A section's shards are
//     sitemap-NAME-N-HASH.xml, numbered within the section. With sections
//     or Options.Extra the entry file is always an index: it lists the
//     sections' shards in the order of the sections, then the other shards,
//     then the other sitemaps as given. The news sitemap's files keep fixed
//     names, sitemap-news.xml then sitemap-news-2.xml and up, since a search
//     engine is told of a news sitemap by name. The index, always one when
//     there are news files, lists them first. Each news file is replaced in
//     place and is complete, old or new; a news file the new set no longer
//     has goes in step 5.
//  3. The record .sitemapgen-files is rewritten to list the old files and
//     the new, so that a run killed from here on leaves nothing unaccounted
//     for. The record is itself written to a temporary file and renamed.
//     Before it, every name the set takes is checked (txn.placeable): a
//     folder where a file goes fails the run here, with the folder exactly
//     as it was. So does a robots hook that fails (Options.RobotsHook,
//     --robots-transform): it is given the robots.txt step 4 would write,
//     and returns the one to write (txn.hookRobots). So does, with
//     TakeOver, Options.TakenUnchanged when the generator wrote its
//     sitemaps again after the caller read them.
//  4. The files are renamed into place in order: sitemap.html (with
//     --viewer), text files, shards, news files, further index files, then
//     sitemap.xml (or the name --filename gives it) last of the set, then
//     the aliases, then robots.txt. The rename of sitemap.xml is the instant
//     the set changes. Before it a crawler finds the old set whole; after it
//     the new one, every index entry naming a shard already complete.
//  5. The files of the previous record that the new set no longer has are
//     removed. With Options.TakeOver, so are the generator's own sitemaps
//     that ForeignSitemaps found before step 4 (see "Taking over a
//     generator's sitemaps"). No other file goes. The record is rewritten
//     to list the new set: each line a name, or a name and its kind (entry
//     for a renamed entry file, alias); stillOurs says whether such a file
//     is still ours to remove. The folder is synced. A run killed before
//     this step leaves the generator's files beside the new set, as they
//     were beside the old.
//  6. The next run removes the temporary files of our naming whose process
//     is gone, before it writes. It also removes its own process's files
//     older than its start, since a process id comes back in a container.
//
// What one rename cannot cover, and the docs say so: a set with several
// index files (past 50,000 shards, or a tiny max_bytes) changes at each
// index file's rename, sitemap-index-2.xml and up, then sitemap.xml. Each
// index is old or new and names complete shards, but until the last rename
// a crawler could read one old and one new index. Step 5 removes stale
// index files before their shards, so none ever names a removed shard. Text
// sitemaps have no index; each sitemap-N.txt is replaced whole, one by one.
//
// TestCrash (internal/e2e/crash_test.go) kills the real binary with SIGKILL
// at random instants of build and watch on a generated site. After every
// kill it checks that the folder holds the previous or the new complete
// set, every index entry naming an existing, complete, schema-valid shard,
// and that the next run leaves no temporary file behind.
//
// # Where the record lives
//
// The record is in the output folder, unless [Options.RecordDir] names
// another. A server build whose output folder is a folder of the project's
// own files, served as they are (Next.js's committed public/, where next
// start answered 500 for the dotfile), keeps it in
// generator.Detected.StateDir (.next/cache/sitemapgen: not served, ignored
// by git, kept by next build). .sitemapgen-generator-lastmod goes with it.
// config sets RecordDir only when the output folder is that served folder
// (Project.StateDir, StateFor). Every reader of the record reads it there
// (Options.RecordFolder): --changes, the viewer's mark, the generator's
// sitemaps told from ours, and [OtherRobotsLines], which tells the
// project's own sitemaps named in robots.txt from ours. A record that an
// earlier version kept in the output folder is read by the first Write or
// Withdraw, its stale files removed, and then deleted. sitemapgen validate
// and diff of a folder read the record where a build keeps it:
// project.RecordFolder finds the project of the folder as a build does.
//
// # Taking over a generator's sitemaps
//
// With Options.TakeOver (set by config when the output folder is a detected
// generator's, unless keep_generator_sitemaps), step 5 removes the
// generator's own sitemaps: the names that generator writes
// (generator.Detected.Sitemaps: Hugo's languages' LANG/sitemap.xml,
// Astro's sitemap-index.xml, the files of a folder the plugin keeps to
// itself such as @nuxtjs/sitemap's __sitemap__/, gatsby-plugin-sitemap's
// output folder at any depth). Each is read first to be sure it holds a
// Sitemaps 0.9 urlset or index. Never one of ours is removed, nor one in a
// folder with a sitemapgen record of its own. Step 4 replaced their
// robots.txt lines, with or without --robots. A generator that writes its
// sitemaps again while a build runs (hugo --watch beside watch mode) would
// have them replaced unread: Options.TakenUnchanged, asked in step 3, lets
// the caller stop the Write then, with the folder as it was, and read them
// first.
//
// A generator's sitemap that a search engine could have been given keeps
// answering. At its name the writer puts an alias (aliases.go), a file of
// the set that leads to ours:
//
//   - at the root, an index of what the entry file leads to (a Google index
//     lists no index);
//   - in a folder (en/sitemap.xml), exactly our URLs under it, as the
//     protocol's scope wants, or an index of shards in that folder past the
//     limits;
//   - gzipped when its name ends in .gz.
//
// Each alias carries the comment <!-- sitemapgen: at the URL of an earlier
// sitemap … -->, so that a file the generator writes there again is never
// taken for ours. A folder's sitemap that the generator published but its
// build no longer leaves (Options.Answer, from
// generator.Detected.Published: Docusaurus' LOCALE/sitemap.xml once the
// switch turns its preset's sitemap off; and from the user's
// published_sitemaps, which init writes for next-sitemap's parts) gets
// its alias though no file is there, when the folder holds URLs of ours
// (Result.Answered), and at the root too (Astro's sitemap-0.xml,
// next-sitemap's sitemap-1.xml: a name of the set's shards without their
// hash is never the set's). The parts that an index of the
// generator lists beside itself at the root answer as well. The header of
// aliases.go says which files answer and which go.
//
// # Withdrawing a set
//
// A build that lists no page on purpose writes no set
// (pipeline.Deliberate: every page left out for a reason the site asks
// for, with no mistake among the reasons). [Withdraw] removes the earlier
// set by the same protocol, without new files: with --robots, robots.txt's
// lines of ours first; then every file the record lists that is still
// ours, indexes first; then, with TakeOver, the generator's own sitemaps
// (which would list the pages left out) and the robots.txt lines naming
// them; then the record. The folder is synced. The command says it in one
// line and exits 0; --check agrees, and watch mode does the same at each
// batch.
//
// # Writing again with a State
//
// In watch mode the writer has a [State]. It first plans the whole set in
// memory: the same chunking, each file's digest, each URL's element digest.
// Then it writes, through steps 1–4, only the files whose bytes differ from
// what it last wrote there, or that changed on disk. The others are not
// touched. The record is rewritten only when the set of names changes.
//
// A State that knows no file and no element of the plan (its first Write)
// writes each urlset file as it plans it (chunker.direct): its temporary
// file is open beside its digest, and its SHA-256 and splice marks are
// taken as it goes. Each URL is asked for and encoded once.
//
// The State keeps no URL. Each entry has a 64-bit digest of its Loc
// (locSum, with the State's seed). diff finds the URLs of two Writes by it,
// reading the lists side by side in the URLs' order. A URL not found at
// once waits for its twin on the other side; once its twin is found, the
// URLs waiting before it have none. Past 16,384 URLs waiting, the lists
// have little in common: the last list's digests are sorted, and each URL
// of the new one is looked up there (sortedDiff).
//
// A Write of URLs that say which are the last Write's (Unchanged, below)
// makes no list beside the last Write's. It keeps where each URL's entry
// is: at its place in the last list, or among the few it made anew
// (State.lasts, fresh; a splice reads them there, nextSpan). Once
// committed, it makes its list in the last one's place (State.settle): the
// entries that move back first, in order, then those that move on, from
// the end, then the new ones. It makes a new list where the last has no
// room, or where the places are out of order.
//
// An element's digest is not of its bytes but of what it is made of, each
// field as the writer writes it (State.keyOf: the Loc's digest, the lastmod
// in the set's date format, and fieldsSum of changefreq and priority,
// alternates, images and videos; a default priority counts as none, a
// string by its escaped bytes, a video's dates as written). Two elements of
// one digest have the same bytes, and two written alike share one. A URL
// the last Write wrote as it is now, at the same place (the same Loc,
// lastmod and digest, the same options) is not encoded again: its element's
// size and digest are the State's, and a shard's digest is that of its
// elements' digests.
//
// URLs that implement [Unchanged] tell which of them are the last Write's,
// and at which place they were. Those are not asked for at all (no At, no
// comparison), so a Write's cost follows the URLs that changed, whether or
// not URLs came or went before them. A Session's records implement it
// (see package pipeline). The writer takes no such answer with sections or
// scopes. In a test binary the writer asks for each URL said unchanged all
// the same, and panics when it is not the last Write's (checkKnown,
// internal/selfcheck), so every watch and Session test checks the answers.
//
// A shard whose digest is that of the shard at its place in the last Write
// keeps its name without a SHA-256 of its bytes. Any other is written while
// the set is planned, to be named after its bytes. The news files are
// encoded again each time (a thousand articles at most a file), and written
// when their digest changes: a change to an article's news rewrites the
// news file alone (and the index when the file's newest date moves), and
// counts its URL as changed.
//
// # Splicing a file
//
// A changed uncompressed urlset file (a shard, or the one sitemap.xml)
// whose entries changed is spliced (splice.go). Two parts are copied from
// the file the last Write put at that place, found by the entries' sizes:
// the bytes before the first changed entry, and the longest run of the old
// file's entries after it (at the end, or a few places off when URLs were
// added or removed before them: tailRun). Only the other entries are
// encoded. The old file is read through the Write's fsx.Root, and used only
// when its size, time and a digest of its bytes are what the State
// recorded. Otherwise the file is encoded whole, and so are gzip files (one
// deflate stream: a multi-member gzip is not read whole by xmllint, zlib's
// inflate or curl), sections' files and a file with less than a third to
// copy.
//
// The State keeps no file bytes. It keeps each shard's SHA-256 state about
// every MiB (the name is still the SHA-256 of the whole file), so hashing
// resumes at most 1 MiB before the change. A State's shard is hashed on a
// goroutine of its own beside the copy (hasher: four 256 KiB buffers),
// since the SHA-256 of a 10 MB shard takes as long as reading and writing
// it. The bytes copied are read into the hasher's buffers, handed to it as
// they are, and written past the file's buffer (hashedBuf, file.put), not
// copied twice more. TestSplice, TestSpliceRandom and FuzzSplice compare
// every splice with a fresh Write, byte for byte.
package writer
