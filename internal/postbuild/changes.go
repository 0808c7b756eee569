package postbuild

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/hashstate"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/validate"
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

// String returns the line as the file spells it: "+ URL".
func (c Change) String() string { return string(c.Op) + " " + c.URL }

// URLSet maps each URL of a build to what tells whether it changed: its
// content hash, or its lastmod as written in the sitemap ("" when it has
// none).
type URLSet map[string]string

// PreviousFromState returns the URLs and lastmods the state file at path
// (inside dir unless dir is "", as hashstate.Load reads it) recorded of
// the build that saved it; ok is false when there is no such file, or it
// records no URLs (saved by a build without a changes file). A file
// larger than max bytes (0: limits.Default.StateBytes) is an error.
func PreviousFromState(dir, path string, max int) (set URLSet, ok bool, err error) {
	st, err := hashstate.Load(dir, path, cmp.Or(max, limits.Default.StateBytes))
	if err != nil {
		return nil, false, err
	}
	listed, ok := st.Listed()
	return URLSet(listed), ok, nil
}

// PreviousFromSitemaps returns the URLs and lastmods of the sitemap set sitemapgen
// wrote in dir, served at baseURL (the base URL, or sitemaps_url): its entry file (sitemap.xml,
// sitemap.xml.gz, or the name --filename gave it, as the record says)
// and further index files, following index entries to the
// files they name under baseURL. Only files that dir's record
// (writer.RecordName) lists are read: ok is false when there are none; an
// index entry naming another file is another application's sitemap
// (index.extra), not read. Each file is read inside dir, through the one
// door (never through a link out of it), within the protocol's limits;
// the record within max bytes (limits.output_bytes; 0: its default).
func PreviousFromSitemaps(dir, baseURL string, max int) (set URLSet, ok bool, err error) {
	return PreviousFromRecorded(dir, dir, baseURL, max)
}

// PreviousFromRecorded is [PreviousFromSitemaps] of the sitemaps in dir
// whose record is kept in recordDir (writer.Options.RecordDir).
func PreviousFromRecorded(dir, recordDir, baseURL string, max int) (set URLSet, ok bool, err error) {
	recorded, err := writer.RecordedMax(recordDir, max)
	if err != nil {
		return nil, false, err
	}
	ours := make(map[string]bool, len(recorded))
	for _, name := range recorded {
		ours[name] = true
	}
	candidates, err := writer.RecordedEntries(recordDir, max)
	if err != nil {
		return nil, false, err
	}
	var entries []string
	for _, name := range candidates {
		if _, err := fsx.Lstat(dir, name); err == nil {
			entries = append(entries, name)
			break
		}
	}
	if len(entries) == 0 {
		return nil, false, nil
	}
	for _, name := range recorded {
		if strings.HasPrefix(name, "sitemap-index-") {
			entries = append(entries, name)
		}
	}
	set = URLSet{}
	for _, name := range entries {
		locs, index, err := readFile(dir, name)
		if err != nil {
			return nil, false, err
		}
		if !index {
			maps.Copy(set, locs)
			continue
		}
		own := 0
		for loc := range locs {
			shard, ok := strings.CutPrefix(loc, baseURL)
			if !ok || !ours[shard] {
				continue // another application's sitemap (index.extra)
			}
			own++
			urls, isIndex, err := readFile(dir, shard)
			if err != nil {
				return nil, false, err
			}
			if isIndex {
				return nil, false, fmt.Errorf("%s: an index listed by %s", filepath.Join(dir, shard), name)
			}
			maps.Copy(set, urls)
		}
		if own == 0 && len(locs) > 0 {
			// Ours lists a file of its own at least; this one was
			// written over since, by the generator's own sitemap (Hugo
			// writes public/sitemap.xml on every build).
			return nil, false, fmt.Errorf("%s lists none of the files sitemapgen wrote: another tool replaced it since (the generator's own sitemap?), so the previous build is not known; keep a state file (--state) to compare across such builds", filepath.Join(dir, name))
		}
	}
	return set, true, nil
}

// readFile returns the <loc> and <lastmod> of every entry of the sitemap
// file name in dir, and whether it is an index: read inside dir, within
// the protocol's limits (validate.ReadIn).
func readFile(dir, name string) (map[string]string, bool, error) {
	m := map[string]string{}
	index, err := validate.ReadIn(context.Background(), dir, name, validate.Options{}, func(e validate.Entry) {
		m[e.Loc] = e.LastMod
	})
	if err != nil {
		return nil, false, err
	}
	return m, index, nil
}

