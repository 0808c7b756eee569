// Package conffile reads the configuration files of the generators that
// keep one (Hugo's, Jekyll's, MkDocs'): inside the project folder,
// through the one door, within the limits; a YAML error turned into a
// diagnostic that names the file and the line.
package conffile

import (
	"errors"
	"io/fs"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// ReadIn reads the settings file rel ("/" separators) of the folder dir
// within the limits lim, inside dir through the one door: never through a
// link out of dir, only a regular file, never waiting on one. Its errors
// are *diag.Diagnostic naming the file as name: "hugo.toml: a symbolic
// link out of its folder (or to an absolute path): not followed".
func ReadIn(dir, rel, name string, syn limits.Syntax, lim limits.Limits) ([]byte, error) {
	data, err := lim.ReadFile(dir, rel, name, syn)
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return nil, &diag.Diagnostic{File: name, Msg: pe.Err.Error(), Err: err}
	}
	return data, err
}

// IsFile reports whether rel ("/" separators) names a file of the folder
// dir to read: a regular file, or one that reading refuses and names (a
// link out of dir, a FIFO). A folder is none, nor is a path through a
// folder that is a link out of dir (a docs/ shared with another project),
// where no file of the project can be.
func IsFile(dir, rel string) bool {
	fi, err := fsx.Stat(dir, rel)
	if errors.Is(err, fsx.ErrOutside) {
		fi, err = fsx.Lstat(dir, rel) // the file itself a link out, or a folder on its way
	}
	return err == nil && !fi.IsDir()
}

// yamlLineRE is the line a yaml.v3 error names.
var yamlLineRE = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// YAMLError turns a yaml.v3 error into a diag.Diagnostic with the line it
// names. A TypeError may name several lines; the first is used and the
// others stay in the message.
func YAMLError(name string, err error) error {
	var msgs []string
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	} else {
		msgs = []string{err.Error()}
	}
	ce := &diag.Diagnostic{File: name, Err: err}
	for i, msg := range msgs {
		msg = strings.TrimPrefix(msg, "yaml: ")
		if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
			if i == 0 {
				ce.Line, _ = strconv.Atoi(m[1])
				msg = m[2]
			}
		}
		if i == 0 {
			ce.Msg = msg
		} else {
			ce.Msg += "; " + msg
		}
	}
	return ce
}
