package validate

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Past a limit, Check stops reading the file and says where; the limits
// hold for a gzip that expands far past them and for a deep or wide
// document, with small limits here and the defaults in TestLimitSize.
func TestCheckLimits(t *testing.T) {
	deep := strings.Repeat("<x:a xmlns:x='urn:x'>", 20) + strings.Repeat("</x:a>", 20)
	for _, tt := range []struct {
		name, file, content string
		opts                Options
		want                string
	}{
		{
			name: "uncompressed bytes", file: "a.xml",
			content: urlset(urls(100)), opts: Options{MaxBytes: 1000},
			want: "a.xml:18: more than 1000 bytes: the protocol allows at most 1000 in one file; stopped reading here",
		},
		{
			name: "gzip bomb", file: "a.xml.gz",
			content: gz(urlset("<!--" + strings.Repeat("x", 1<<20) + "-->")), opts: Options{MaxBytes: 4096},
			want: "a.xml.gz:3: more than 4096 bytes uncompressed: the protocol allows at most 4096 in one file; stopped reading here",
		},
		{
			name: "compressed bytes", file: "a.xml.gz",
			content: stored(urlset(urls(20))), opts: Options{MaxBytes: 1240}, // 1,226 bytes, 1,254 stored
			want: "a.xml.gz:25: more than 1240 bytes compressed: the protocol allows at most 1240 in one file; stopped reading here",
		},
		{
			name: "depth", file: "a.xml",
			content: urlset("<url><loc>https://example.com/</loc>" + deep + "</url>"), opts: Options{MaxDepth: 10},
			want: "a.xml:3: elements nested more than 10 deep; stopped reading here",
		},
		{
			name: "depth at the default", file: "a.xml",
			content: urlset(strings.Repeat("<x:a xmlns:x='urn:x'>", MaxDepth)),
			want:    "a.xml:3: elements nested more than 64 deep; stopped reading here",
		},
		{
			name: "elements", file: "a.xml",
			content: urlset(urls(100)), opts: Options{MaxElements: 50},
			want: "a.xml:27: more than 50 elements; stopped reading here",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{tt.file: tt.content})
			problems, _, err := Check([]string{dir}, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(problems) != 1 || strings.TrimPrefix(plain(problems[0]), dir+string(filepath.Separator)) != tt.want {
				t.Errorf("problems: %v, want %q", problems, tt.want)
			}
		})
	}
}

// At the edge of MaxBytes, plain and gzipped files alike: the limit's
// own bytes pass, a byte more is reported, with the limit TestLimitSize
// checks at its default, small here.
func TestLimitEdge(t *testing.T) {
	const max = 4096
	for _, name := range []string{"a.xml", "a.xml.gz"} {
		for _, size := range []int64{max, max + 1, max + 2} {
			t.Run(fmt.Sprint(name, size), func(t *testing.T) {
				var b strings.Builder
				if err := writeSized(&b, size); err != nil {
					t.Fatal(err)
				}
				content, what := b.String(), ""
				if strings.HasSuffix(name, ".gz") {
					content, what = gz(content), " uncompressed"
				}
				dir := t.TempDir()
				writeFiles(t, dir, map[string]string{name: content})
				problems, _, err := Check([]string{dir}, Options{MaxBytes: max})
				if err != nil {
					t.Fatal(err)
				}
				want := ""
				if size > max {
					want = fmt.Sprintf("more than %d bytes%s: the protocol allows at most %d in one file; stopped reading here", max, what, max)
				}
				if got := strs(problems); len(problems) > 1 || len(problems) == 1 && problems[0].Msg != want || len(problems) == 0 && want != "" {
					t.Errorf("problems: %v, want %q", got, want)
				}
			})
		}
	}
}

// stored is s in a gzip stream without compression: longer than s.
func stored(s string) string {
	var b bytes.Buffer
	z, _ := gzip.NewWriterLevel(&b, gzip.NoCompression)
	z.Write([]byte(s))
	z.Close()
	return b.String()
}

// A file with more problems than are listed says how many more there are.
func TestCheckManyProblems(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.xml": urlset(strings.Repeat("<bad/>\n", maxProblems+5))})
	problems, _, err := Check([]string{dir}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) != maxProblems+1 || problems[0].Msg != "6 more element problems not listed" {
		t.Errorf("%d problems, first %v; want %d, first saying 6 more", len(problems), problems[0], maxProblems+1)
	}
}

// A FIFO or a device named on the command line is refused before anything
// is read: reading it would block, or never end.
func TestCheckNotRegular(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "sitemap.xml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ path, want string }{
		{fifo, fifo + ": not a regular file (a FIFO): validate reads only files and folders"},
		{"/dev/zero", "/dev/zero: not a regular file (a device): validate reads only files and folders"},
	} {
		if _, err := os.Stat(tt.path); err != nil {
			t.Fatal(err)
		}
		if _, _, err := Check([]string{tt.path}, Options{}); err == nil || err.Error() != tt.want {
			t.Errorf("Check(%s) = %v, want %q", tt.path, err, tt.want)
		}
	}
}

// A done context stops Check within a file, not after it.
func TestCheckContext(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.xml": urlset(urls(20000))})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	problems, checked, err := CheckContext(ctx, []string{filepath.Join(dir, "a.xml")}, Options{})
	if !errors.Is(err, context.Canceled) || checked != 0 || len(problems) != 0 {
		t.Errorf("CheckContext = %v, %d, %v; want context.Canceled and nothing checked", problems, checked, err)
	}
}
