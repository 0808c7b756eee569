package sitemaptest

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
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// The protocol's limits, as the check applies them.
const (
	maxEntries = 50000    // <url> or <sitemap> entries a file
	maxBytes   = 52428800 // uncompressed bytes a file (50 MiB)
	warnBytes  = 10485760 // the older limit (10 MiB): a warning above it
	maxLoc     = 2048     // a <loc> must be shorter ("less than 2,048 characters")
	maxReasons = 5        // <loc> and href problems listed a file, the rest counted
	maxSchema  = 3        // xmllint messages listed a file, the rest counted
	xmllintMax = 1000     // files one xmllint process is given
)

const (
	nsSitemap = "http://www.sitemaps.org/schemas/sitemap/0.9"
	nsXHTML   = "http://www.w3.org/1999/xhtml"
)

// ErrNoXmllint is Validate's error when xmllint is not installed.
var ErrNoXmllint = errors.New("xmllint not found: install Debian's libxml2-utils (apt-get install -y libxml2-utils), or run ./test.sh, which does")

// Validate checks the sitemap files under paths and returns its report,
// with an error when a file fails, no sitemap file is found, or the check
// cannot run ([ErrNoXmllint] when xmllint is missing).
//
// A path is a file, which must be a sitemap, or a folder, searched
// recursively for *.xml and *.xml.gz files: there, a file whose root
// element is neither <urlset> nor <sitemapindex> (a feed) is passed
// over. A .gz file is decompressed first. Each sitemap is validated
// against the schemas in the repository's internal/sitemaptest/schemas
// (urlset-with-extensions.xsd or sitemapindex-with-extensions.xsd) with
// xmllint --nonet, one xmllint process for all the files of a root
// element, and checked for the protocol's rules that a schema does not
// say: at most 50,000 entries and 52,428,800 bytes uncompressed (a
// warning above 10,485,760); every <loc> an absolute http or https URL
// with a host, without whitespace, of fewer than 2,048 characters; every
// xhtml:link href an absolute http or https URL (or an app's deep link,
// android-app:// or ios-app://); UTF-8 (a declared
// encoding must be UTF-8, and there is no UTF-16 byte-order mark).
//
// The report has a line a sitemap file, in the order of paths (a
// folder's files sorted by path), "OK   path (urlset, 3 <url>)" or
// "FAIL path (urlset, 3 <url>): reason; reason", then "N passed, M failed".
//
// The check is the yardstick sitemapgen's output is held to: it shares no
// code with sitemapgen's own validate package.
func Validate(paths ...string) (string, error) {
	return check(paths, true)
}

// ValidateWithoutSchema is [Validate] without xmllint: the protocol's
// rules only, with encoding/xml's well-formedness check, and no schema.
func ValidateWithoutSchema(paths ...string) (string, error) {
	return check(paths, false)
}

