package writer

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"io/fs"
	"regexp"
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

const recordHeader = "# Files sitemapgen wrote in this folder. The next run removes those it no longer writes.\n"

// ownName matches the names Write gives its files.
var ownName = regexp.MustCompile(`^sitemap(?:-[1-9][0-9]*(?:-[0-9a-f]{10})?|-index-[1-9][0-9]*)?\.(?:xml|xml\.gz|txt)$|^sitemap-[a-z][a-z0-9_-]{0,63}-[1-9][0-9]*-[0-9a-f]{10}\.xml(?:\.gz)?$|^sitemap-news(?:-[1-9][0-9]*)?\.xml(?:\.gz)?$`)

// IsOwnName reports whether name is one Write may give a file: sitemap.xml,
// sitemap-N-HASH.xml, a section's sitemap-NAME-N-HASH.xml,
// sitemap-index-N.xml, the news sitemap's sitemap-news.xml and
// sitemap-news-N.xml (each also .xml.gz), sitemap.txt and sitemap-N.txt;
// also sitemap-N.xml, the shards' name before they were named after their
// content, so that such files are still cleaned up.
func IsOwnName(name string) bool { return ownName.MatchString(name) }

// Recorded returns the names of the files dir's record lists: the sitemap
// files (and sitemap.html) the last Write in dir put there (and, after a
// run killed while cleaning up, those it was about to remove). None when
// there is no record. The record is read through the one door (package
// fsx: never through a link out of dir, only a regular file), within the
// default of limits.output_bytes: a larger one is an error naming it and
// the key.
func Recorded(dir string) ([]string, error) { return readRecord(dir, 0) }

// RecordedMax is [Recorded] of a record of at most max bytes
// (limits.output_bytes; 0 means its default).
func RecordedMax(dir string, max int) ([]string, error) { return readRecord(dir, max) }

// readRecord returns the names listed in dir's record, read within max
// bytes (0: the default of limits.output_bytes); none when there is no
// record. Lines that are not one of Write's names are ignored, so a
// damaged record can never make Write remove another file.
func readRecord(dir string, max int) ([]string, error) {
	data, err := fsx.ReadFile(dir, RecordName, cmp.Or(max, limits.Default.OutputBytes), limits.OutputBytesKey)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if name := strings.TrimSpace(sc.Text()); IsOwnName(name) || name == ViewerName {
			names = append(names, name)
		}
	}
	return names, nil
}

// writeRecord replaces the record of the output folder root with names,
// sorted.
func writeRecord(root *fsx.Root, names []string) error {
	names = slices.Clone(names)
	slices.Sort(names)
	names = slices.Compact(names)
	var b bytes.Buffer
	b.WriteString(recordHeader)
	for _, n := range names {
		b.WriteString(n)
		b.WriteByte('\n')
	}
	return atomicfile.WriteIn(root, RecordName, b.Bytes(), 0o644)
}

// removeStale removes the files of previous that keep does not list from
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
func removeStale(root *fsx.Root, previous []string, keep map[string]bool) ([]string, error) {
	var removed []string
	for _, name := range indexesFirst(previous) {
		if keep[name] {
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
// .xml.gz).
func isIndexName(name string) bool {
	return strings.HasPrefix(name, "sitemap-index-") || strings.HasPrefix(name, "sitemap.xml")
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
