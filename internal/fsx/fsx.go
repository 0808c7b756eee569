package fsx

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// ErrOutside is the error of a file whose path inside its folder passes
// through a symbolic link out of the folder, or to an absolute path: it is
// not followed.
var ErrOutside = errors.New("a symbolic link out of its folder (or to an absolute path): not followed")

// ErrAbsolute is the error of a file whose path inside its folder passes
// through an absolute symbolic link to a place inside the folder: not
// followed either (a link inside a folder is followed only as a relative
// path), but not one out of it. errors.Is(ErrAbsolute, ErrOutside) holds.
var ErrAbsolute error = absoluteLink{}

type absoluteLink struct{}

func (absoluteLink) Error() string {
	return "an absolute symbolic link: not followed; make it relative"
}

func (absoluteLink) Is(target error) bool { return target == ErrOutside }

// ErrTooLarge is the error of a file larger than the bound the setting
// that covers it gives; the error names the file, the bound and the
// setting.
var ErrTooLarge = errors.New("larger than its bound")

// ErrNotRegular is the error of a file that is not a regular file (a
// FIFO, a device, a socket, a folder): it is not read.
var ErrNotRegular = errors.New("not a regular file")

// A Root is a folder whose files are opened only inside it. It is safe
// for use by several goroutines; Close releases it.
type Root struct {
	r   *os.Root
	dir string
}

// OpenRoot opens the folder dir, following dir itself as named.
func OpenRoot(dir string) (*Root, error) {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &Root{r: r, dir: dir}, nil
}

// Close releases the folder.
func (r *Root) Close() error { return r.r.Close() }

// Dir returns the folder's path, as it was named.
func (r *Root) Dir() string { return r.dir }

// Path returns the path of rel inside the folder, for messages.
func (r *Root) Path(rel string) string {
	if rel == "." || rel == "" {
		return r.dir
	}
	return filepath.Join(r.dir, filepath.FromSlash(rel))
}

// pathErr turns an error of the os.Root into one naming the file's whole
// path, with ErrOutside for a path that escapes the folder.
func (r *Root) pathErr(rel string, err error) error {
	if err == nil {
		return nil
	}
	op := "open"
	var pe *fs.PathError
	if errors.As(err, &pe) {
		op, err = pe.Op, pe.Err
		switch op {
		case "openat", "statat", "mkdirat":
			op = op[:len(op)-2]
		}
	}
	if escapes(err) {
		err = ErrOutside
		if r.absoluteInside(rel) {
			err = ErrAbsolute
		}
	}
	return &fs.PathError{Op: op, Path: r.Path(rel), Err: err}
}

// absoluteInside reports whether the first link out of the folder on the
// way to rel, as os.Root resolves it, is an absolute link whose target
// lies inside the folder, as named or as its real path (compared as
// written: nothing of the target is looked at).
func (r *Root) absoluteInside(rel string) bool {
	todo := strings.Split(filepath.ToSlash(rel), "/")
	var at []string // the folders resolved so far, no link among them
	for steps := 0; len(todo) > 0 && steps < 255; steps++ {
		name := todo[0]
		todo = todo[1:]
		switch name {
		case "", ".":
			continue
		case "..":
			if len(at) == 0 {
				return false // climbs out
			}
			at = at[:len(at)-1]
			continue
		}
		p := path.Join(append(at, name)...)
		fi, err := r.r.Lstat(filepath.FromSlash(p))
		if err != nil {
			return false
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			at = append(at, name)
			continue
		}
		target, err := r.r.Readlink(filepath.FromSlash(p))
		if err != nil {
			return false
		}
		if filepath.IsAbs(target) {
			target = filepath.Clean(target)
			abs, _ := filepath.Abs(r.dir)
			real, _ := filepath.EvalSymlinks(abs)
			return within(target, abs) || real != "" && within(target, real)
		}
		todo = append(strings.Split(filepath.ToSlash(target), "/"), todo...)
	}
	return false
}

