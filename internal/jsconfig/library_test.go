package jsconfig

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/limits"
	tparse "github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/js"
)

// Why the readers of modules (jscode: Gatsby's gatsby-node and what it
// requires, Next.js's and Astro's routes, module resolution) keep the
// hand lexer rather than tdewolff's AST, measured:
//
//   - TypeScript: the parser refuses the TypeScript files the readers
//     read in the repository's own fixtures of real projects' shapes
//     (TestLibraryRefusesTypeScript); the readers take them.
//   - Bounds: the parser has no bound on nesting or on nodes; the lexer
//     stops at limits.nesting and limits.js_tokens (BenchmarkReaders'
//     deep input: the parser's recursion grows with the input).
//   - Cost: BenchmarkReaders, a 1 MB module: the hand lexer's tokens
//     against the parser's AST, time and bytes allocated.
//
// FuzzLexAgainstTdewolff holds the hand lexer to the library's lexer
// wherever both read.

// typeScriptFixtures are the TypeScript files of internal/e2e's fixtures
// (shapes of real projects': Next.js's routes and helpers, Astro's
// content configuration and collections).
func typeScriptFixtures(t testing.TB) []string {
	var files []string
	err := filepath.WalkDir("../e2e/testdata", func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "dist" || d.Name() == ".next") {
			return filepath.SkipDir
		}
		if ext := filepath.Ext(p); !d.IsDir() && (ext == ".ts" || ext == ".tsx" || ext == ".mts") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestLibraryRefusesTypeScript: the hand lexer reads every TypeScript
// fixture; the library's parser refuses those that hold TypeScript's own
// syntax (types), which a reader of a project's modules must take.
func TestLibraryRefusesTypeScript(t *testing.T) {
	files := typeScriptFixtures(t)
	if len(files) < 5 {
		t.Fatalf("%d TypeScript fixtures: the e2e fixtures are not where they were", len(files))
	}
	refused := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := lex(data, limits.Default); err != nil {
			t.Errorf("%s: the hand lexer: %v", f, err)
		}
		if _, err := js.Parse(tparse.NewInputBytes(data), js.Options{}); err != nil {
			refused++
		}
	}
	if refused == 0 {
		t.Errorf("the library's parser reads all %d TypeScript fixtures: the reason to keep the hand lexer for modules is gone; try its AST", len(files))
	}
	t.Logf("the library's parser refuses %d of %d TypeScript fixtures", refused, len(files))
}

// module is a module of n bytes or more, in the shapes the readers meet.
func module(n int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		b.WriteString("export const posts" + strconv.Itoa(i) + " = fs.readdirSync(path.join(process.cwd(), 'posts')).filter((f) => /\\.mdx?$/.test(f)).map((f) => ({ slug: f.replace(/\\.mdx?$/, ''), title: `Post ${f}` }));\n")
	}
	return b.Bytes()
}

// BenchmarkReaders reads a 1 MB module with the hand lexer, the library's
// lexer, and the library's parser (its AST, as a reader of structure
// would); and a module 10,000 brackets deep, which the hand lexer stops
// at limits.nesting and the parser descends into.
func BenchmarkReaders(b *testing.B) {
	src := module(1 << 20)
	b.Run("hand lexer", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			if _, err := lex(src, limits.Limits{SettingsBytes: 2 << 20, JSTokens: 1 << 22}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("library lexer", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			l := js.NewLexer(tparse.NewInputBytes(src))
			for {
				tt, _ := l.Next()
				if tt == js.ErrorToken {
					break
				}
				if tt == js.DivToken { // the readers' regular expressions
					l.RegExp()
				}
			}
		}
	})
	b.Run("library parser", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			if _, err := js.Parse(tparse.NewInputBytes(src), js.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	deep := []byte("export default " + strings.Repeat("[", 10000) + strings.Repeat("]", 10000))
	b.Run("deep/hand lexer", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := lex(deep, limits.Default); err == nil {
				b.Fatal("10,000 brackets deep read past limits.nesting")
			}
		}
	})
	b.Run("deep/library parser", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			js.Parse(tparse.NewInputBytes(deep), js.Options{})
		}
	})
}
