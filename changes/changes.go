// Package changes tells which URLs a build added, removed or changed
// compared with the previous build, and writes them as a changes file for
// `sitemapgen submit`.
//
// # The previous build
//
// Two records of it can be compared with a new build:
//
//   - the hash lastmod source's state file (package hashstate), which holds
//     every URL of the build that saved it and the hash of its significant
//     content: a URL is changed when its hash is. This survives a fresh
//     clone on CI, where the site folder is built from nothing, when the
//     state file is cached or committed ([FromState]);
//   - the sitemaps already in the output folder, before the build replaces
//     them: a URL is changed when its <lastmod> is ([FromSitemaps]). A URL
//     without a lastmod, in either build, is never reported as changed.
//
// # File format
//
// One URL a line, sorted by URL, each after a sign and a space: "+" added,
// "-" removed, "~" changed:
//
//   - https://example.com/new/
//     ~ https://example.com/posts/edited/
//   - https://example.com/gone/
//
// Lines starting with "#" and blank lines are comments, for the reader.
package changes

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/hashstate"
	"github.com/sitemapgen/sitemapgen/writer"
)

// Ops of a Change.
const (
	Added   = '+'
	Removed = '-'
	Changed = '~'
)

// Change is one line of a changes file.
type Change struct {
	Op  byte // Added, Removed or Changed
	URL string
}

// Set maps each URL of a build to what tells whether it changed: its
// content hash, or its lastmod as written in the sitemap ("" when it has
// none).
type Set map[string]string

// FromState returns the URLs and content hashes of the state file at path;
// ok is false when there is no such file.
func FromState(path string) (set Set, ok bool, err error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	st, err := hashstate.Load(path)
	if err != nil {
		return nil, false, err
	}
	return st.Hashes(), true, nil
}

// FromSitemaps returns the URLs and lastmods of the sitemap set in dir, read
// from its entry file (sitemap.xml or sitemap.xml.gz) and further index
// files, following index entries to the files they name in dir. ok is false
// when dir holds no sitemap.
func FromSitemaps(dir string) (set Set, ok bool, err error) {
	set = Set{}
	var entries []string
	for _, name := range []string{"sitemap.xml", "sitemap.xml.gz"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			entries = append(entries, name)
			break
		}
	}
	if len(entries) == 0 {
		return nil, false, nil
	}
	more, err := filepath.Glob(filepath.Join(dir, "sitemap-index-*.xml*"))
	if err != nil {
		return nil, false, err
	}
	for _, m := range more {
		if writer.IsOwnName(filepath.Base(m)) {
			entries = append(entries, filepath.Base(m))
		}
	}
	for _, name := range entries {
		locs, index, err := readFile(filepath.Join(dir, name))
		if err != nil {
			return nil, false, err
		}
		if !index {
			for loc, lastmod := range locs {
				set[loc] = lastmod
			}
			continue
		}
		for loc := range locs {
			shard := loc[strings.LastIndexByte(loc, '/')+1:]
			if !writer.IsOwnName(shard) {
				return nil, false, fmt.Errorf("%s: index entry %s is not a sitemap file of sitemapgen's", name, loc)
			}
			urls, isIndex, err := readFile(filepath.Join(dir, shard))
			if err != nil {
				return nil, false, err
			}
			if isIndex {
				return nil, false, fmt.Errorf("%s: an index listed by %s", shard, name)
			}
			for loc, lastmod := range urls {
				set[loc] = lastmod
			}
		}
	}
	return set, true, nil
}

// readFile returns the <loc> and <lastmod> of every entry of the sitemap
// file at path, and whether it is an index.
func readFile(path string) (map[string]string, bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	var r io.Reader = bufio.NewReader(f)
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(r)
		if err != nil {
			return nil, false, fmt.Errorf("%s: %w", path, err)
		}
		r = zr
	}
	var doc struct {
		XMLName xml.Name
		Entries []struct {
			Loc     string `xml:"loc"`
			LastMod string `xml:"lastmod"`
		} `xml:",any"`
	}
	if err := xml.NewDecoder(r).Decode(&doc); err != nil {
		return nil, false, fmt.Errorf("%s: %w", path, err)
	}
	m := make(map[string]string, len(doc.Entries))
	for _, e := range doc.Entries {
		m[strings.TrimSpace(e.Loc)] = strings.TrimSpace(e.LastMod)
	}
	return m, doc.XMLName.Local == "sitemapindex", nil
}

// Diff returns the changes from old to new, sorted by URL. A URL in both
// is changed when its values differ and neither is empty.
func Diff(old, new Set) []Change {
	var cs []Change
	for url, v := range new {
		ov, ok := old[url]
		switch {
		case !ok:
			cs = append(cs, Change{Added, url})
		case ov != v && ov != "" && v != "":
			cs = append(cs, Change{Changed, url})
		}
	}
	for url := range old {
		if _, ok := new[url]; !ok {
			cs = append(cs, Change{Removed, url})
		}
	}
	slices.SortFunc(cs, func(a, b Change) int { return strings.Compare(a.URL, b.URL) })
	return cs
}

// Count returns how many changes are of each op.
func Count(cs []Change) (added, removed, changed int) {
	for _, c := range cs {
		switch c.Op {
		case Added:
			added++
		case Removed:
			removed++
		case Changed:
			changed++
		}
	}
	return
}

// Format returns the changes file for cs.
func Format(cs []Change) []byte {
	var b bytes.Buffer
	for _, c := range cs {
		b.WriteByte(c.Op)
		b.WriteByte(' ')
		b.WriteString(c.URL)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// WriteFile replaces the changes file at path with cs, atomically, making
// its folder if needed.
func WriteFile(path string, cs []Change) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return writer.WriteFileAtomic(path, Format(cs), 0o644)
}

// Parse reads a changes file; name is its name for errors, which give the
// line.
func Parse(r io.Reader, name string) ([]Change, error) {
	var cs []Change
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || line[0] == '#' {
			continue
		}
		if len(line) < 3 || line[1] != ' ' || !strings.ContainsRune("+-~", rune(line[0])) || strings.TrimSpace(line[2:]) != line[2:] {
			return nil, fmt.Errorf("%s:%d: want \"+ URL\", \"~ URL\" or \"- URL\", got %q", name, n, line)
		}
		cs = append(cs, Change{line[0], line[2:]})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return cs, nil
}
