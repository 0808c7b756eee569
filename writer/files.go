package writer

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// RecordName is the hidden file in the output folder that lists the files
// Write put there. The next Write removes the ones it no longer writes, and
// only those: a file sitemapgen did not write is never removed, whatever
// its name.
const RecordName = ".sitemapgen-files"

const recordHeader = "# Files sitemapgen wrote in this folder. The next run removes those it no longer writes.\n" +
	"# Published with the site, harmlessly: it names only files the site serves anyway. A deploy may leave it out.\n"

// Recorded returns the names of the files dir's record lists: the sitemap
// files (and sitemap.html) the last Write in dir put there (and, after a
// run killed while cleaning up, those it was about to remove). None when
// there is no record. The record is read through the one door (package
// fsx: never through a link out of dir, only a regular file), within the
// default of limits.output_bytes: a larger one is an error naming it and
// the key.
func Recorded(dir string) ([]string, error) { return recordIn(dir, 0) }

// RecordedMax is [Recorded] of a record of at most max bytes
// (limits.output_bytes; 0 means its default).
func RecordedMax(dir string, max int) ([]string, error) { return recordIn(dir, max) }

// RecordedAliases returns the files of aliases dir's record lists (read
// as [Recorded] reads it): the files at the URLs of a generator's
// sitemaps that lead to the set's URLs (see [Options.TakeOver]), which
// list again URLs the set's other files list.
func RecordedAliases(dir string) ([]string, error) {
	lines, err := recordLinesIn(dir, 0)
	if err != nil {
		return nil, err
	}
	names, kinds := recordNames(lines)
	return slices.DeleteFunc(names, func(n string) bool { return kinds[n] != kindAlias }), nil
}

// RecordedEntries returns the files of dir's record (read within max
// bytes, as [RecordedMax] reads it) that may be the set's entry file, the
// likeliest first: one of a name of the user's ([Options.Filename]),
// then sitemap.xml and sitemap.xml.gz; a record a killed run left may
// list two. None when it lists none.
func RecordedEntries(dir string, max int) ([]string, error) {
	lines, err := recordLinesIn(dir, max)
	if err != nil {
		return nil, err
	}
	names, kinds := recordNames(lines)
	var entries []string
	for _, n := range names {
		if kinds[n] == kindEntry {
			entries = append(entries, n)
		}
	}
	for _, n := range []string{"sitemap.xml", "sitemap.xml.gz"} {
		if slices.Contains(names, n) && kinds[n] == "" {
			entries = append(entries, n)
		}
	}
	return entries, nil
}

// The kinds of the record's files that IsOwnName does not know, written
// after the name and a tab: the entry file of a name of the user's, the
// files of an alias, and the text sitemaps of a name of the user's
// (Options.TextName).
const (
	kindEntry = "entry"
	kindAlias = "alias"
	kindText  = "text"
	// kindRobots is no file: it marks a URL that a Write with
	// Options.Robots named in a Sitemap: line of robots.txt. The line is
	// ours, and says nothing of the site to a later run looking for its
	// base URL (RecordedRobots).
	kindRobots = "robots"
	// kindBase is no file either: it is the base URL that the
	// generator's own sitemap gave, which the Write replaced
	// (Options.KeepBase, RecordedBase).
	kindBase = "base"
)

// RecordedBase returns the base URL dir's record keeps (read within max
// bytes, as [RecordedMax] reads it): the one the generator's own
// sitemap gave before a Write replaced it ([Options.KeepBase]); "" for
// none.
func RecordedBase(dir string, max int) (string, error) {
	lines, err := recordLinesIn(dir, max)
	if err != nil {
		return "", err
	}
	return baseLine(lines), nil
}

// baseLine returns the URL of the record's last line of kind base: a
// record a killed run left lists the old line and the new.
func baseLine(lines []string) string {
	base := ""
	for _, line := range lines {
		if u, kind, _ := strings.Cut(line, "\t"); kind == kindBase {
			base = u
		}
	}
	return base
}