// MustValidate fails t unless every sitemap under paths passes
// [Validate]. Under go test -short, when xmllint is missing, it runs
// [ValidateWithoutSchema] instead and says so with t.Log.
func MustValidate(t testing.TB, paths ...string) {
	t.Helper()
	_, err := Validate(paths...)
	if errors.Is(err, ErrNoXmllint) && testing.Short() {
		t.Log("xmllint not found: -short checks the sitemaps without their schemas")
		_, err = ValidateWithoutSchema(paths...)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// Root returns the repository's root: the folder above the working
// directory whose go.mod is sitemapgen's module (tests run in their
// package's folder; bench has a go.mod of its own), or else the one
// this source file is in.
func Root() (string, error) { return root() }

var root = sync.OnceValues(func() (string, error) {
	if wd, err := os.Getwd(); err == nil {
		for dir := wd; ; {
			if isRoot(dir) {
				return dir, nil
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	if _, file, _, ok := runtime.Caller(0); ok {
		if dir := filepath.Join(filepath.Dir(file), "..", ".."); isRoot(dir) {
			return filepath.Clean(dir), nil
		}
	}
	return "", errors.New("sitemapgen's go.mod not found above the working directory")
})

func isRoot(dir string) bool {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	first, _, _ := strings.Cut(string(data), "\n")
	return strings.TrimSpace(first) == "module github.com/sitemapgen/sitemapgen"
}

// SchemaDir returns the folder of the schemas, this package's schemas/.
func SchemaDir() (string, error) {
	root, err := Root()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(root, "internal", "sitemaptest", "schemas")
	for _, f := range []string{"urlset-with-extensions.xsd", "sitemapindex-with-extensions.xsd", "sitemap.xsd", "siteindex.xsd",
		"xml.xsd", "xhtml1-strict.xsd", "sitemap-image.xsd", "sitemap-video.xsd", "sitemap-news.xsd"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			return "", fmt.Errorf("schema missing: %w", err)
		}
	}
	return dir, nil
}

// A sitemap is one file of a check.
type sitemap struct {
	path     string // as given, or as found under a folder given
	explicit bool   // named, not found in a folder
	work     string // the file read: path, or its decompressed copy
	gz       bool
	root     string // urlset, sitemapindex, or what else it is
	skip     bool   // not a sitemap, found in a folder

	size  int64
	fail  []string // reasons it fails, in order
	warn  []string
	count int // entries, or -1 when not well-formed

	schema schemaResult
	proto  protoResult
}

type schemaResult struct {
	said     bool     // xmllint said "validates" or "fails to validate"
	valid    bool     // it said "validates"
	messages []string // its messages about the file, shortened
	more     int      // messages left out
}

type protoResult struct {
	count    int
	problems []string
}

// check checks the sitemap files of paths, against the schemas when
// schema is true, and returns the report. It returns an error when a
// file fails, or when it finds no sitemap.
func check(paths []string, schema bool) (string, error) {
	var schemas string
	if schema {
		if _, err := exec.LookPath("xmllint"); err != nil {
			return "", ErrNoXmllint
		}
		dir, err := SchemaDir()
		if err != nil {
			return "", err
		}
		schemas = dir
	}
	files, err := collect(paths)
	if err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp("", "sitemaptest-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	byRoot := map[string][]*sitemap{}
	skipped := 0
	for i, f := range files {
		ok, err := f.open(tmp, i)
		if err != nil {
			return "", err
		}
		switch {
		case ok:
			byRoot[f.root] = append(byRoot[f.root], f)
		case f.skip:
			skipped++
		}
	}
	if err := checkAll(byRoot, schema, schemas); err != nil {
		return "", err
	}
	return report(files, schema, skipped)
}

// open finds the root element of f, decompressing it first into the
// folder tmp when it is gzipped (i makes the copy's name unique). It
// reports whether f is a sitemap to check. A file found in a folder that
// is not a sitemap is skipped. A file named that is not a sitemap fails.
func (f *sitemap) open(tmp string, i int) (bool, error) {
	f.count = -1
	f.work = f.path
	if strings.HasSuffix(f.path, ".gz") {
		f.gz = true
		f.work = filepath.Join(tmp, strconv.Itoa(i)+".xml")
		if err := gunzip(f.path, f.work); err != nil {
			f.fail = append(f.fail, "cannot decompress: "+err.Error())
			return false, nil
		}
	}
	root, err := sniffRoot(f.work)
	if err != nil {
		return false, err
	}
	f.root = root
	if root != "urlset" && root != "sitemapindex" {
		what := "no root element found"
		if root != "" {
			what = "root element <" + root + ">"
		}
		if !f.explicit {
			f.skip = true
			return false, nil
		}
		f.fail = append(f.fail, "not a sitemap ("+what+"; expected <urlset> or <sitemapindex>)")
		return false, nil
	}
	st, err := os.Stat(f.work)
	if err != nil {
		return false, err
	}
	f.size = st.Size()
	return true, nil
}

// checkAll checks the protocol's rules of the files of byRoot, on as
// many goroutines as there are CPUs. With schema, xmllint checks each
// root's files against its schema in the folder schemas at the same
// time.
func checkAll(byRoot map[string][]*sitemap, schema bool, schemas string) error {
	var (
		wg      sync.WaitGroup
		lintErr = make([]error, 2)
	)
	if schema {
		for i, root := range []string{"urlset", "sitemapindex"} {
			xsd := filepath.Join(schemas, map[string]string{"urlset": "urlset-with-extensions.xsd", "sitemapindex": "sitemapindex-with-extensions.xsd"}[root])
			wg.Go(func() {
				for chunk := range slices.Chunk(byRoot[root], xmllintMax) {
					if err := xmllint(xsd, chunk); err != nil {
						lintErr[i] = err
						return
					}
				}
			})
		}
	}
	work := make(chan *sitemap)
	for range max(1, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for f := range work {
				f.proto = checkProtocol(f.work)
			}
		})
	}
	for _, root := range []string{"urlset", "sitemapindex"} {
		for _, f := range byRoot[root] {
			work <- f
		}
	}
	close(work)
	wg.Wait()
	return errors.Join(lintErr...)
}

// report judges each file and writes a line for it: OK or FAIL, with
// the reasons and the warnings. skipped counts the files passed over.
// report returns an error when a file failed, or when there was none.
func report(files []*sitemap, schema bool, skipped int) (string, error) {
	var out strings.Builder
	passed, failed := 0, 0
	for _, f := range files {
		if f.skip {
			continue
		}
		if f.root == "urlset" || f.root == "sitemapindex" {
			f.judge(schema)
		}
		label := f.label()
		warn := ""
		if len(f.warn) > 0 {
			warn = " WARNING: " + strings.Join(f.warn, "; ")
		}
		if len(f.fail) > 0 {
			failed++
			if label != "" {
				label = " (" + label + ")"
			}
			fmt.Fprintf(&out, "FAIL %s%s: %s%s\n", f.path, label, strings.Join(f.fail, "; "), warn)
			continue
		}
		passed++
		fmt.Fprintf(&out, "OK   %s (%s)%s\n", f.path, label, warn)
	}
	fmt.Fprintf(&out, "%d passed, %d failed\n", passed, failed)
	switch {
	case passed+failed == 0:
		note := ""
		if skipped > 0 {
			note = fmt.Sprintf("; passed over %d other XML file(s)", skipped)
		}
		return out.String(), fmt.Errorf("no sitemap file found (looked for *.xml and *.xml.gz with root <urlset> or <sitemapindex>%s)", note)
	case failed > 0:
		return out.String(), fmt.Errorf("%d of %d sitemap files failed the check:\n%s", failed, passed+failed, out.String())
	}
	return out.String(), nil
}

// label says what f is in the report: its root, whether gzip, its count.
func (f *sitemap) label() string {
	label := ""
	if f.root == "urlset" || f.root == "sitemapindex" {
		label = f.root
	}
	switch {
	case f.gz && label != "":
		label += ", gzip"
	case f.gz && f.root == "": // not decompressed
		label = "gzip"
	}
	if f.count >= 0 {
		entry := "<url>"
		if f.root == "sitemapindex" {
			entry = "<sitemap>"
		}
		label += fmt.Sprintf(", %d %s", f.count, entry)
	}
	return label
}

// judge turns what the size, xmllint and the protocol's rules said of f
// into its reasons to fail, its warnings and its count.
func (f *sitemap) judge(schema bool) {
	if f.size > maxBytes {
		f.fail = append(f.fail, fmt.Sprintf("uncompressed size %d bytes exceeds %d", f.size, maxBytes))
	} else if f.size > warnBytes {
		f.warn = append(f.warn, fmt.Sprintf("uncompressed size %d bytes exceeds the older %d-byte limit", f.size, warnBytes))
	}
	if schema {
		s := f.schema
		msgs := s.messages
		if s.more > 0 {
			msgs = append(slices.Clip(msgs), fmt.Sprintf("... and %d more", s.more))
		}
		switch {
		case !s.said:
			// xmllint validates a file it could parse: no verdict is its
			// parser's error.
			if len(msgs) == 0 {
				msgs = []string{"xmllint said nothing of it"}
			}
			f.fail = append(f.fail, "not well-formed: "+strings.Join(msgs, "; "))
			return
		case !s.valid:
			f.fail = append(f.fail, "schema: "+strings.Join(msgs, "; "))
		}
	}
	f.count = f.proto.count
	if f.count > maxEntries {
		f.fail = append(f.fail, fmt.Sprintf("%d entries (the protocol allows at most %d per file)", f.count, maxEntries))
	}
	f.fail = append(f.fail, f.proto.problems...)
}

// collect lists the files to check: each path named, and the *.xml and
// *.xml.gz regular files under each folder named, sorted by path.
func collect(paths []string) ([]*sitemap, error) {
	var files []*sitemap
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, &sitemap{path: p, explicit: true})
			continue
		}
		// Paths as found under p as written ("./a.xml" under "."), as
		// find(1) says them.
		prefix := p
		if !os.IsPathSeparator(p[len(p)-1]) {
			prefix += string(filepath.Separator)
		}
		var found []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.Type().IsRegular() && (strings.HasSuffix(path, ".xml") || strings.HasSuffix(path, ".xml.gz")) {
				rel, err := filepath.Rel(p, path)
				if err != nil {
					return err
				}
				found = append(found, prefix+rel)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		slices.Sort(found)
		for _, path := range found {
			files = append(files, &sitemap{path: path})
		}
	}
	return files, nil
}

// gunzip decompresses the file at path into dst.
func gunzip(path, dst string) error {
	in, err := os.Open(path)
	if err != nil {
		return err
	}
	defer in.Close()
	zr, err := gzip.NewReader(bufio.NewReader(in))
	if err != nil {
		return err
	}
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, zr); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

var rootName = regexp.MustCompile(`^<(?:[A-Za-z_][\w.\-]*:)?([A-Za-z_][\w.\-]*)`)

// sniffRoot returns the local name of the root element of the XML file
// at path, read as text from its first 64 KiB past the prolog (the XML
// declaration, comments, processing instructions, a doctype), so that a
// file not well-formed further on is still known for a sitemap; "" when
// there is none.
func sniffRoot(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	buf := make([]byte, 64<<10)
	n, err := io.ReadFull(f, buf)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return "", err
	}
	s := decodeText(buf[:n])
	s = strings.TrimPrefix(s, "\ufeff")
	for {
		s = strings.TrimLeft(s, " \t\r\n")
		end := -1
		switch {
		case strings.HasPrefix(s, "<?"):
			if j := strings.Index(s, "?>"); j >= 0 {
				end = j + 2
			}
		case strings.HasPrefix(s, "<!--"):
			if j := strings.Index(s, "-->"); j >= 0 {
				end = j + 3
			}
		case strings.HasPrefix(s, "<!"):
			j := strings.IndexByte(s, '>')
			if b := strings.IndexByte(s, '['); b >= 0 && b < j { // an internal subset
				j = -1
				if k := strings.IndexByte(s[b:], ']'); k >= 0 {
					if e := strings.IndexByte(s[b+k:], '>'); e >= 0 {
						j = b + k + e
					}
				}
			}
			if j >= 0 {
				end = j + 1
			}
		default:
			if m := rootName.FindStringSubmatch(s); m != nil {
				return m[1], nil
			}
			return "", nil
		}
		if end < 0 {
			return "", nil
		}
		s = s[end:]
	}
}