// within reports whether p is dir or a path inside it.
func within(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, dir+string(filepath.Separator)) || dir == string(filepath.Separator)
}

// escapes reports whether err is os.Root's refusal of a path out of its
// folder, which os does not export, or wraps it (MkdirAll's refusal is a
// stat's inside a mkdir's).
func escapes(err error) bool {
	for ; err != nil; err = errors.Unwrap(err) {
		if err.Error() == "path escapes from parent" {
			return true
		}
	}
	return false
}

// Open opens the regular file rel inside the folder for reading, at
// most max bytes of it: a Read past them is a [TooLarge] error naming key,
// the setting that gives max. Anything but a regular file is an
// ErrNotRegular error, found without blocking.
func (r *Root) Open(rel string, max int64, key string) (*File, error) {
	f, err := r.r.OpenFile(filepath.FromSlash(rel), os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, r.pathErr(rel, err)
	}
	return regular(f, r.Path(rel), max, key)
}

// ReadFile reads the regular file rel inside the folder whole, when it
// holds at most max bytes; a larger one is a [TooLarge] error naming key,
// found having read no more than max+1 bytes of it.
func (r *Root) ReadFile(rel string, max int, key string) ([]byte, error) {
	f, err := r.Open(rel, int64(max), key)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.readAll()
}

// Stat returns what rel inside the folder is, following links inside it.
func (r *Root) Stat(rel string) (fs.FileInfo, error) {
	fi, err := r.r.Stat(filepath.FromSlash(rel))
	return fi, r.pathErr(rel, err)
}

// Lstat returns what rel inside the folder is, a link itself when it is
// one.
func (r *Root) Lstat(rel string) (fs.FileInfo, error) {
	fi, err := r.r.Lstat(filepath.FromSlash(rel))
	return fi, r.pathErr(rel, err)
}

// Chtimes sets the access and modification times of the regular file rel
// inside the folder, never through a link: a link, or anything but a
// regular file, is left as it is, with an error.
func (r *Root) Chtimes(rel string, t time.Time) error {
	fi, err := r.Lstat(rel)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return &fs.PathError{Op: "chtimes", Path: r.Path(rel), Err: fmt.Errorf("%w (%s)", ErrNotRegular, Describe(fi.Mode()))}
	}
	return r.pathErr(rel, r.r.Chtimes(filepath.FromSlash(rel), t, t))
}

// ReadDir returns the entries of the folder rel inside the folder, in
// the order of their names. An entry's type is the listing's (see
// listDir); its Info is asked of the folder when called, through r,
// which must be open then.
func (r *Root) ReadDir(rel string) ([]fs.DirEntry, error) {
	ents, err := r.readDir(rel, r)
	return ents, r.pathErr(rel, err)
}

// WalkDir walks the tree at rel inside the folder as fs.WalkDir does, in
// lexical order, calling fn with each path relative to the folder, with
// slashes. Links are handed to fn as links, never followed.
func (r *Root) WalkDir(rel string, fn fs.WalkDirFunc) error {
	return fs.WalkDir(r.r.FS(), slashRel(rel), fn)
}

func slashRel(rel string) string {
	if rel == "" {
		return "."
	}
	return filepath.ToSlash(rel)
}

// ReadFile reads the regular file rel inside the folder dir, at most max
// bytes: [Root.ReadFile] on a Root opened for the call.
func ReadFile(dir, rel string, max int, key string) ([]byte, error) {
	r, err := OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.ReadFile(rel, max, key)
}

// Open opens the regular file rel inside the folder dir, bounded by max:
// [Root.Open] on a Root opened for the call. The file stays readable
// after the folder is released.
func Open(dir, rel string, max int64, key string) (*File, error) {
	r, err := OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.Open(rel, max, key)
}

// Stat is [Root.Stat] in the folder dir.
func Stat(dir, rel string) (fs.FileInfo, error) {
	r, err := OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.Stat(rel)
}

// Lstat is [Root.Lstat] in the folder dir.
func Lstat(dir, rel string) (fs.FileInfo, error) {
	r, err := OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.Lstat(rel)
}