// DiffChanges returns the changes from old to new, sorted by URL. A URL in both
// is changed when its values differ and neither is empty.
func DiffChanges(old, new URLSet) []Change {
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

// CountChanges returns how many changes are of each op.
func CountChanges(cs []Change) (added, removed, changed int) {
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

// ChangesFile is a changes file.
type ChangesFile struct {
	// BaseURL is the base URL of the build that wrote it ("" when the
	// file does not say).
	BaseURL string
	Changes []Change
}

const baseURLComment = "# base_url: "

// FormatChanges returns the changes file for cs, of a build at baseURL.
func FormatChanges(cs []Change, baseURL string) []byte {
	var b bytes.Buffer
	if baseURL != "" {
		b.WriteString(baseURLComment + baseURL + "\n")
	}
	for _, c := range cs {
		b.WriteByte(c.Op)
		b.WriteByte(' ')
		b.WriteString(c.URL)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// WriteChanges replaces the changes file at path with cs, of a build at
// baseURL, atomically, making its folder if needed; it first removes the
// temporary files a killed run left there. Every step is inside the folder
// [changesRoot] gives: dir, when set (path is inside it: a path a settings
// file gives); the output folder out when path lies in it; else path's own
// folder, as named; never through a link out of it.
func WriteChanges(out, dir, path string, cs []Change, baseURL string) error {
	root, rel, err := changesRoot(out, dir, path, true)
	if err != nil {
		return err
	}
	defer root.Close()
	atomicfile.RemoveStaleIn(root, filepath.Dir(rel), time.Now()) // a killed run's
	return atomicfile.WriteIn(root, rel, FormatChanges(cs, baseURL), 0o644)
}

// changesRoot opens the folder the changes file at path is removed and
// written in, and returns path inside it. With dir set (a path a settings
// file gives, confined to the project's tree), the folder is dir and path
// is inside it: a folder on the way linked out of dir is not followed. A
// changes file the user named inside the output folder out is one of the
// files sitemapgen writes there, held to the same road: out is the folder, and a folder of out that links out of it is
// not followed (fsx.ErrOutside). Elsewhere the folder is path's own, as
// the user named it. With mkdir, the changes file's folder is made when
// missing.
func changesRoot(out, dir, path string, mkdir bool) (*fsx.Root, string, error) {
	rel, ok := inside(out, path)
	if dir != "" {
		rel, ok, out = path, true, dir
	}
	if ok {
		root, err := fsx.OpenRoot(out)
		if err != nil {
			return nil, "", err
		}
		if sub := filepath.Dir(rel); mkdir && sub != "." {
			if err := root.MkdirAll(sub, 0o755); err != nil {
				root.Close()
				return nil, "", err
			}
		}
		return root, rel, nil
	}
	folder := filepath.Dir(path)
	if mkdir {
		if err := fsx.MkdirAllNamed(folder, 0o755); err != nil {
			return nil, "", err
		}
	}
	root, err := fsx.OpenRoot(folder)
	if err != nil {
		return nil, "", err
	}
	return root, filepath.Base(path), nil
}

// inside returns path relative to the folder dir when it names a file
// below it (lexically: the links on the way are the folder's to refuse).
func inside(dir, path string) (string, bool) {
	if dir == "" {
		return "", false
	}
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	p, err := filepath.Abs(path)
	if err != nil {
		return "", false
	}
	rel, err := filepath.Rel(d, p)
	if err != nil || rel == "." || !filepath.IsLocal(rel) {
		return "", false
	}
	return rel, true
}

// maxLine bounds a line of a changes file.
const maxLine = 1 << 20

// ParseChanges reads a changes file: one line per URL, "+ URL" (added),
// "~ URL" (changed) or "- URL" (removed), with exactly one space after the
// sign and no space in the URL. Blank lines and lines starting with "#" are
// ignored, but for "# base_url: URL", which gives File.BaseURL; so are a
// trailing "\r" and a leading byte order mark. Any other
// line is an error that starts "name:LINE: ". The URLs are returned as
// written, in order; whether they are absolute and on the right host is
// the reader's business (indexnow.Client.Check).
func ParseChanges(r io.Reader, name string) (*ChangesFile, error) {
	file := &ChangesFile{}
	var changes []Change
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSuffix(sc.Text(), "\r")
		if n == 1 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		if base, ok := strings.CutPrefix(line, baseURLComment); ok && file.BaseURL == "" {
			file.BaseURL = strings.TrimSpace(base)
		}
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c, err := parseChange(line)
		if err != nil {
			return nil, diag.At(name, n, err.Error())
		}
		changes = append(changes, c)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, diag.At(name, n+1, fmt.Sprintf("line longer than %d bytes", maxLine))
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	file.Changes = changes
	return file, nil
}

func parseChange(line string) (Change, error) {
	want := `want "+ URL" (added), "~ URL" (changed) or "- URL" (removed)`
	op := line[0]
	if op != Added && op != Changed && op != Removed {
		return Change{}, fmt.Errorf("%s; got %s", want, quoteLine(line))
	}
	rest := line[1:]
	switch {
	case rest == "" || strings.TrimSpace(rest) == "":
		return Change{}, fmt.Errorf("no URL after %q", op)
	case rest[0] != ' ':
		return Change{}, fmt.Errorf("%s (one space after the sign); got %s", want, quoteLine(line))
	}
	u := rest[1:]
	if i := strings.IndexFunc(u, unicode.IsSpace); i >= 0 {
		if i == 0 {
			return Change{}, fmt.Errorf("exactly one space after %q; got %s", op, quoteLine(line))
		}
		return Change{}, fmt.Errorf("a space in the URL (a URL has its spaces escaped as %%20); got %s", quoteLine(line))
	}
	return Change{Op: op, URL: u}, nil
}

// quoteLine quotes a line for an error, shortened to 100 bytes, the
// user information of its URL hidden (diag.URL).
func quoteLine(s string) string {
	const max = 100
	if len(s) > max {
		cut := max
		for cut > 0 && s[cut]&0xC0 == 0x80 { // not inside a UTF-8 sequence
			cut--
		}
		return fmt.Sprintf("%q…", diag.URL(s[:cut]))
	}
	return fmt.Sprintf("%q", diag.URL(s))
}