// decodeText returns b as text: UTF-16 after its byte-order mark, else
// UTF-8 (invalid bytes replaced).
func decodeText(b []byte) string {
	var be bool
	switch {
	case bytes.HasPrefix(b, []byte{0xff, 0xfe}):
	case bytes.HasPrefix(b, []byte{0xfe, 0xff}):
		be = true
	default:
		return strings.ToValidUTF8(string(b), "\ufffd")
	}
	u := make([]uint16, 0, len(b)/2)
	for i := 0; i+1 < len(b); i += 2 {
		if be {
			u = append(u, uint16(b[i])<<8|uint16(b[i+1]))
		} else {
			u = append(u, uint16(b[i+1])<<8|uint16(b[i]))
		}
	}
	return string(utf16.Decode(u))
}

var lintMessage = regexp.MustCompile(`^([0-9]+): (?:element [^:]*: )?(?:Schemas validity error|parser error|namespace error|validity error) : `)

// xmllint validates files against the schema xsd with one xmllint
// process and records what it says of each. xmllint prints on stderr,
// file after file, its messages ("FILE:LINE: ...") and its verdict
// ("FILE validates", "FILE fails to validate"); a file it cannot parse
// gets its parser's messages and no verdict.
func xmllint(xsd string, files []*sitemap) error {
	args := []string{"--nonet", "--noout", "--schema", xsd}
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = f.work
		if strings.HasPrefix(names[i], "-") {
			names[i] = "." + string(filepath.Separator) + names[i]
		}
	}
	var stderr bytes.Buffer
	cmd := exec.Command("xmllint", append(args, names...)...)
	cmd.Stderr = &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
	case !errors.As(err, &ee):
		return fmt.Errorf("xmllint: %w", err)
	case ee.ExitCode() == 5:
		return fmt.Errorf("xmllint: the schema %s does not compile:\n%s", xsd, stderr.String())
	case ee.ExitCode() > 5 || ee.ExitCode() < 0:
		return fmt.Errorf("xmllint: %w\n%s", err, stderr.String())
	}

	cur := 0 // the file xmllint is at: its output follows the order given
	for line := range strings.Lines(stderr.String()) {
		line = strings.TrimRight(line, "\r\n")
		if strings.Contains(line, "Skipping import of schema located at") {
			continue // xhtml1-strict.xsd's own import of xml.xsd, already loaded
		}
		// The file of the line: the longest name it starts with, from
		// the current one on.
		at, rest := -1, ""
		for j := cur; j < len(names); j++ {
			if r, ok := strings.CutPrefix(line, names[j]); ok && (at < 0 || len(names[j]) > len(names[at])) {
				if r == " validates" || r == " fails to validate" || strings.HasPrefix(r, ":") {
					at, rest = j, r
				}
			}
		}
		if at < 0 {
			continue // a parser error's context: the line quoted, the caret
		}
		cur = at
		s := &files[at].schema
		switch rest {
		case " validates":
			s.said, s.valid = true, true
			cur = at + 1 // a file's verdict is its last line
		case " fails to validate":
			s.said = true
			cur = at + 1
		default:
			msg := lintMessage.ReplaceAllString(rest[1:], "line $1: ")
			msg = strings.ReplaceAll(msg, "{"+nsSitemap+"}", "")
			if len(s.messages) < maxSchema {
				s.messages = append(s.messages, msg)
			} else {
				s.more++
			}
		}
	}
	return nil
}

