package registry_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestDetectThroughTheDoor: a generator's files are read inside the
// project folder through the one door. A configuration linked to a file
// beside the project (or to /dev/zero), a FIFO, a configuration folder
// linked out, is refused at once with an error that names it and says
// why; the file outside is never read (its token never shows, its base
// URL never counts). MkDocs' INHERIT of a file outside the project is a
// note, not a read.
func TestDetectThroughTheDoor(t *testing.T) {
	const token = "secret-token"
	outside := t.TempDir()
	write(t, filepath.Join(outside, "hugo.toml"), "baseURL = 'https://"+token+".site/'\n")
	write(t, filepath.Join(outside, "base.yml"), "site_url: https://"+token+".site/\n")
	write(t, filepath.Join(outside, "config", "_default", "hugo.toml"), "baseURL = 'https://"+token+".site/'\n")
	fifo := func(t *testing.T, p string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name  string
		files map[string]string
		make  func(t *testing.T, dir string)
		err   string // in the error; "" for none
		is    error
		note  string // in a note, without an error
	}{
		{name: "hugo.toml linked to a file outside",
			make: func(t *testing.T, dir string) {
				symlink(t, filepath.Join(outside, "hugo.toml"), filepath.Join(dir, "hugo.toml"))
			},
			err: "hugo.toml: a symbolic link out of its folder (or to an absolute path): not followed", is: fsx.ErrOutside},
		{name: "hugo.toml linked relatively out",
			make: func(t *testing.T, dir string) {
				rel, _ := filepath.Rel(dir, filepath.Join(outside, "hugo.toml"))
				symlink(t, rel, filepath.Join(dir, "hugo.toml"))
			},
			err: "hugo.toml: a symbolic link out of its folder (or to an absolute path): not followed", is: fsx.ErrOutside},
		{name: "package.json linked to /dev/zero",
			make: func(t *testing.T, dir string) { symlink(t, "/dev/zero", filepath.Join(dir, "package.json")) },
			err:  "package.json: a symbolic link out of its folder (or to an absolute path): not followed", is: fsx.ErrOutside},
		{name: "a FIFO _config.yml",
			make: func(t *testing.T, dir string) { fifo(t, filepath.Join(dir, "_config.yml")) },
			err:  "_config.yml: not a regular file (a FIFO)", is: fsx.ErrNotRegular},
		{name: "a FIFO astro.config.mjs",
			make: func(t *testing.T, dir string) { fifo(t, filepath.Join(dir, "astro.config.mjs")) },
			err:  "astro.config.mjs: not a regular file (a FIFO)", is: fsx.ErrNotRegular},
		{name: "config/ linked out",
			files: map[string]string{"hugo.toml": "title = 'x'\n"},
			make: func(t *testing.T, dir string) {
				symlink(t, filepath.Join(outside, "config"), filepath.Join(dir, "config"))
			},
			err: "config/_default: a symbolic link out of its folder (or to an absolute path): not followed", is: fsx.ErrOutside},
		{name: "mkdocs INHERIT of a file outside",
			files: map[string]string{"mkdocs.yml": "INHERIT: ../" + filepath.Base(outside) + "/base.yml\n"},
			note:  "INHERIT names ../" + filepath.Base(outside) + "/base.yml, outside the project folder: not read"},
		{name: "mkdocs INHERIT through a folder linked out",
			files: map[string]string{"mkdocs.yml": "INHERIT: shared/base.yml\n"},
			make:  func(t *testing.T, dir string) { symlink(t, outside, filepath.Join(dir, "shared")) },
			note:  "INHERIT names shared/base.yml, through a folder linked out of the project folder: not read"},
		{name: "mkdocs INHERIT of a link out",
			files: map[string]string{"mkdocs.yml": "INHERIT: base.yml\n"},
			make: func(t *testing.T, dir string) {
				symlink(t, filepath.Join(outside, "base.yml"), filepath.Join(dir, "base.yml"))
			},
			note: "INHERIT names base.yml: a symbolic link out of its folder (or to an absolute path): not followed; not read"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(filepath.Dir(outside), "project-"+strings.NewReplacer(" ", "-", "/", "_").Replace(tc.name))
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.RemoveAll(dir) })
			for name, text := range tc.files {
				write(t, filepath.Join(dir, filepath.FromSlash(name)), text)
			}
			if tc.make != nil {
				tc.make(t, dir)
			}
			type result struct {
				found []generator.Detected
				err   error
			}
			done := make(chan result, 1)
			go func() {
				found, err := registry.Detect(dir, limits.Default)
				done <- result{found, err}
			}()
			var r result
			select {
			case r = <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("Detect waits on a file")
			}
			all := gentest.Format(r.found)
			if r.err != nil {
				all += "\n" + r.err.Error()
			}
			if strings.Contains(all, token) {
				t.Errorf("a file outside the project was read:\n%s", all)
			}
			if tc.err != "" {
				if r.err == nil || !errors.Is(r.err, tc.is) || !strings.Contains(filepath.ToSlash(r.err.Error()), tc.err) {
					t.Errorf("Detect = %s, %v; want an error saying %q", gentest.Format(r.found), r.err, tc.err)
				}
				return
			}
			if r.err != nil || len(r.found) != 1 || !strings.Contains(strings.Join(r.found[0].Notes, "\n"), tc.note) {
				t.Errorf("Detect = %s, %v; want a note saying %q", all, r.err, tc.note)
			}
		})
	}
}

// TestDetectBesideLinkedFolders: a folder of the project linked out of it
// (a docs/ shared with another project) is not entered to look for a
// generator's files: a project with such a docs/ and config/ is the
// generator's its own files say, and no error; the files behind the link
// are not read.
func TestDetectBesideLinkedFolders(t *testing.T) {
	outside := t.TempDir()
	write(t, filepath.Join(outside, "conf.py"), "project = 'secret-token'\nhtml_baseurl = 'https://secret-token.site/'\n")
	write(t, filepath.Join(outside, ".vitepress", "config.mts"), "export default { sitemap: { hostname: 'https://secret-token.site/' } }\n")
	dir := t.TempDir()
	write(t, filepath.Join(dir, "mkdocs.yml"), "site_url: https://m.site/\n")
	symlink(t, outside, filepath.Join(dir, "docs"))
	symlink(t, outside, filepath.Join(dir, "config")) // another tool's
	found, err := registry.Detect(dir, limits.Default)
	if err != nil || len(found) != 1 || found[0].Name() != "mkdocs" || strings.Contains(gentest.Format(found), "secret-token") {
		t.Errorf("Detect = %s, %v; want MkDocs' alone", gentest.Format(found), err)
	}
}

// write writes data to the file path, making its folder.
func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// symlink makes path a symbolic link to target, making its folder.
func symlink(t *testing.T, target, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
}
