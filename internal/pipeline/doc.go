// Package pipeline runs one sitemap build: it walks the site, reads each HTML
// page's head, maps each file to a sitemap record, sorts and de-duplicates
// the records, and writes the files, counting every page found, every skip
// by reason and every warning.
//
// [Run] is the whole pipeline; the stages' own options come in [Options] as
// plain structs, so a build is set up in code the same way config fills it.
//
// # Concurrency and order
//
// The walk reads folders in parallel, and each page's head is read and
// judged right there, on the walk's goroutines. A page that is listed and
// has nothing to report only adds its record; the others leave an event.
// After the walk Run sorts the events by path, folder by folder as a
// lexical walk would meet them, and hands them to [Report] on its own
// goroutine: the same site gives the same messages in the same order,
// whatever the goroutines' timing. After the walk the sort and the
// judgements that look at every record (robots.txt, the hreflang
// clusters, the dates' counts, the duplicates) work in parts, one a CPU
// (inParts); what they find is said after, in the records' order.
//
// # Faults
//
// A problem that could silently drop a page fails [Run]: a folder that
// cannot be listed, a page gone between its folder's listing and its
// reading, a page replaced or changed while it was read (the open file's
// fstat against a stat of its path after the read: another device or
// inode, size or modification time), any other read error (a source
// file's too). Each is reported to [Report.Error], the walk goes on so
// that all of them are, and Run returns a [*ReadError] without writing:
// the sitemaps already there are kept. What the policy leaves out is only
// a warning: a file whose mode lets nobody read it (no web server could
// serve it), a FIFO or a device named page.html (never waited on: the
// walk tells it by its type, and a page is opened without blocking), a
// symbolic link that loops, leaves the site folder, dangles, or is not
// followed (see package walker). A [Session] reports all of these as warnings: in watch mode the
// change that caused one is followed by an event that reads it again.
//
// When the sitemaps cannot be written (no space left, a read-only folder,
// a file size limit), Run returns a *diag.Diagnostic that names the folder;
// the writer's temporary files are removed and, since the new files are
// only renamed into place once all of them are written, the folder keeps
// the sitemaps it had.
//
// # Cache
//
// With [Options.CacheDir], a build keeps the front matter it read of its
// sources in that folder, and the next build takes a source's kept front
// matter instead of reading it when the file is unchanged as stat sees
// it (its size, times and inode), and was not changed in the 2 s before
// the build that kept it; when the options it is read with and the
// program are the same ([Result.FrontMatterKept] counts them). A cache
// that cannot be read is passed over and written again: it never fails a
// build. Once a day a build removes the cache files no build has used
// for 30 days (internal/cachedir).
//
// # Files by stage
//
//   - options.go: the options, the result and the errors.
//   - build.go: the builder and its run. The builder keeps the
//     orchestration; its state is held in named groups by who writes it
//     and how long it lives, each a type: in (inputs.go: what the build
//     reads besides its pages, loaded once before the walk by a loader),
//     recs (the records), src (the sources joined to the pages), found
//     (what one build's judgements found, for later passes and the
//     reports), rep (the reporter, report.go), out (the writer's state),
//     kept and said (what a Session keeps of each page, and what it told
//     once, between its updates) and upd (one update's own).
//   - report.go: the one reporter, and the findings a pass returns to it.
//   - robots.go: the site's robots.txt, read once a folder (robotsFiles);
//     its rules; the robots.txt pass (robotsPass).
//   - judge.go: the walk. Each file is judged on the goroutine that found it.
//   - passes.go: the passes after the walk, one list for a build and for
//     watch mode. Each pass is a type in its own file, named below.
//   - record.go: each outcome recorded after the walk; records.go and
//     recordtable.go: the records themselves.
//   - stale.go, changes.go, removed.go: the output of an earlier build
//     (stalePass); the changes of the sources that tell it; the sources
//     git lists as removed, or gone from the work tree by their path,
//     which tell it when no build followed.
//   - dedup.go: the duplicates pass (dedupPass).
//   - stamps.go, sitewide.go, mtime.go, lint.go: the dates' passes
//     (stampsPass, siteWidePass, mtimePass, lintPass).
//   - listpass.go, listpages.go, listframe.go: the list pages pass
//     (listPagesPass).
//   - genalts.go, hreflang.go: the generator's alternates (genAltsPass)
//     and the hreflang clusters (hreflangPass).
//   - transform.go: the per-URL hook (transformPass).
//   - refused.go: the warning of a refused front matter date, said once the
//     dates are final (refusedPass).
//   - write.go, afterwrite.go: the write (writePass) and the checks after
//     it (afterWritePass).
//   - dating.go: the hash and git dates, and the counts of sources.
//   - allskipped.go: a build that lists no page; the one-canonical warning.
//   - ownsitemaps.go: which files named as the generator's sitemaps are its
//     own, decided when a build starts. gensitemap.go: their dates and
//     alternates. secondlook.go: the second look, their rules R1 to R5
//     (secondLookPass).
//   - sections.go: each listed page's section, the first whose include glob
//     matches its path, for the writer's Options.Section.
//   - includes.go: the files a joined source's include directives build its
//     page from (Sphinx's). They are read bounded, inside the work tree that
//     holds the sources, or the project folder outside one. The page is dated
//     by the newest of their git dates.
//   - session.go, linkedpages.go, lazyroot.go: watch mode's [Session].
//     session.go reads the build it keeps through what it holds of it
//     (held: the resolved options, the records, the sources, kept, upd)
//     and changes it through the builder's methods in kept.go. It
//     selects no field of the builder and writes no field of held
//     (TestSessionKeepsToHeld). forget.go lists the stores kept by path
//     (perPath) and forgets a path in each.
//
// # The record that flows
//
// A page is first a walker.File (path, size, modification time). Then it is
// what its head or front matter says (htmlhead.Head, frontmatter.Source).
// Then it is a mapping.Page, handed to Mapper.Map. Map returns a
// mapping.Decision: either a sitemap.URL or a mapping.Reason.
//
// With images on (mapping.Options.Images), the page is read whole.
// htmlhead.ImageReader finds its images, which go in mapping.Page.Images.
// Map resolves them against the page's URL and its <base href>. They become
// sitemap.URL.Images: the site's images or those of images.hosts, each once,
// at most 1,000.
//
// With videos or news on, the page is read whole too.
// htmlhead.StructuredReader says what the page describes, in the same pass
// of the tokenizer as the head (HeadReader.ReadPage). Map makes
// sitemap.URL.Videos and sitemap.URL.News of it (mapping/videos.go,
// news.go). Every dated article is kept with its record, however old. At
// gives a URL its News only within the two days before the build's time
// (records.media.newsAt), or in watch mode each write's time.
// Session.NewsChange says when the set must be written again for time
// alone.
//
// The pipeline keeps each listed page as a 32-byte record that holds no
// pointer. Its alternates, images, videos and news entry sit aside, reached
// by one index:
//
//   - Its URL is in the record table's locs (recordTable, locs.go). The URL is cut after the "/"
//     before its last segment. The part before is kept once for all the
//     pages that share it. The last segment goes in blocks of bytes. The
//     collector reads neither.
//   - Its hreflang alternates and their lines are in records.alts.lists
//     (altlists.go). A list is packed in blocks of bytes. Each href is
//     written as what it changes of the one before. The first href is
//     written against the URL of the page that declared the list first, or
//     against the base URL in watch mode and for lists that the generator's
//     translations or a transform give. In watch mode the list starts with
//     8 bytes that sum up its hrefs (hrefSig). A list is kept once for the
//     pages of a cluster, and read back as a []sitemap.Alternate where one
//     is needed.
//
// records holds the table of records (recordTable, embedded: every pass
// reaches a record through it) and its parts, each a type of its own:
// alternates (alts), pageMedia (media), buildStamps (stamps), siteDates
// (sites) and extraURLs (extras).
//
// The sorted, de-duplicated records are handed on as sitemap.URLs (Len,
// At). The writer, the changes file and the feed read that interface, and
// none of them imports another for a type.
//
// Some judgements of the whole set sit beside the records. They are made
// again before every write, and At applies them:
//
//   - records.stamps.mtime: which file times are a build's stamp.
//   - records.stamps.day: whether the dates of the pages' heads, or of the
//     generator's sitemap, on one day are the build's. Those records take
//     the next date mapping found (records.next, a map kept only for pages
//     dated by such a source).
//   - records.sites.dates: which heads' dates are the site's, by the head's
//     tag and the page's language (record.group). Those records take the
//     next date too.
//   - records.listed: the dates of list pages.
//
// An extra URL (--extra-urls, extra.go) is a record like a page's, with no
// file. Its path is negative: its place among the extra records. Its
// NAME:LINE is kept beside it, in 4 bytes. It is merged with a page of the
// same URL in de-duplication. The per-URL hook (transform.go) is the last
// stage over the final records, before --explain and the write.
//
// # The passes of a build
//
// A build walks, then runs a list of passes in order (passes.go). Each pass
// says at which builds it runs: a build of Run (atRun); a Session's whole
// build (atStart: Start and each restart); a Session's update or rewrite
// (atUpdate, told the paths of the pages it read again).
//
// A pass type holds its settings and the inputs no pass makes. Its run
// takes the records as an argument, and returns its findings and the
// product a later pass reads: the stale pass its stale set, the list
// pages pass the list pages' dates (listedDates) and the warnings it
// said for the first time, the write what it wrote (wrote). What a pass
// changes of the Result's counts it returns too (counted, Result.add).
// The list's entry stores and applies it, so the data flow reads in
// passes.go. TestPassFields (shape_test.go) walks each pass type's
// fields deeply, through structs, slices, maps' values, pointers and
// named types: none holds the records, the builder, the Session, a
// pointer to a bool, a map or a state group of the builder, and every
// map or function it reaches is listed as the pass's own or the
// caller's (passAllowed). What a pass reads of the builder's state or
// the loader's inputs (the joined sources and routes, the witness, the
// generator's sitemaps, the reports' counts) is an argument of its run,
// most often a small read-only struct that the builder makes for the
// list's entry (staleIn, listIn, genAltsIn, writeIn, secondLookIn). The
// second look alone writes in one: it marks the generator's URLs a page
// has (genFound) and clears the marks before it returns. The explainer
// tells what the generator's sitemaps say of a page (genAccount) only
// when the builder hands it over, at the end. Each pass has a table test
// built from literals (TestPassTables; passtable_test.go,
// passwrite_test.go).
//
// The walk that every whole build starts with is one step (builder.load):
// the join's sources, the site's pages, the extra URLs. A join's build,
// other than a Session's, reads the git history beside the sources:
// startGit runs git log in a goroutine while the sources' front matter is
// read, and awaitGit takes the history once they are read. What the build
// reports meanwhile is held, and told after git's own, in the order of a
// build that read the history first. A generator whose sources include
// files (Sphinx) asks for the work tree's top first (gitdates.TopLevel), as
// the includes may be anywhere in it (includeBound).
//
// The passes, in order:
//
//   - No page unread (Run): a page that could not be read fails the build
//     ([ReadError]).
//   - Sources unused (whole builds): --verbose notes the sources no built
//     page matched.
//   - Sort (whole builds): the records by URL. A Session keeps that list as
//     all, and counts its duplicates.
//   - All records (Start, update): a Session judges again from every record.
//     The order is all itself (records.share), until a pass leaves a record
//     out; then keepAt gives it an order of its own, kept from one update to
//     the next.
//   - A page found (all): no page listed or known is noPages, with
//     --explain's account.
//   - Strict (all): --strict fails on problems in the sources' front matter.
//   - Stale, duplicates, robots.txt (all): stalePass, dedupPass and robotsPass
//     over the sorted records. An update reports them of its own pages only.
//   - Build stamps, lastmod counts (all; counts in whole builds):
//     stampsPass and siteWidePass; the counts of each page's lastmod
//     source.
//   - Generator's alternates, hreflang (all): genAltsPass, hreflangPass.
//   - Results, list pages, file times (all): the records as sitemap.URLs;
//     list pages dated by what they show (listPagesPass); mtimePass. An update that leaves
//     no page listed builds whole.
//   - Second look (Run): the listed pages and their final dates compared
//     with the generator's own sitemaps; what each rule settled counted
//     (Result.SecondLook), and one warning naming the pages they leave
//     out (secondlook.go).
//   - Transform (Run): the per-URL hook.
//   - Refused dates (all): the warnings of dates refused in the sources'
//     front matter, held since they were read. Each ends with the date its
//     page takes instead (refused.go). A build that ends before says them
//     as they are.
//   - Lastmod lint (whole builds): dates that look like a build's time; pages
//     that only the generator's own sitemap dates, where a switch turns it
//     off (lintPass.warnSitemapOnlyDates; generator.Info.SitemapStays for Hugo,
//     MkDocs and Zola).
//   - Explain (Run): --explain's account. A check writes nothing.
//   - Write, after the write (all; after in whole builds): the sitemaps;
//     then the warnings of robots.txt's dead Sitemap: lines and of other
//     tools' sitemaps.
//   - Front matter cache (whole builds): with Options.CacheDir, what the
//     build read of its sources' front matter, kept for the next build
//     (fmcache.go). A build that failed keeps nothing.
//   - Cache trim (whole builds): with Options.CacheDir, once a day, the
//     cache files no build used for 30 days are removed
//     (internal/cachedir). A note says what went.
//
// # Where a page is left out
//
// Every page found is either listed or left out for one of
// mapping.Reasons. It is left out in one place, the reporter's skip (report.go). That method
// counts it by reason (the summary's "skipped N (…)") and reports it to
// --verbose and --explain.
//
// mapping.Map decides what a page says of itself, in the order of
// mapping.PageReasons: error page, URL outside the base URL, URL too long,
// not a page of the generator, draft, future, expired, sitemap: false,
// fragment, noindex, X-Robots-Tag noindex, redirect, go-import stub,
// canonical elsewhere, canonical on another host. A redirect stub that
// also says noindex, as Hugo's aliases do, is a redirect. See package
// mapping for what each reason looks at. A joined page that Map leaves out
// as a draft, and that the generator's own sitemaps list, is mapped again
// as no draft: the generator built and published it (builtDraft, rule R3
// of the second look).
//
// The pipeline decides the others:
//
//   - Symbolic link not followed: follow_symlinks is off, as the walker hands
//     the link over.
//   - sitemapgen output: a sitemap file, sitemap.html, the feed or the key
//     file that the include patterns matched. Only --explain says it. It
//     counts neither as a page found nor as a skip: an earlier run's file is
//     no page of the site.
//   - Unreadable: a page no web server could serve (no read bits, no
//     regular file), found as its head is read.
//   - Duplicate URL, after sorting: another page has the URL. The first in
//     URL order is listed.
//   - Stale output: no source (stalePass, stale.go), after sorting and
//     before de-duplication. See "Stale output" below.
//   - robots.txt (robotsPass, robots.go), after de-duplication: the site's
//     robots.txt (internal/robots) disallows the URL for Googlebot, Bingbot
//     or "*". With robots_txt: warn the URL is listed with a warning. This
//     pass runs over the sorted records, again before every write of a
//     Session. Nothing of it is on the walk's path, and nothing runs at all
//     without robots.txt.
//   - Dropped by the transform (transform.go), the last stage: the per-URL
//     hook did not write the page's record back.
//
// Each reason has a purpose (purposes, held to the list by TestPurposes).
// The site asks for it: noindex, X-Robots-Tag, redirect, draft, future,
// expired, sitemap: false, robots.txt. Or it is no page any sitemap lists:
// error page, fragment, go-import stub, not a page of the generator,
// sitemapgen output, duplicate URL, stale output. Or it is a mistake:
// canonical elsewhere or on another host, URL outside the base URL or too
// long, a link not followed, unreadable.
//
// When no page is listed, [Deliberate] decides. When every reason is the
// site's or no page's, and one at least is the site's, the build writes no
// set and removes the earlier one (exit 0, one line). Otherwise the build
// fails as before and names the likely mistake ([AllSkippedError]).
//
// A whole build over a dev server's output is refused before anything is
// written ([ErrDevServer]). Such output is recognised when at least half
// the pages with a canonical or hreflang link name a loopback host, and the
// base URL is none. The error gives the generator's own build as the fix:
// the output's sitemap would list only the pages of deleted sources.
//
// What the walker never hands over is not a page found, and is not
// counted: a hidden or excluded file or folder, a file no include pattern
// matches. --verbose names the hidden and excluded ones as the walk meets
// them (walker.Options.LeftOut, set only then). --explain asks walker.Why
// about a path no page matched, after the walk.
//
// # Stale output
//
// In a joined Hugo or Eleventy project, the generator's build deletes no old
// output. A built page is stale when no source produces it and no static
// file claims it, when its file is more than 2 s older than the oldest
// listed page a source produces, and when the sources changed between the
// two. The changes are looked for in changes.go: a source; a file the
// generator reads besides them (its configuration, data, layouts, content
// adapters: generator.SourceRules.Reads); a folder of those trees whose
// last change made no entry it still holds, as a deletion or a rename
// does. No file a build writes counts. At most limits.MaxSourceEntries files
// and folders are looked at; past that, time alone judges, with a warning.
// So the page of a deleted source is left out, and so is one whose URL the
// configuration or the data moved. A page the last build wrote early
// (Eleventy's home page, seconds before posts that wait on their images)
// has no change of the sources after it, and is kept.
//
// With a generator's witness sitemaps (generator.OutputRules.Witness:
// Hugo's, unless the project changes what its sitemaps list), the
// generator's own sitemaps decide first (witness.go). Where a theme's
// templates are not read (WitnessChecked), they decide only when they list
// every page a source produces.
//
//   - A page one of them lists is kept, however old.
//   - A page of a kind they always list, that none lists, is left out however
//     recent, once one of them is written after its file: hugo --watch
//     rebuilds a moment after a delete.
//   - A pager more than 2 s older than its list page is one a rebuild no
//     longer wrote.
//   - Taxonomy pages, sections without _index and content adapters' folders
//     are judged by time.
//
// What the sitemaps listed, and when, is kept in
// .sitemapgen-generator-lastmod (version 3) once ours replace them. So a
// build, --check and watch mode judge the same files alike. A Session
// builds whole when the generator rewrites its sitemaps. A build that
// finds some of them rewritten and the others still ours (hugo --watch's
// rebuild under way) reads the rewritten ones and what was kept of the
// others, so the witness is whole. A write replaces only the files the
// build read, as they were then (genseen.go): one the generator wrote
// again meanwhile stops the write, and a Session builds again, reading it.
//
// A page that the time rule keeps is still left out when git lists a removed
// source at its URL whose folder changed after the page was written
// (removed.go, gitdates.Dates.Removed): eleventy --watch writes nothing
// after a deletion. Where the generator deletes so quietly
// (OutputRules.QuietDeletes: Eleventy), committed or not: a page whose
// source by its path (a/b.EXT or a/b/index.EXT for a/b/) is gone from
// the work tree, its folder changed after the page was written by a
// removal, is left out too (goneSource). One that a source whose URL is
// a permalink pattern or a pagination may make is kept, and said.
//
// Stale output is judged again before every write of a Session, from each
// record's modification time (kept, with a join, beside the records).
//
// # Alternates
//
// A page's hreflang alternates come from the first of these that gives
// them:
//
//  1. The page's own head.
//  2. The generator's own sitemap (xhtml:link), read before the takeover,
//     keyed by a hash of the URL, each list kept once for its cluster. It
//     is kept in .sitemapgen-generator-lastmod (version 2) for the next
//     runs, --check and watch mode. In a join it is used only where the
//     project says the site has several languages
//     (generator.Detected.Translated).
//  3. The generator's translation rules (generator.Translator): Hugo's
//     translationKey, name.fr.md, the same path in each language's content
//     folder.
//  4. For a page whose source gives none (not joined, or Astro's), locales
//     by folder (generator.FolderLocales, Options.Translator): the locales:
//     setting, else the generator's (VitePress's locales, Astro's i18n
//     routing, sphinx-sitemap's sitemap_locales, else the folders of
//     Sphinx's locale_dirs). A page at a path in one locale's folder is one
//     page with those at that path in the others. A server build's page is
//     taken at the path it is served at (Options.Served: the file a static
//     export would give it, builder.translatedPath).
//  5. Hugo's list pages made from no source (a home page or section without
//     _index, taxonomies, terms: hugo.ListPages), keyed as an _index file
//     at their path would be.
//
// A head that names the page's other languages but not the page itself (a
// Hugo theme's range .Translations) keeps its links. They are completed
// with the page's own entry where the generator's cluster names it
// (genFrom.head, withSelf), counted in Result.SelfAlternates for one line
// of the report rather than a warning a page. --explain says where the
// alternates came from.
//
// The cluster checks apply to all alike. hreflangPass (hreflang.go) leaves
// out an alternate, not a page: one that is not a listed page, on a host
// not allowed, or of an invalid code, with a warning at its <link>'s line.
// The page stays listed.
//
// # Dates
//
// The lastmod of a page is the first of lastmod.sources that answers. The
// default order is frontmatter, meta, git, hash, sitemap, mtime;
// docs/lastmod.md says what each source reads, and the generators' own
// orders.
//
//   - git answers inside a work tree, for committed, unchanged files whose
//     history a shallow clone has not cut. The build reads the git history
//     once, before the walk.
//   - hash answers when its state file is there and can be read. One that
//     cannot be read (bad JSON, another version, past limits.state_bytes)
//     is passed over with a warning and never saved over: read as empty, it
//     would date every page by this build. A preview's build (Netlify's
//     deploy previews and branch deploys, Vercel's previews) reads it and
//     never writes it (Hash.ReadOnly), so that production's dates stay. It
//     takes from it only a recorded date of the same content: a page new or
//     changed there gets no date, not the preview's time. The build reads a
//     page's whole file only when hash is reached.
//   - Unless the list is given, the project's list (project.Project.LastMod)
//     leaves mtime out for a generator's output (Config.MTimeLeftOut says
//     whose build). Elsewhere it sets Options.GuardMTime.
//
// In a join, unless the list is given, the generator's own order drives
// it (generator.Rules.Order: a preset's DateOrder, read from its
// configuration). The lastmod list of Hugo's frontmatter section gives the keys
// read (frontmatter.Options.LastmodKeys). With enableGitInfo, wherever
// Hugo reads it (its files, or the build's environment, where the
// platform's file may set HUGO_ENABLEGITINFO: host.Settings.Env), git
// comes right after front matter. The front matter's date then answers
// only where Hugo takes it before git (Sources.Order, applied per page by
// inOrder). The order also says which git date to take (GitAuthor) and
// whether a rename is a change (GitRenames), for gitdates.Options.
// --verbose and --explain say where the order came from.
//
// # Dates: file times
//
// With GuardMTime, mtimePass (mtime.go) runs after the records are sorted
// and de-duplicated. It leaves out the file times that are a build's,
// whatever the number of pages:
//
//   - In a git work tree, the times after the last commit of the history git
//     read (gitdates.Dates.LastCommit: the folder's newest commit, else
//     HEAD's).
//   - The times of more than half of the pages dated by mtime (two at least)
//     written within a minute of one another (mtimeBurst: a build run before
//     the last commit). Outside git this counts only when that burst ended
//     less than a day before the build's time (recentBuild,
//     mapping.Mapper.Now): a copy with old times keeps them.
//   - All of them, when the lint's rule of the day says so.
//
// A page's time is judged whatever source it comes through
// (records.fileTime): a page whose head's date is passed over as a stamp,
// or as the site's date, takes its next source, often mtime. The mark
// (records.stamps.mtime: a commit's time, a span) is judged again before
// every write, and after a commit in a watch session (builder.gitUpdate).
// So a watch session writes what a fresh build writes. --explain says which
// rule left a page's time out.
//
// # Dates: the generator's own sitemap
//
// The sitemap source is the generator's own sitemap
// (Options.GeneratorSitemaps). newBuilder sets it from Options.OwnSitemaps
// when Options.ReadOwn says so, or the output folder holds
// .sitemapgen-generator-lastmod. config sets ReadOwn for every build of a
// generator's output; in content mode only where the site is translated, or
// its sitemaps witness what it builds. In a join the source comes after
// every source of ours: it dates the pages none of them dates, and a list
// page's derived date gives way to it (listPagesPass.list). A date more
// than a day after the last commit of the history git read is a build's,
// and passed over (genDates.late, rule R1 of the second look,
// secondlook.go).
//
// loadGenDates reads the files before the walk (writer.ForeignSitemaps,
// sitemapfile.Read, inside the output folder; not through the validator). Each file is read within the
// protocol's limits (50,000 URLs), at most 1,000 files and
// limits.generator_urls URLs in all. Each date is keyed by a 64-bit hash of
// the URL without a final "/", index.html or .html (24 bytes a date). A
// file that dates every URL alike dates nothing.
//
// After the first write, keepGenDates keeps the dates in
// .sitemapgen-generator-lastmod in the output folder: a line naming each
// file, then a hash and a date a URL, streamed by atomicfile.WriteFunc. It
// is read back within limits.generator_urls, never through a link. Its time
// is set after every later write (fsx.Chtimes, never through a link). A
// file of the generator's name that our record lists, and that is not newer,
// is ours (ownSitemap). So the next build, a --check or a watch session
// reads the kept dates, and a new build of the generator (newer) is read
// again, with what was kept of its files not written again yet.
//
// # Dates: a build stamp is never a lastmod
//
// The dates a build can write are judged before they answer: a template's
// article:modified_time or JSON-LD dateModified, and the generator's own
// sitemap (mapping.Stampable). One rule in two parts judges them.
//
// Per page (Mapper.stamp, in a generator's output, mapping.Options.Built): a
// date with a time of day that lies within mapping.StampWindow (an hour)
// before the page's own built file was written is the build's time. Jekyll's
// site.time is such a date, and page.date of an undated document is
// site.time. The next source answers, and Decision.Stamps says so for
// --explain. Closeness to the build never tells a stamp from a real date: a
// commit built minutes after it was made is as close. A date that a source
// of the site gives to the second is no stamp (mapping.Options.SourceDate,
// builder.sourceDate): a commit of the history git read
// (gitdates.Dates.Committed), or a date in a joined source's front matter
// (builder.fmDates, gathered as sources are claimed). In a Session every
// date read stays. Hugo's list pages, dated by the newest page they list,
// carry such a date. A dev server or an incremental build renders single
// pages again: each is judged by its own file's time. A date alone
// (midnight) is never judged per page, or every page changed on its build's
// day would be.
//
// Of the whole set (stampsPass, stamps.go), for what the page cannot show (a
// date alone, a build longer than the window, a site copied after its
// build, a folder no generator claims): when more than half of the URLs,
// and at least 20, are dated on one day by such a source, with no such date
// more than a day later, those dates are stamps. A build's stamp is the
// newest date its pages carry; a migration's shared date is followed by
// later ones. A date that a commit of the project's history gives is not
// counted when that commit dates those pages, that is when its commits
// changed at least as many files as the pages sharing the date
// (records.stamps.history, records.historyDates from gitdates.Dates.RepoCommits
// and CommitFiles). One git log --no-walk reads the commits of the 256
// dates most shared, only when the rule would find stamps. A translation
// that landed in one commit keeps its dates; a template's HEAD date on every
// page does not. A date that is the page's own source's git date, its next
// lastmod, is not counted either (records.ownCommit).
//
// Each page dated by a stamp takes the date of the sources after it that no
// build stamps (Decision.Next: front matter listed after it, git, hash), or
// none. Front matter is not judged: it is read from the source file, which
// no build writes, so Jekyll's default of page.date to the build's time
// never reaches it. git and hash date changes and are never judged. (hash
// dates a new page by the build that met it, by design.)
//
// The rule has a second form where mtime is guarded. A build that wrote
// some pages' heads from their files' times (a Hexo theme's updated, a
// fresh checkout's) and left the others to mtime divides the stamp between
// two sources, neither over half. The page dates and the file times are
// then counted together. When they make the rule (with one page date at
// least), both are left out (records.stamps.withMTime), and one warning says so,
// with the counts by source. A list page dated by what it shows is not
// counted: its date is a page's. Result.Stamps counts the pages passed
// over.
//
// # Dates: the site's date
//
// A head's date that is the site's, not the page's, gives way the same way
// (siteWidePass, sitewide.go): for example a theme's og:updated_time set
// to .Site.Lastmod on every list page. Such a date is one that every page of
// a language dated by one tag gives, three at least (minSameOnEvery), or
// the newest date the generator gives a page in the language or the whole
// site. The generator's dates are front matter, and a source's last commit
// only where the generator's date order has a git step (datesByGit).
//
// A page's language (outcome.lang) is the one the generator's translations
// give its source or its path (Hugo's list pages in a language's folder),
// else its <html lang> (htmlhead.Head.Lang), which a theme may write the
// same in every language. The list pages' rule then sees the page's own date
// without it (records.own), and dates the page by what it shows. Where the
// generator does not date by git, a next date from git is sitemapgen's
// fallback (records.fallback): it dates the page only when no page it shows
// does.
//
// # Dates: list pages
//
// A list page is as new as the newest page it shows, and never dated by
// pages it does not show (listpages.go; the page's frame is left out in
// listframe.go). This is a judgement of the whole set, made again before
// every write.
//
//   - A Hugo home page, section, taxonomy or term takes the newest of the
//     pages of its list (under its folder and language, or giving its term)
//     that its built page links to in its own content: by <a>, or by an href
//     on another element (htmlhead.Link.Other). A link in the page's chrome
//     does not count (htmlhead.Link.Chrome): in a <nav>, or in a <header> or
//     <footer> outside <article>, <aside>, <main> or <section>. Nor does a
//     link that the other pages it shows repeat at the same Link.Place, in
//     the same block, as a sidebar menu (dropRepeated, for every join's
//     lists; it asks three pages of the language, and reads each page once
//     for all lists). A section it links to is as new as what that section
//     shows, when that is newer than its own date. A home page that shows
//     only its own text keeps Hugo's date for it.
//   - A generator whose build makes list pages from no source
//     (generator.ListRules.Shown: Hexo's and Pelican's home, archives, tags
//     and categories) dates each the same way, without its sidebar
//     (Link.Aside), counting only list pages below it and its entries
//     (listSet.entries). Its entries are the pages linked from a place of
//     its markup (htmlhead.Link.Place) that links to two pages or more, and
//     the pages of their kind (pageKind), as the newest post featured above
//     them. A link in an excerpt is alone at its place. Otherwise the page
//     is left undated, never dated by the build.
//   - A Jekyll page whose Liquid, or its layouts', loops over site.posts,
//     paginator.posts or a collection is a list of the kind Sourced names
//     (ListRules.Collections, listPagesPass.sourcedList): never older than the
//     newest page of the loop that it shows.
//   - A Next.js page whose code reads the posts and shows every one
//     (ListRules.Newest, next/newest.go) is dated by the newest post
//     (newestOf) where its built page links to none of them (entries linked
//     by onClick). Nothing may cut the list, find in it or filter it on the
//     posts' data (a cut of a post's own value in a callback over the posts
//     aside). A cut, even of a list sorted newest first by a date, shows
//     posts only their dates tell apart. records.listedWhy.by gives --explain
//     its words.
//
// Where the date a list page takes so is newer than its own, it is
// derived; the generator's own sitemap's date of the page then outranks it
// when that is newer still (listPagesPass.list, rule R2 of the second
// look): a paginated section's first pager shows some of its pages, the
// generator dates it by all (records.listedWhy.gen).
//
// The list pages are read through [OpenSitePages], bounded by
// limits.page_bytes.
//
// # Watch mode
//
// A [Session] keeps the verdict of every page between batches:
//
//   - The compact records. A removed record's slot is used again.
//   - An index from each page's path to its record. The listed pages are in
//     an open-addressed table of 4-byte slots, each the record, placed by a
//     64-bit hash of the path; the path is compared at each slot a probe
//     passes. The few unlisted pages are kept by path.
//   - The sorted order before de-duplication, patched by binary search for
//     small batches, and sorted again past 1/32 of the pages.
//   - With source:, every source by path and every claimant of a URL.
//
// A batch forgets the pages at and under its paths, walks them again, and
// runs the same de-duplication and writer as Run. Every store kept by a
// page's or a source's path is listed once, in perPath (forget.go), with
// how it forgets a path, and builder.forget runs the list.
// TestForgetCoversEveryStore walks the Session and every struct it
// holds, at any depth (the builder's groups, the records, the linked
// pages …). It fails on a map or slice that may hold a path, or a value
// of another package, that is neither listed there nor said to be kept
// otherwise, with why. Whether a build is a Run's, a Session's whole
// build or its update is one value, the builder's mode: newBuilder is
// given the first two, beginUpdate sets the third, and runPasses runs
// the passes of that mode. The builder's parts take from it what they do
// differently (an unreadable page a warning, git's history read to be
// read on from, a news window for each write). The hreflang clusters are
// judged again only where the batch reaches (hreflangPass.dirty): the pages at a
// URL whose page changed, and those whose alternates name it or its twin.
// Each list has a summary of its hrefs (three bits of 64 an href, drawn from
// its digest, hrefSig). Only a list whose summary has every bit of one of
// those URLs is read: some 1 in 200 of the lists of four links that do not
// name it. The other pages keep their verdicts and warnings. After any
// sequence of changes the files equal a build of the tree. Tests check it
// after every scenario, and random-change property tests compare a Session
// with Run, one of them on hreflang clusters, including the warnings.
//
// Watch mode sets mapping.Options.DevServer: a canonical or alternate link
// on a loopback origin is taken as its path on the base URL. So the output
// of hugo server --renderToDisk (every link on localhost:1313) is listed. So
// is a URL of the generator's own sitemaps and its hreflang alternates
// (genDates.onBase, Mapper.OnDevServer), whose dates and alternates then
// meet the pages' URLs.
//
// With the git lastmod source, the repository's HEAD, index, HEAD's reflog,
// packed-refs and the current branch's ref are watched ([GitWatched]), not
// .git/ as a whole. A batch that names one reads the history again
// (gitdates.Dates.Reload, from the commit last read when HEAD moved forward
// without a merge), and reads again the pages and sources whose git answer
// changed. A batch without one asks git status about the tracked files it
// names (Refresh), so an edited source is uncommitted, as a build finds it.
//
// A change through a name of a file with several hard links rebuilds the
// pages that are that file (linkedPages, linkedpages.go: each page read
// with several names, by its device and inode). When the name was unknown,
// it rebuilds everything: its other names may be pages read before the link
// was made. After every batch, 1,024 of those pages, a different part each
// time (map order), are statted for a change made through a name outside
// the site (linkedChecks).
//
// When the writer's State says that the URLs are the last Write's, the
// records tell it which ones are unchanged (unchanged.go): each record's
// place in the last Write's order. A record is marked when it is added,
// removed, or given other alternates by hreflangPass. The list pages'
// dates are compared. Anything that changes many records at once (the
// build stamps' day, the file times dropped, the alternates judged anew)
// makes the next Write ask for every URL. So do extra URLs, generator
// alternates and news. The marks follow the State's own count of Writes
// (writer.State.Writes): a Write that fails after its commit is the one the
// next is compared with. A Session also counts the URLs of its order that
// equal the one before (Session.dups, kept as records come and go). Without
// any, and without clean URLs, an update skips the pass that drops
// duplicates.
//
// A session paces the collector as a one-shot build does (internal/gcpace:
// the heap grows by an eighth of what is live), from its start to its end,
// with a least headroom of gcpace.SessionKnee (3 MiB, where a build's is
// 1.5 MiB). So a rebuild's garbage at 100,000 pages seldom makes a
// collection of its own.
package pipeline