// Chtimes is [Root.Chtimes] in the folder dir.
func Chtimes(dir, rel string, t time.Time) error {
	r, err := OpenRoot(dir)
	if err != nil {
		return err
	}
	defer r.Close()
	return r.Chtimes(rel, t)
}

// ReadDir is [Root.ReadDir] in the folder dir; an entry's Info opens the
// folder again.
func ReadDir(dir, rel string) ([]fs.DirEntry, error) {
	r, err := OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	ents, err := r.readDir(rel, nil)
	return ents, r.pathErr(rel, err)
}

// OpenNamed opens the regular file at path, a path the user named (a
// flag's value, a command's argument), followed wherever it points;
// reads of it are bounded by max as [Root.Open]'s are.
func OpenNamed(path string, max int64, key string) (*File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	return regular(f, path, max, key)
}

// AppendNamed adds data at the end of the file at path, a path the user
// named (diff's --summary: the job summary the runner names), made when
// it does not exist; anything but a regular file is refused, found
// without blocking ([ErrNotRegular]).
func AppendNamed(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|nonBlock, 0o644)
	if err != nil {
		return err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = &fs.PathError{Op: "write", Path: path, Err: fmt.Errorf("%w (%s)", ErrNotRegular, Describe(st.Mode()))}
	}
	if err == nil {
		_, err = f.Write(data)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// ReadNamed reads the regular file at path, a path the user named, when
// it holds at most max bytes, as [Root.ReadFile] does.
func ReadNamed(path string, max int, key string) ([]byte, error) {
	f, err := OpenNamed(path, int64(max), key)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.readAll()
}

// StatNamed returns what the path the user named is, followed.
func StatNamed(path string) (fs.FileInfo, error) { return os.Stat(path) }

// SamePath reports whether the paths a and b name one file or folder: as
// written, or by their absolute paths. Nothing is read.
func SamePath(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	aa, errA := filepath.Abs(a)
	bb, errB := filepath.Abs(b)
	return errA == nil && errB == nil && aa == bb
}

// LstatNamed returns what the path the user named is, a link itself when
// it is one.
func LstatNamed(path string) (fs.FileInfo, error) { return os.Lstat(path) }

// regular returns f as a File bounded by max when it is a regular file,
// else closes it and returns an ErrNotRegular error naming path.
func regular(f *os.File, path string, max int64, key string) (*File, error) {
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w (%s)", ErrNotRegular, Describe(st.Mode()))}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return &File{f: f, b: Bounded{R: f, Name: path, Max: max, Left: max, Key: key}}, nil
}

// A File is an open regular file whose reads are bounded: past its bound,
// Read returns a [TooLarge] error.
type File struct {
	f *os.File
	b Bounded
}

// Read reads from the file; reading past the bound is an error that
// names the file, the bound and the setting that gives it.
func (f *File) Read(p []byte) (int, error) { return f.b.Read(p) }

// Bounded reads R, at most Max bytes of it: reading past them is a
// [TooLarge] error naming Name and the setting Key. Left is what may
// still be read. The walker's road reads pages and sources with it, as
// the door reads a File.
type Bounded struct {
	R         io.Reader
	Name, Key string
	Max, Left int64
}

// Bound returns r read within max bytes, as [Bounded] reads.
func Bound(r io.Reader, name string, max int64, key string) *Bounded {
	return &Bounded{R: r, Name: name, Max: max, Left: max, Key: key}
}

// Read reads from R; reading past the bound is an error that names the
// file, the bound and the setting that gives it.
func (b *Bounded) Read(p []byte) (int, error) {
	if int64(len(p)) > b.Left+1 {
		p = p[:b.Left+1]
	}
	n, err := b.R.Read(p)
	b.Left -= int64(n)
	if b.Left < 0 {
		b.Left = 0
		return n - 1, TooLarge(b.Name, b.Max, b.Key)
	}
	return n, err
}

// Seek sets the offset of the next Read; the bound counts from the
// file's start.
func (f *File) Seek(offset int64, whence int) (int64, error) {
	off, err := f.f.Seek(offset, whence)
	if err == nil {
		f.b.Left = max(f.b.Max-off, 0)
	}
	return off, err
}

// Stat returns what the open file is.
func (f *File) Stat() (fs.FileInfo, error) { return f.f.Stat() }

// Name returns the file's path, as messages name it.
func (f *File) Name() string { return f.b.Name }

// Close closes the file.
func (f *File) Close() error { return f.f.Close() }

// readAll reads the rest of the file, sized by its length when it is
// within the bound.
func (f *File) readAll() ([]byte, error) {
	size := 512
	if st, err := f.f.Stat(); err == nil {
		off, _ := f.f.Seek(0, io.SeekCurrent)
		switch {
		case st.Size()-off > f.b.Left:
			// Larger than the bound already: said at once, nothing read
			// (a sparse file of gigabytes costs nothing).
			f.b.Left = 0
			return nil, TooLarge(f.b.Name, f.b.Max, f.b.Key)
		case st.Size() > off:
			size = int(st.Size()-off) + 1
		}
	}
	data := make([]byte, 0, size)
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		switch {
		case err == io.EOF:
			return data, nil
		case err != nil:
			return data, err
		case len(data) == cap(data):
			data = append(data, 0)[:len(data)]
		}
	}
}