// checkProtocol checks the file at path for the protocol's rules beyond
// the schema, streaming it through encoding/xml.
func checkProtocol(path string) (res protoResult) {
	problems := 0
	problem := func(format string, args ...any) {
		problems++
		if len(res.problems) < maxReasons {
			res.problems = append(res.problems, fmt.Sprintf(format, args...))
		}
	}
	defer func() {
		if problems > len(res.problems) {
			res.problems = append(res.problems, fmt.Sprintf("... and %d more <loc>/href problems", problems-len(res.problems)))
		}
	}()

	f, err := os.Open(path)
	if err != nil {
		problem("%v", err)
		return res
	}
	defer f.Close()
	var r io.Reader = bufio.NewReaderSize(f, 64<<10)
	if bom, _ := r.(*bufio.Reader).Peek(2); bytes.Equal(bom, []byte{0xff, 0xfe}) || bytes.Equal(bom, []byte{0xfe, 0xff}) {
		problem("file starts with a UTF-16 byte-order mark; sitemaps must be UTF-8")
		data, err := io.ReadAll(r)
		if err != nil {
			problem("%v", err)
			return res
		}
		r = strings.NewReader(decodeText(data)) // read on as UTF-8, to check the rest
	}
	d := xml.NewDecoder(r)
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) {
		// Reported at the declaration; read on as ISO-8859-1, which
		// takes any byte, to check the rest.
		return latin1{bufio.NewReader(r)}, nil
	}
	var (
		stack []xml.Name
		loc   *strings.Builder
		line  int
	)
	isEntry := func(n xml.Name) bool { return n.Space == nsSitemap && (n.Local == "url" || n.Local == "sitemap") }
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			problem("not well-formed (encoding/xml): %v", err)
			break
		}
		switch t := tok.(type) {
		case xml.ProcInst:
			if t.Target == "xml" {
				if enc := declared(string(t.Inst), "encoding"); enc != "" && !strings.EqualFold(enc, "utf-8") {
					problem("declared encoding is %s; sitemaps must be UTF-8", enc)
				}
			}
		case xml.StartElement:
			stack = append(stack, t.Name)
			l, _ := d.InputPos()
			switch {
			case len(stack) == 2 && isEntry(t.Name):
				res.count++
			case len(stack) == 3 && t.Name == (xml.Name{Space: nsSitemap, Local: "loc"}) && isEntry(stack[1]):
				loc, line = new(strings.Builder), l
			}
			if t.Name == (xml.Name{Space: nsXHTML, Local: "link"}) {
				for _, a := range t.Attr {
					if a.Name == (xml.Name{Local: "href"}) {
						// An app's deep link is an alternate Google documents.
						if v := strings.ToLower(strings.TrimSpace(a.Value)); strings.HasPrefix(v, "android-app://") || strings.HasPrefix(v, "ios-app://") {
							continue
						}
						if p := urlProblem(strings.TrimSpace(a.Value)); p != "" {
							problem("line %d: xhtml:link href %s", l, p)
						}
					}
				}
			}
		case xml.CharData:
			if loc != nil {
				loc.Write(t)
			}
		case xml.EndElement:
			if loc != nil && len(stack) == 3 {
				if p := urlProblem(strings.TrimSpace(loc.String())); p != "" {
					problem("line %d: <loc> %s", line, p)
				}
				loc = nil
			}
			stack = stack[:len(stack)-1]
		}
	}
	return res
}

