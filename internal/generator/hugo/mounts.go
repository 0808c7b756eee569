package hugo

import (
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// applyMounts reads the content folders that the project's module.mounts
// give, from the configuration's module table v, which file set. When a
// mount's target is Hugo's content, the mounts are the content, and
// contentDir and the languages' contentDir are not read (Hugo 0.111,
// modules/config.go, ApplyProjectConfigDefaults: a component a mount
// configures takes no folder from the legacy settings). Each such mount
// is a content folder as a language's contentDir is (Hugo makes those
// mounts too): source is its folder, relative to the project folder;
// lang, its language, or none for a folder of every language, whose
// files' names tell theirs (about.fr.md). The Docsy user guide mounts
// content/en at content.
//
// Not read, so their pages are not joined: a mount into a folder of the
// content (target content/blog), a second folder of every language, a
// source outside the project folder; and includeFiles and excludeFiles.
// When no mount is read, contentDir is read as before.
func (h *Preset) applyMounts(v any, file string) {
	m, _ := v.(map[string]any)
	list, _ := m["mounts"].([]any)
	var dirs []contentMount
	for _, e := range list {
		mt, _ := e.(map[string]any)
		source, _ := mt["source"].(string)
		target, _ := mt["target"].(string)
		lang, _ := mt["lang"].(string)
		target = path.Clean(strings.Trim(filepath.ToSlash(target), "/"))
		if target != "content" && !strings.HasPrefix(target, "content/") {
			continue // another component: layouts, static, assets …
		}
		dirs = append(dirs, contentMount{dir: path.Clean(filepath.ToSlash(source)), lang: strings.ToLower(lang), whole: target == "content"})
	}
	dirs = slices.DeleteFunc(dirs, func(d contentMount) bool {
		return !d.whole || d.dir == "." || !filepath.IsLocal(filepath.FromSlash(d.dir))
	})
	if len(dirs) == 0 {
		return // none read: contentDir stays what the join reads, as before
	}
	h.MountsFrom, h.ContentDir, h.LangContentDirs = file, "", nil
	for _, d := range dirs {
		switch {
		case d.lang == "" && h.ContentDir == "":
			h.ContentDir = d.dir
		case d.lang != "" && h.LangContentDirs[d.lang] == "":
			if h.LangContentDirs == nil {
				h.LangContentDirs = map[string]string{}
			}
			h.LangContentDirs[d.lang] = d.dir
		}
	}
	if h.ContentDir == "" {
		// No folder of every language: the walk starts in the default
		// language's, and each language's is read as its own.
		h.ContentDir = h.LangContentDirs[h.defaultLang()]
		if h.ContentDir == "" {
			h.ContentDir = dirs[0].dir
		}
	}
}

// contentMount is a mount of module.mounts into Hugo's content: its
// source folder, its language ("" for every language), and whether its
// target is the content itself, not a folder of it.
type contentMount struct {
	dir, lang string
	whole     bool
}