// Placed returns err, an error of the door, as the problem of the file it
// names: "path: what is wrong", as messages put it (a *diag.Diagnostic
// wrapping err). An error that names no file is returned as it is.
func Placed(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return &diag.Diagnostic{File: pe.Path, Msg: pe.Err.Error(), Err: err}
	}
	return err
}

// TooLarge is the error for the file name, larger than max bytes, the
// limit the setting key gives.
func TooLarge(name string, max int64, key string) error {
	return &diag.Diagnostic{File: name, Msg: fmt.Sprintf("larger than %d bytes (%s)", max, key), Err: ErrTooLarge}
}

// Describe names the kind of file m is, for a message: "a FIFO", "a
// socket", "a device", "a folder", "a symbolic link", else its mode.
func Describe(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a folder"
	}
	return "mode " + m.Type().String()
}

// DirFS returns the folder dir as an fs.FS for the code that takes one
// (doublestar's globs, fs.WalkDir, fs.ReadFile): each call opens the
// folder as a Root, so no path leaves it; a file opened is a regular file
// whose reads are bounded by max, as [Root.Open]'s are; a folder opened
// can be listed. Links are never followed by fs.WalkDir, which takes them
// from the folders' entries.
func DirFS(dir string, max int64, key string) fs.FS { return dirFS{dir, max, key} }

type dirFS struct {
	dir string
	max int64
	key string
}

var (
	_ fs.FS         = dirFS{}
	_ fs.StatFS     = dirFS{}
	_ fs.ReadDirFS  = dirFS{}
	_ fs.ReadFileFS = dirFS{}
)

func (d dirFS) check(op, name string) error {
	if !fs.ValidPath(name) {
		return &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	return nil
}

func (d dirFS) Open(name string) (fs.File, error) {
	if err := d.check("open", name); err != nil {
		return nil, err
	}
	r, err := OpenRoot(d.dir)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	f, err := r.r.OpenFile(filepath.FromSlash(name), os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, r.pathErr(name, err)
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return f, nil
	}
	return regular(f, r.Path(name), d.max, d.key)
}

func (d dirFS) Stat(name string) (fs.FileInfo, error) {
	if err := d.check("stat", name); err != nil {
		return nil, err
	}
	return Stat(d.dir, name)
}

func (d dirFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if err := d.check("readdir", name); err != nil {
		return nil, err
	}
	return ReadDir(d.dir, name)
}

func (d dirFS) ReadFile(name string) ([]byte, error) {
	if err := d.check("read", name); err != nil {
		return nil, err
	}
	return ReadFile(d.dir, name, int(d.max), d.key)
}