// RecordedRobots returns the URLs of the Sitemap: lines of robots.txt
// that a Write with Options.Robots put there, as dir's record (read
// within max bytes, as [RecordedMax] reads it) lists them. A Write
// without Options.Robots keeps the ones the record listed: the lines
// stay in robots.txt.
func RecordedRobots(dir string, max int) ([]string, error) {
	_, robots, err := RecordedWithRobots(dir, max)
	return robots, err
}

// RecordedWithRobots is [RecordedMax] and [RecordedRobots] from one
// read of dir's record.
func RecordedWithRobots(dir string, max int) (names, robots []string, err error) {
	lines, err := recordLinesIn(dir, max)
	if err != nil {
		return nil, nil, err
	}
	names, _ = recordNames(lines)
	return names, robotsLines(lines), nil
}

// robotsLines returns the URLs of the record's lines of kind robots.
func robotsLines(lines []string) []string {
	var urls []string
	for _, line := range lines {
		if u, kind, _ := strings.Cut(line, "\t"); kind == kindRobots {
			urls = append(urls, u)
		}
	}
	return urls
}

// recordURL reports whether u may be the URL of a record's robots or
// base line: an http or https URL with no white space.
func recordURL(u string) bool {
	return (strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://")) && !strings.ContainsAny(u, " \t\r\n")
}

// recordIn returns the names listed in dir's record, read within max
// bytes (0: the default of limits.output_bytes); none when there is no
// record.
func recordIn(dir string, max int) ([]string, error) {
	lines, err := recordLinesIn(dir, max)
	if err != nil {
		return nil, err
	}
	names, _ := recordNames(lines)
	return names, nil
}

// recordLinesIn is readRecordLines of the folder dir, opened for the
// call: none when it does not exist.
func recordLinesIn(dir string, max int) ([]string, error) {
	var lines []string
	err := inFolder(dir, func(root *fsx.Root) (err error) {
		lines, err = readRecordLines(root, max)
		return err
	})
	return lines, err
}

// inFolder calls fn with the folder dir opened for the call, through the
// one door; when dir does not exist, fn is not called, and there is no
// error.
func inFolder(dir string, fn func(*fsx.Root) error) error {
	root, err := fsx.OpenRoot(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer root.Close()
	return fn(root)
}

// readRecordLines returns the lines of the record of the folder root
// that name a file, as recordLine writes them, read inside it within max
// bytes (0: the default of limits.output_bytes); none when there is no
// record. Lines that are not
// one of Write's names are ignored, so a damaged record can never make
// Write remove another file: a name IsOwnName knows, sitemap.html, or,
// of a kind, a name that kind may have (an entry's CheckFilename allows,
// an alias's a sitemap's in Dir or a folder at its top). The files of
// the kinds are removed only while they are what a Write left there
// (txn.stale).
func readRecordLines(root *fsx.Root, max int) ([]string, error) {
	data, err := root.ReadFile(RecordName, cmp.Or(max, limits.Default.OutputBytes), limits.OutputBytesKey)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		name, kind, _ := strings.Cut(line, "\t")
		ok := false
		switch kind {
		case "":
			ok = IsOwnName(name) || name == ViewerName
		case kindEntry:
			ok = CheckFilename(strings.TrimSuffix(name, ".gz")) == nil
		case kindAlias:
			ok = aliasName(name)
		case kindText:
			ok = CheckTextName(name) == nil
		case kindRobots:
			ok = recordURL(name)
		case kindBase:
			ok = recordURL(name) && strings.HasSuffix(name, "/")
		}
		if ok {
			lines = append(lines, line)
		}
	}
	return lines, nil
}

// leftRecord returns the lines of the record of the output folder root
// when the record is kept in another folder, rroot (Options.RecordDir):
// one an earlier Write kept there, before RecordDir took it (a Next.js
// public/ an earlier version wrote). left says there is one, to remove
// once its files are accounted for.
func leftRecord(root, rroot *fsx.Root, max int) (lines []string, left bool, err error) {
	if root == nil || rroot == root {
		return nil, false, nil
	}
	if fi, err := root.Lstat(RecordName); err != nil || !fi.Mode().IsRegular() {
		return nil, false, nil
	}
	lines, err = readRecordLines(root, max)
	return lines, err == nil, err
}

// recordNames returns the names of the files of the record's lines, and
// the kind of each that has one (robots and base lines name no file).
func recordNames(lines []string) ([]string, map[string]string) {
	names := make([]string, 0, len(lines))
	kinds := map[string]string{}
	for _, line := range lines {
		name, kind, _ := strings.Cut(line, "\t")
		if kind == kindRobots || kind == kindBase {
			continue
		}
		names = append(names, name)
		if kind != "" {
			kinds[name] = kind
		}
	}
	return names, kinds
}

// recordLine is the record's line of the file name of kind ("" for
// none).
func recordLine(name, kind string) string {
	if kind == "" {
		return name
	}
	return name + "\t" + kind
}

// aliasName reports whether name may be a file of an alias: a sitemap's
// name (.xml, .xml.gz) in Dir or in a folder at its top, neither hidden.
func aliasName(name string) bool {
	if !strings.HasSuffix(name, ".xml") && !strings.HasSuffix(name, ".xml.gz") || path.Clean(name) != name {
		return false
	}
	parts := strings.Split(name, "/")
	if len(parts) > 2 {
		return false
	}
	for _, p := range parts {
		if p == "" || p[0] == '.' || strings.ContainsAny(p, "\\\t\r\n") {
			return false
		}
	}
	return true
}

// writeRecord replaces the record of the output folder root with lines
// (recordLine's), sorted, each name once.
func writeRecord(root *fsx.Root, lines []string) error {
	lines = slices.Clone(lines)
	slices.Sort(lines)
	lines = slices.CompactFunc(lines, func(a, b string) bool {
		na, _, _ := strings.Cut(a, "\t")
		nb, _, _ := strings.Cut(b, "\t")
		return na == nb
	})
	var b bytes.Buffer
	b.WriteString(recordHeader)
	for _, n := range lines {
		b.WriteString(n)
		b.WriteByte('\n')
	}
	return atomicfile.WriteIn(root, RecordName, b.Bytes(), 0o644)
}

// removeStale removes the files of previous that keep does not list, and
// that stale, when set, says are still what a Write left there, from
// the output folder root and returns their names, sorted; names may be
// paths under it with "/" (another tool's sitemaps, with a nil keep). A
// name that is gone, no longer a regular file, or under a folder that
// links out of root (another tool's de/sitemap.xml) is not ours to
// remove: passed over. What a name is and its removal are asked of the
// folder that holds it, held open inside root ([fsx.Root.RemoveRegular]):
// nothing looked at first and removed by its path after, which a link
// swapped in between would lead out.
//
// Stale index files go before the shards they list: a run killed while
// removing never leaves an index naming a removed shard.
func removeStale(root *fsx.Root, previous []string, keep map[string]bool, stale func(name string) bool) ([]string, error) {
	var removed []string
	for _, name := range indexesFirst(previous) {
		if keep[name] || stale != nil && !stale(name) {
			continue
		}
		err := root.RemoveRegular(name)
		var pe *fs.PathError
		switch {
		case err == nil:
			removed = append(removed, name)
		case errors.Is(err, fs.ErrNotExist), errors.Is(err, fsx.ErrNotRegular), errors.Is(err, fsx.ErrOutside),
			errors.As(err, &pe) && pe.Op != "remove":
			// Already gone, replaced by something that is not our file, or
			// its folder not one to look in.
		default:
			return removed, err
		}
	}
	slices.Sort(removed)
	return removed, nil
}

// indexesFirst returns names with the index files' first, each part in
// its order.
func indexesFirst(names []string) []string {
	names = slices.Clone(names)
	slices.SortStableFunc(names, func(a, b string) int {
		return cmpBool(isIndexName(b), isIndexName(a))
	})
	return names
}

// isIndexName reports whether name may be an index file's: a further
// index, or the entry file (stale when the set changes between .xml and
// .xml.gz, or is renamed), an alias (by its name in its folder).
func isIndexName(name string) bool {
	base := path.Base(name)
	return strings.HasPrefix(base, "sitemap-index-") || strings.HasPrefix(base, "sitemap.xml") || !IsOwnName(base)
}

// isShardName reports whether the file name is a shard's (shardName's,
// and sitemap-N.xml, their name before they were named after their
// content).
func isShardName(name string) bool {
	return isShardFileName(name) && !isNewsName(name)
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}