// declared returns the value of the pseudo-attribute name of an XML
// declaration.
func declared(inst, name string) string {
	i := strings.Index(inst, name)
	if i < 0 {
		return ""
	}
	rest := strings.TrimLeft(inst[i+len(name):], " \t\r\n")
	rest, ok := strings.CutPrefix(rest, "=")
	if !ok {
		return ""
	}
	rest = strings.TrimLeft(rest, " \t\r\n")
	if rest == "" || rest[0] != '"' && rest[0] != '\'' {
		return ""
	}
	v, _, ok := strings.Cut(rest[1:], rest[:1])
	if !ok {
		return ""
	}
	return v
}

// urlProblem says what is wrong with v as a <loc> or an alternate's
// href, or "".
func urlProblem(v string) string {
	if v == "" {
		return "is empty"
	}
	if strings.ContainsFunc(v, unicode.IsSpace) {
		return fmt.Sprintf("contains whitespace: '%s'", short(v))
	}
	scheme, rest, ok := strings.Cut(v, "://")
	host := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		host = rest[:i]
	}
	if !ok || !strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https") || host == "" {
		return fmt.Sprintf("is not an absolute http(s) URL: '%s'", short(v))
	}
	if n := utf8.RuneCountInString(v); n >= maxLoc {
		return fmt.Sprintf("is %d characters long (must be less than %d)", n, maxLoc)
	}
	return ""
}

// short returns v for a message: newlines shown as \n, at most 80
// characters and "...".
func short(v string) string {
	v = strings.ReplaceAll(v, "\n", `\n`)
	if r := []rune(v); len(r) > 80 {
		return string(r[:80]) + "..."
	}
	return v
}

// latin1 reads ISO-8859-1 as UTF-8.
type latin1 struct{ r *bufio.Reader }

func (l latin1) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		b, err := l.r.ReadByte()
		if err != nil {
			if n > 0 {
				return n, nil
			}
			return 0, err
		}
		if b >= utf8.RuneSelf && n+2 > len(p) {
			l.r.UnreadByte()
			break
		}
		n += utf8.EncodeRune(p[n:], rune(b))
	}
	if n == 0 {
		return 0, io.ErrShortBuffer
	}
	return n, nil
}
